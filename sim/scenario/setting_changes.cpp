#include "sim/scenario/setting_changes.hpp"

#include <algorithm>
#include <cstdlib>
#include <sstream>

namespace volley {

std::vector<std::string> split_assignments(const std::string& text) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t semi = text.find(';', start);
    std::string part = text.substr(start, semi == std::string::npos ? std::string::npos : semi - start);
    if (!part.empty()) out.push_back(part);
    if (semi == std::string::npos) break;
    start = semi + 1;
  }
  return out;
}

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

namespace {

// A --set value and the file's, the same setting however each is written (12 and 12.0, "always").
bool same_value(const std::string& given, const std::string& in_file) {
  if (given == in_file) return true;
  char* given_end = nullptr;
  char* file_end = nullptr;
  const double a = std::strtod(given.c_str(), &given_end), b = std::strtod(in_file.c_str(), &file_end);
  return !given.empty() && !in_file.empty() && *given_end == '\0' && *file_end == '\0' && a == b;
}

}  // namespace

SettingChanges setting_changes(const ScenarioDocument& file, const std::vector<std::string>& assignments) {
  SettingChanges said;
  for (const auto& assignment : assignments) {
    const auto eq = assignment.find('=');
    if (eq == std::string::npos) continue;
    const std::string key = assignment.substr(0, eq), value = assignment.substr(eq + 1), old = document_value(file, key);
    if (same_value(value, old)) said.as_in_file.push_back(key + " = " + value);
    else said.changed.push_back(key + " = " + value + (old.empty() ? " (not in the file: the default)" : " (the file: " + old + ")"));
  }
  return said;
}

std::string setting_changes_text(const SettingChanges& said) {
  std::string text;
  if (!said.changed.empty()) text += "settings changed from the scenario file:\n";
  for (const auto& line : said.changed) text += "  " + line + "\n";
  if (!said.as_in_file.empty()) text += "set as the scenario file already has them:\n";
  for (const auto& line : said.as_in_file) text += "  " + line + "\n";
  return text;
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
