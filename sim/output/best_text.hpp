#pragma once
// What `volley best` prints and writes as CSV, from its result document (docs/json-format.md:
// volley-best, volley-best-respond, volley-best-value): the best policy as --set assignments, its
// target against the file's policy with the paired difference, the candidates not distinguishable
// from the best, and every candidate of every race with its trials, estimate, interval and the round
// that eliminated it. Keys and values come from the scenario file: escaped for the terminal and CSV.
#include "sim/output/result_files.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace volley {

// best_study's progress: its "start" (the title, the space, how it is searched) and each "race" round
// (the bar's line, drawn over itself).
std::string best_start_text(const nlohmann::json& start);
std::string best_round_text(const nlohmann::json& round);

// Any of the three documents, as the command prints it; `quiet`: the answer lines only.
std::string best_text(const nlohmann::json& document, bool quiet);

// volley-best: every race (not with `quiet`), then the best policy and the headline lines.
std::string format_best(const nlohmann::json& search, bool quiet);

// volley-best-value: each side's best in the two games and the rule's paired worth; `quiet`: the worth only.
std::string format_rule_value(const nlohmann::json& value, bool quiet);

// volley-best-respond: each step's search, how the responses ended, and their cycle's matrix.
std::string format_responses(const nlohmann::json& responses);

// volley-best-respond's cycle: each of side S's policies against each of the other side's, S's target
// per cell, and each two cells of a row or a column paired ("" when the responses did not cycle).
std::string format_cycle_matrix(const nlohmann::json& responses);

// volley-best: one row per candidate of each race: race, candidate, label, trials, estimate, low,
// high, versus_best, versus_low, versus_high, eliminated_round, indistinguishable.
std::string best_csv(const nlohmann::json& search);

// --json, --csv (a single search's) and --report, each attempted, written atomically.
void write_best_outputs(const nlohmann::json& document, const ResultFiles& files);

}  // namespace volley
