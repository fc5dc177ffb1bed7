#include "sim/output/run_text.hpp"

#include "analysis/balance_measures.hpp"
#include "analysis/digit_grouping.hpp"
#include "analysis/level_label.hpp"
#include "analysis/summary_table.hpp"
#include "analysis/text_format.hpp"

#include <algorithm>

namespace volley {

std::string run_text(const RunRecord& r, const SettingChanges& settings_changed, const std::vector<std::string>& decisions, bool quiet,
                     bool all_metrics) {
  std::string text;
  if (!quiet) {
    text += format_text("%s (%s)\n", r.scenario_title.c_str(), r.scenario_name.c_str());
    text += setting_changes_text(settings_changed);
    for (const auto& line : decisions) text += "plays " + line + "\n";
  }
  text += format_text("%s trials, seed %llu, %.2f s (%s trials/s)%s\n\n", grouped(static_cast<int64_t>(r.tally.trials())).c_str(),
                      static_cast<unsigned long long>(r.seed), r.seconds,
                      grouped(static_cast<double>(r.tally.trials()) / std::max(r.seconds, 1e-9)).c_str(), run_ending(r).c_str());
  if (r.tally.trials() == 0 && r.slice.count > 1)
    text += format_text("This shard (%llu/%llu) owns no block of this run: %llu blocks for %llu shards. Its file still merges.\n",
                        static_cast<unsigned long long>(r.slice.index + 1), static_cast<unsigned long long>(r.slice.count),
                        static_cast<unsigned long long>(r.blocks_total), static_cast<unsigned long long>(r.slice.count));
  ReportOptions report;
  report.level = r.level;
  report.headline_only = !all_metrics;
  report.histograms = report.per_turn = report.per_unit = !quiet;
  text += format_summary(r.tally, report);
  if (!quiet && r.tally.trials() > 0) text += balance_measures_text(r.tally, r.level);
  return text;
}

std::string balance_measures_text(const Tally& tally, double level) {
  const auto measures = balance_measures(tally, level);
  if (measures.empty()) return "";
  std::string text = format_text("\n%-34s %9s   %-21s\n", "balance measure", "estimate", (level_percent(level) + " interval").c_str());
  for (const auto& m : measures)
    text += format_text("%-34s %9.4f   %-21s %s\n", m.name.c_str(), m.interval.estimate,
                        format_text("[%.4f, %.4f]", m.interval.low, m.interval.high).c_str(), m.description.c_str());
  return text;
}

}  // namespace volley
