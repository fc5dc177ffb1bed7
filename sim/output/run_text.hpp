#pragma once
// `volley run`'s report on the terminal: the scenario, the settings changed from its file, the trial
// count and how the run ended, then the estimates (analysis/summary_table.hpp).
#include "sim/record/run_record.hpp"
#include "sim/scenario/setting_changes.hpp"

#include <string>
#include <vector>

namespace volley {

// quiet: the line that says how many trials and the headline estimates, nothing else.
// all_metrics: every metric, not only the headline ones.
std::string run_text(const RunRecord& record, const SettingChanges& settings_changed, const std::vector<std::string>& decisions, bool quiet,
                     bool all_metrics);

// The balance measures (analysis/balance_measures.hpp), one a line with its interval; empty when the
// scenario has none.
std::string balance_measures_text(const Tally& tally, double level);

}  // namespace volley
