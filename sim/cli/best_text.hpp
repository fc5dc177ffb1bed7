#pragma once
// What `volley best` prints and writes as CSV from its result (sim/run/best_search.hpp): the best
// policy as --set assignments, its target against the file's policy with the paired difference, the
// candidates not distinguishable from the best, and every candidate of every race with its trials,
// estimate, interval and the round that eliminated it. Keys and values come from the scenario file:
// escaped for the terminal and for CSV.
#include "sim/run/best_search.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace volley {

// best_study's progress: its "start" (the title, the space, how it is searched) and each "race" round
// (the bar's line, drawn over itself).
std::string best_start_text(const nlohmann::json& start);
std::string best_round_text(const nlohmann::json& round);

// The report; `quiet`: the best policy and the headline lines only.
std::string format_best(const BestResult& result, bool quiet);

// `--value`: each side's best in the two games and the rule's paired worth; `quiet`: the worth only.
std::string format_rule_value(const RuleValue& value, bool quiet);

// --respond: each step's search, how the responses ended, and their cycle's matrix.
std::string format_responses(const ResponseResult& responses);

// --respond's cycle: each of side S's policies against each of the other side's, S's target per cell
// ("" when the responses did not cycle).
std::string format_cycle_matrix(const ResponseResult& responses);

// One row per candidate of each race: race, candidate, label, trials, estimate, low, high,
// versus_best, versus_low, versus_high, eliminated_round, indistinguishable.
std::string best_csv(const BestResult& result);

}  // namespace volley
