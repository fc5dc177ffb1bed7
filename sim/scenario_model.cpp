#include "sim/scenario_model.hpp"

#include "sim/embedded_scenarios.hpp"

#include <filesystem>

namespace volley {

std::unique_ptr<ScenarioModel> load_model(const ScenarioDocument& doc) {
  const auto kind = doc.root()["kind"].value<std::string>();
  if (!kind) {
    ScenarioError err;
    err.file = doc.name();
    err.key = "kind";
    err.message = "missing or not a string: expected kind = \"firefight\" or kind = \"barrage\"";
    throw ScenarioErrors({err});
  }
  if (*kind == "firefight") return load_firefight_model(doc);
  if (*kind == "barrage") return load_barrage_model(doc);
  ScenarioError err;
  err.file = doc.name();
  if (const auto* node = doc.root().get("kind")) {
    err.line = static_cast<int>(node->source().begin.line);
    err.column = static_cast<int>(node->source().begin.column);
  }
  err.key = "kind";
  err.message = "expected \"firefight\" or \"barrage\", got '" + *kind + "'";
  throw ScenarioErrors({err});
}

ScenarioDocument open_scenario(const std::string& argument, const std::vector<std::string>& sets) {
  ScenarioDocument doc = [&] {
    const std::string name = argument.empty() ? DefaultScenarioName : argument;
    if (std::filesystem::exists(name)) return ScenarioDocument::from_file(name);
    for (const auto& shipped : embedded_scenarios())
      if (name == shipped.name) return ScenarioDocument::from_string(shipped.text, std::string("scenarios/") + shipped.name + ".toml");
    ScenarioError err;
    err.file = name;
    err.message = "no such file, and no shipped scenario of that name";
    throw ScenarioErrors({err});
  }();
  for (const auto& set : sets) doc.apply_set(set);
  return doc;
}

}  // namespace volley
