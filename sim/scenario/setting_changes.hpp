#pragma once
// Which settings of a run differ from its scenario file, said with the file's own value:
// "herero.policy = never (the file: always)". The header of run and compare prints them, so that a
// result read later says what was changed, not only the --set text. Keys address the document as
// --set does (list entries by name: german.units.Z1.figures).
#include "sim/scenario/scenario_document.hpp"

#include <string>
#include <vector>

namespace volley {

// The value a key has in the document, as TOML writes it (strings without quotes), or "" when the
// file does not set it (the rules' default applies).
std::string document_value(const ScenarioDocument& file, const std::string& key);

// One line per assignment KEY=VALUE: "KEY = VALUE (the file: OLD)", or "(not in the file: the default)".
std::vector<std::string> setting_changes(const ScenarioDocument& file, const std::vector<std::string>& assignments);

// What the file says for each key the assignments change, each key once: "herero.policy = always"
// (compare: the variants' keys, since its base is the file).
std::string file_values(const ScenarioDocument& file, const std::vector<std::string>& assignments);

}  // namespace volley
