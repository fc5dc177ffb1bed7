#include "sim/output/compare_report.hpp"

#include "analysis/digit_grouping.hpp"
#include "analysis/level_label.hpp"
#include "analysis/paired_difference.hpp"
#include "analysis/summary_table.hpp"
#include "analysis/text_format.hpp"
#include "sim/output/atomic_file.hpp"
#include "sim/output/compare_ranking.hpp"
#include "sim/output/compare_words.hpp"
#include "sim/output/report_page.hpp"
#include "sim/output/output_batch.hpp"
#include "sim/output/output_extras.hpp"
#include "sim/output/plots.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace volley {

std::string format_compare(const Tally& tally, const CompareJob& job, const Schema& base_schema, const std::string& headline, double level,
                           const std::vector<std::string>& plays) {
  std::string out;
  const std::string percent = level_percent(level);
  for (size_t v = 1; v < job.variant_count(); ++v) {
    out += format_text("variant %zu against the base (%s intervals; difference = variant - base)\n", v, percent.c_str());
    if (v < plays.size()) out += format_text("  the base plays %s\n  variant %zu plays %s\n", plays[0].c_str(), v, plays[v].c_str());
    out += format_text("%-28s %-24s %-24s %-26s %9s %9s\n", "metric", "base", "variant", "difference (paired)", "unpaired", "var. red.");
    std::vector<double> reductions;
    for (const auto& spec : base_schema.metrics) {
      if (!spec.headline) continue;
      const long b = job.variant_metric(0, spec.name), o = job.variant_metric(v, spec.name), d = job.difference_metric(v, spec.name);
      if (b < 0 || o < 0 || d < 0) continue;
      const auto p = paired_difference(tally, static_cast<size_t>(b), static_cast<size_t>(o), static_cast<size_t>(d), level);
      const bool prob = spec.kind == MetricKind::Probability;
      const char* f = prob ? "%.4f [%.4f,%.4f]" : "%.3f [%.3f,%.3f]";
      out += format_text(
          "%-28s %-24s %-24s %-26s %9s %9s\n", spec.name.c_str(), format_text(f, p.base.estimate, p.base.low, p.base.high).c_str(),
          format_text(f, p.variant.estimate, p.variant.low, p.variant.high).c_str(),
          format_text(prob ? "%+.4f [%+.4f,%+.4f]" : "%+.3f [%+.3f,%+.3f]", p.paired.estimate, p.paired.low, p.paired.high).c_str(),
          format_text("+-%.4f", p.unpaired.half_width()).c_str(),
          std::isnan(p.variance_reduction)   ? "-"
          : std::isinf(p.variance_reduction) ? "inf"
                                             : format_text("%.2fx", p.variance_reduction).c_str());
      if (std::isfinite(p.variance_reduction)) reductions.push_back(p.variance_reduction);
    }
    const long b = job.variant_metric(0, headline), o = job.variant_metric(v, headline), d = job.difference_metric(v, headline);
    if (b >= 0 && o >= 0 && d >= 0) {
      const auto p = paired_difference(tally, static_cast<size_t>(b), static_cast<size_t>(o), static_cast<size_t>(d), level);
      const double var_d = p.per_trial_variance;
      out += format_text(
          "\n%s: difference %+.4f, paired %s interval [%+.4f, %+.4f] (+-%.4f); two independent runs of the same\n"
          "size would give +-%.4f. Pairing made the interval %.2f times narrower (variance reduction %.2fx).\n",
          headline.c_str(), p.paired.estimate, percent.c_str(), p.paired.low, p.paired.high, p.paired.half_width(), p.unpaired.half_width(),
          // Pairing's own share: against the paired interval before the luck adjustment.
          p.paired.half_width() > 0 ? p.unpaired.half_width() / (p.paired.half_width() * std::sqrt(p.control_reduction)) : 0.0,
          p.variance_reduction);
      if (!tally.controls().empty())
        out += format_text("Luck-adjusted (control variates): variance reduction %.2fx beyond pairing's %.2fx, %.2fx in all.\n",
                           p.control_reduction, p.variance_reduction, p.control_reduction * p.variance_reduction);
      if (var_d > 0)
        out += format_text("Trials for +-0.01 on this difference: %.0f paired, %.0f with two independent runs.\n",
                           trials_for_half_width(var_d, 0.01, level),
                           trials_for_half_width(var_d * p.control_reduction * p.variance_reduction, 0.01, level));
      if (p.paired.low > 0 || p.paired.high < 0) out += format_text("The difference is significant at the %s level.\n", percent.c_str());
      else out += format_text("The interval contains 0: no difference shown at the %s level with these trials.\n", percent.c_str());
    }
    if (!reductions.empty()) {
      std::sort(reductions.begin(), reductions.end());
      out += format_text("Median variance reduction over the %zu headline metrics: %.2fx.\n", reductions.size(),
                         reductions[reductions.size() / 2]);
    }
    out += "\n";
  }
  return out;
}

