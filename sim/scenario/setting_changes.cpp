#include "sim/scenario/setting_changes.hpp"

#include <algorithm>
#include <sstream>

namespace volley {

std::string document_value(const ScenarioDocument& file, const std::string& key) {
  const toml::node* at = &file.root();
  size_t start = 0;
  while (at != nullptr) {
    const size_t dot = key.find('.', start);
    const std::string part = key.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    const toml::node* next = nullptr;
    if (const auto* table = at->as_table()) {
      next = table->get(part);
    } else if (const auto* array = at->as_array()) {
      for (const auto& element : *array)  // list entries by name, as --set addresses them
        if (const auto* entry = element.as_table(); entry != nullptr && (*entry)["name"].value<std::string>() == part) next = &element;
    }
    at = next;
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  if (at == nullptr) return "";
  if (const auto* text = at->as_string()) return text->get();
  std::ostringstream out;
  at->visit([&](const auto& node) { out << node; });
  return out.str();
}

std::vector<std::string> setting_changes(const ScenarioDocument& file, const std::vector<std::string>& assignments) {
  std::vector<std::string> lines;
  for (const auto& assignment : assignments) {
    const auto eq = assignment.find('=');
    if (eq == std::string::npos) continue;
    const std::string key = assignment.substr(0, eq), old = document_value(file, key);
    lines.push_back(key + " = " + assignment.substr(eq + 1) + (old.empty() ? " (not in the file: the default)" : " (the file: " + old + ")"));
  }
  return lines;
}

std::string file_values(const ScenarioDocument& file, const std::vector<std::string>& assignments) {
  std::vector<std::string> seen;
  std::string said;
  for (const auto& assignment : assignments) {
    const std::string key = assignment.substr(0, assignment.find('='));
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
    seen.push_back(key);
    const std::string old = document_value(file, key);
    said += (said.empty() ? "" : ", ") + key + " = " + (old.empty() ? std::string("(not set: the default)") : old);
  }
  return said;
}

}  // namespace volley
