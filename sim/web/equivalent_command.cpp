#include "sim/web/equivalent_command.hpp"

#include "sim/output/text_escaping.hpp"

#include <algorithm>
#include <charconv>

namespace volley {

namespace {

// A number as JSON wrote it, in its shortest form that reads back the same.
std::string number_text(const nlohmann::json& value) {
  if (value.is_number_unsigned()) return std::to_string(value.get<uint64_t>());
  if (value.is_number_integer()) return std::to_string(value.get<int64_t>());
  char text[32];
  return std::string(text, std::to_chars(text, text + sizeof text, value.get<double>()).ptr);
}

std::string word_of(const nlohmann::json& value) { return value.is_string() ? value.get<std::string>() : number_text(value); }

}  // namespace

std::string equivalent_command(const std::string& command, const nlohmann::json& body, uint64_t trials) {
  std::string line = "volley " + command;
  if (body.contains("text")) line += " scenario.toml";
  else if (body.contains("scenario")) line += " " + shell_word(body["scenario"].get<std::string>());
  for (const auto& [key, value] : body.items()) {
    if (key == "scenario" || key == "text" || key == "client" || key == "trials") continue;
    // A key is its option's name, with '_' for the option's '-' (policy_trials: --policy-trials).
    std::string name = key == "sets" ? "set" : key;
    std::replace(name.begin(), name.end(), '_', '-');
    const std::string option = " --" + name;
    if (key == "minimise") {
      if (value.get<bool>()) line += option;
    } else if (key == "vs") {
      std::string variant;
      for (const auto& a : value) variant += (variant.empty() ? "" : ";") + a.get<std::string>();
      line += option + " " + shell_word(variant);
    } else if (value.is_array()) {
      for (const auto& entry : value) line += option + " " + shell_word(word_of(entry));
    } else {
      line += option + " " + shell_word(word_of(value));
    }
  }
  return line + " --trials " + std::to_string(trials);
}

}  // namespace volley
