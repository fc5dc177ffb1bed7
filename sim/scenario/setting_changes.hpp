#pragma once
// Which settings of a run differ from its scenario file, said with the file's own value:
// "herero.policy = never (the file: always)". The header of run and compare prints them, so that a
// result read later says what was changed, not only the --set text. Keys address the document as
// --set does (list entries by name: german.units.Z1.figures).
#include "sim/scenario/scenario_document.hpp"

#include <string>
#include <vector>

namespace volley {

// A --vs text "a=1;b=2" as its assignments {"a=1", "b=2"}.
std::vector<std::string> split_assignments(const std::string& text);

// The value a key has in the document, as TOML writes it (strings without quotes), or "" when the
// file does not set it (the rules' default applies).
std::string document_value(const ScenarioDocument& file, const std::string& key);

// The assignments KEY=VALUE split by whether they change the file: a --set that gives a key the value
// the file already has is no change, and a header that listed it as one would mislead.
struct SettingChanges {
  std::vector<std::string> changed;     // "KEY = VALUE (the file: OLD)", or "(not in the file: the default)"
  std::vector<std::string> as_in_file;  // "KEY = VALUE": the value the file already has
};
SettingChanges setting_changes(const ScenarioDocument& file, const std::vector<std::string>& assignments);
// The header's lines: "settings changed from the scenario file:" and "set as the scenario file
// already has them:", each followed by its settings, indented; "" when there are none.
std::string setting_changes_text(const SettingChanges& said);

// What the file says for each key the assignments change, each key once: "herero.policy = always"
// (compare: the variants' keys, since its base is the file).
std::string file_values(const ScenarioDocument& file, const std::vector<std::string>& assignments);

}  // namespace volley