std::string format_compare_headline(const Tally& tally, const CompareJob& job, const std::string& headline, double level) {
  std::string out;
  const std::string percent = level_percent(level);
  for (size_t v = 1; v < job.variant_count(); ++v) {
    const long b = job.variant_metric(0, headline), o = job.variant_metric(v, headline), d = job.difference_metric(v, headline);
    if (b < 0 || o < 0 || d < 0) continue;
    const auto p = paired_difference(tally, static_cast<size_t>(b), static_cast<size_t>(o), static_cast<size_t>(d), level);
    out += format_text("%s: base %.4f [%.4f,%.4f], variant %zu %.4f [%.4f,%.4f], difference %+.4f [%+.4f,%+.4f] (paired, %s)\n",
                       headline.c_str(), p.base.estimate, p.base.low, p.base.high, v, p.variant.estimate, p.variant.low, p.variant.high,
                       p.paired.estimate, p.paired.low, p.paired.high, percent.c_str());
  }
  return out;
}

std::string compare_text(const RunRecord& r, const CompareJob& job, const Schema& base_schema, const std::string& headline,
                         const std::vector<std::string>& labels, const std::vector<std::string>& plays, const std::string& file_has,
                         const SettingChanges& settings_changed, bool quiet, const std::vector<std::string>& tactics) {
  std::string text;
  if (!quiet) {
    text += format_text("%s (%s): paired comparison on common random numbers\n", r.scenario_title.c_str(), r.scenario_name.c_str());
    text += setting_changes_text(settings_changed);
    for (size_t v = 0; v < labels.size(); ++v) {
      text += format_text("  %s %s\n", v == 0 ? "base:     " : ("variant " + std::to_string(v) + ":").c_str(), labels[v].c_str());
      text += format_text("             plays %s\n", plays[v].c_str());
    }
    if (!file_has.empty()) text += format_text("  the scenario file has: %s\n", file_has.c_str());
  }
  text += format_text("%s trials each, seed %llu, %.2f s%s\n%s", grouped(static_cast<int64_t>(r.tally.trials())).c_str(),
                      static_cast<unsigned long long>(r.seed), r.seconds, run_ending(r).c_str(), quiet ? "" : "\n");
  if (quiet) return text + format_compare_headline(r.tally, job, headline, r.level);
  bool probability = false;
  for (const auto& spec : base_schema.metrics)
    if (spec.name == headline) probability = spec.kind == MetricKind::Probability;
  return text + compare_in_words(r.tally, job, headline, r.level, tactics) +
         format_compare(r.tally, job, base_schema, headline, r.level, plays) +
         ranking_text(headline_ranking(r.tally, job, headline, r.level), labels, headline, probability, job.variant_count(), r.level);
}

void write_compare_extras(const RunRecord& record, const ResultFiles& files, const CompareJob& job, const std::vector<std::string>& labels,
                          const ScenarioModel& model) {
  OutputBatch outputs;
  if (!files.plot.empty())
    outputs.attempt([&] {
      std::vector<VariantTally> variants;
      for (size_t v = 0; v < job.variant_count(); ++v) variants.push_back({labels[v], &record.tally, job.offset(v)});
      const size_t base_size = job.variant_count() > 1 ? job.offset(1) : record.tally.schema().size();
      const auto metrics = distribution_metrics(record.tally.schema(), 0, base_size);
      draw_plot(distribution_plot(variants, metrics, model.title() + ": variants compared", record.level), files.plot);
    });
  if (!files.report.empty()) outputs.attempt([&] { write_file_atomically(files.report, report_page(record_to_json(record))); });
  outputs.finish();
}

}  // namespace volley
