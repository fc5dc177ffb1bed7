#pragma once
// "did you mean": for a misspelled name (a command, a shipped scenario, a metric), the nearest valid
// names by edit distance, and the list of every valid one, so that a refusal says what to type.
#include <string>
#include <vector>

namespace volley {

// Optimal string alignment distance (insertions, deletions, substitutions, adjacent swaps).
size_t edit_distance(const std::string& a, const std::string& b);

// "did you mean 'osona'? (valid: herero-ambush, osona, ...)", or "(valid: ...)" when none is near:
// near means within a third of the word's length (at least 2 edits), or the word contained in one.
// `what`: the word for the list ("shipped scenarios", "commands").
std::string did_you_mean(const std::string& word, const std::vector<std::string>& valid, const std::string& what);

}  // namespace volley
