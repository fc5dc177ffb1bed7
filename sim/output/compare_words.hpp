#pragma once
// A compare's answer in the designer's words where the variants play different tactics (a side's
// win as the headline): "herero wins 5.0 points more often with normal fire (never, charging when in
// reach) than with schnellfeuer (always, charging in the reload turn): 72.9% against 67.9% (paired
// 95% interval 4.6 to 5.5 points)." The report's headline sentence says the same (sim/web/report.js).
#include "analysis/tally.hpp"
#include "sim/scenario/compare_job.hpp"

#include <string>
#include <vector>

namespace volley {

// One line per variant whose tactic differs from the base's; empty when none does, or the headline
// is not a side's win. `tactics`: each variant's, as ScenarioModel::tactic gives it.
std::string compare_in_words(const Tally& tally, const CompareJob& job, const std::string& headline, double level,
                             const std::vector<std::string>& tactics);

}  // namespace volley
