#include "sim/scenario/scenario_errors.hpp"

namespace volley {

std::string ScenarioError::format() const {
  std::string s = file.empty() ? "<scenario>" : file;
  if (line > 0) s += ":" + std::to_string(line) + ":" + std::to_string(column);
  s += ": ";
  if (!key.empty()) s += key + ": ";
  return s + message;
}

namespace {
std::string join(const std::vector<ScenarioError>& errors) {
  std::string s;
  for (const auto& e : errors) s += (s.empty() ? "" : "\n") + e.format();
  return s;
}
}  // namespace

ScenarioErrors::ScenarioErrors(std::vector<ScenarioError> errors) : std::runtime_error(join(errors)), errors_(std::move(errors)) {}

}  // namespace volley
