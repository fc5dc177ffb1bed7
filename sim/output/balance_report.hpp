#pragma once
// `volley balance`'s result on the terminal, as CSV and as a plot, each from the volley-balance
// document (docs/json-format.md) that sim/study/balance_study.hpp makes.
#include "sim/output/plots.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace volley {

// The race in a few lines, then the answer: the settings that hold every goal (or those the budget
// left open, or the trade-off when the goals conflict), fewest keys changed first, each with every
// goal's estimate and interval. quiet: the answer alone.
std::string balance_text(const nlohmann::json& balance, bool quiet);
// One row per candidate: its values, verdict, trials and each goal's estimate and interval.
std::string balance_csv(const nlohmann::json& balance);
// Every candidate on the first two goals (estimates with their intervals; one goal: the goal against
// the candidate's order), the goals' bands shaded, the answer ringed and, in a conflict, the front joined.
PlotSpec balance_plot(const nlohmann::json& balance);

}  // namespace volley
