#include "analysis/summary_table.hpp"

#include "analysis/estimate.hpp"
#include "analysis/level_label.hpp"
#include "analysis/never_observed.hpp"
#include "analysis/quantile_interval.hpp"
#include "analysis/text_format.hpp"

#include <cstdio>
#include <map>
#include <vector>

namespace volley {

bool split_turn_metric(const std::string& name, std::string& prefix, int& turn) {
  const auto dot = name.rfind(".turn");
  if (dot == std::string::npos || dot + 5 >= name.size()) return false;
  int value = 0;
  for (size_t i = dot + 5; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return false;
    value = value * 10 + (name[i] - '0');
  }
  prefix = name.substr(0, dot);
  turn = value;
  return true;
}

bool histogram_metric(const MetricSpec& spec) {
  const auto ends_with = [&](const char* suffix) {
    const std::string s(suffix);
    return spec.name.size() >= s.size() && spec.name.compare(spec.name.size() - s.size(), s.size(), s) == 0;
  };
  return spec.kind == MetricKind::Count && (ends_with(".casualties") || ends_with(".dispersed"));
}

bool unit_metric(const MetricSpec& spec) { return spec.name.find(".units.") != std::string::npos && spec.name.ends_with(".figures_left"); }

std::string format_summary(const Tally& tally, const ReportOptions& options) {
  // No trial, no estimate: "0 [0, 0]" would read as a measured zero (a shard that owns no block).
  if (tally.trials() == 0) return "no trials: nothing to estimate\n";
  const Schema& schema = tally.schema();
  const double level = options.level;
  const std::string percent = level_percent(level);
  std::string out;

  // Probabilities.
  bool header = false;
  for (size_t i = 0; i < schema.size(); ++i) {
    const auto& spec = schema.metrics[i];
    if (spec.kind != MetricKind::Probability || (options.headline_only && !spec.headline)) continue;
    if (!header) {
      // A tally with controls reports luck-adjusted intervals (estimate.hpp), a plain one Wilson's.
      out += format_text("%-34s %9s   %-21s\n", "probability", "estimate",
                         (percent + (tally.controls().empty() ? " Wilson interval" : " luck-adjusted")).c_str());
      header = true;
    }
    const auto e = estimate_metric(tally, i, level);
    // 0 of n: how large it can still be says more than an interval around 0 (never_observed.hpp).
    const bool never = e.estimate == 0 && tally.trials() > 0;
    out += format_text("%-34s %9.4f   %s\n", spec.name.c_str(), e.estimate,
                       never ? never_observed_text(tally.trials(), level, 4).c_str() : format_text("[%.4f, %.4f]", e.low, e.high).c_str());
  }

  // Counts (not per-turn): mean and quantiles.
  header = false;
  std::map<std::string, std::vector<std::pair<int, size_t>>> per_turn;
  for (size_t i = 0; i < schema.size(); ++i) {
    const auto& spec = schema.metrics[i];
    if (spec.kind != MetricKind::Count || (options.headline_only && !spec.headline)) continue;
    if (!options.per_unit && unit_metric(spec)) continue;
    std::string prefix;
    int turn = 0;
    if (split_turn_metric(spec.name, prefix, turn)) {
      per_turn[prefix].push_back({turn, i});
      continue;
    }
    if (!header) {
      out += format_text("\n%-34s %9s   %-21s %-14s %-14s %s\n", "count", "mean", (percent + " interval").c_str(), "5%", "median", "95%");
      header = true;
    }
    const auto e = estimate_metric(tally, i, level);
    std::string row = format_text("%-34s %9.3f   %-21s", spec.name.c_str(), e.estimate, format_text("[%.3f, %.3f]", e.low, e.high).c_str());
    for (double q : ReportedQuantiles) row += format_text(" %-14s", to_string(quantile_interval(tally, i, q, level)).c_str());
    out += row.substr(0, row.find_last_not_of(' ') + 1) + "\n";
  }
  if (header)
    out += format_text("quantiles: the smallest v with P(X <= v) >= q, and its %s interval from order statistics\n", percent.c_str());

  // Per-turn tables: one column per prefix, one row per turn.
  if (!per_turn.empty() && options.per_turn) {
    int max_turn = 0;
    for (const auto& [prefix, list] : per_turn)
      for (auto [turn, index] : list) max_turn = std::max(max_turn, turn);
    out += format_text("\n%-6s", "turn");
    for (const auto& [prefix, list] : per_turn) out += format_text(" %30s", (prefix + " (mean, " + percent + ")").c_str());
    out += "\n";
    for (int t = 1; t <= max_turn; ++t) {
      out += format_text("%-6d", t);
      for (const auto& [prefix, list] : per_turn) {
        std::string cell = "-";
        for (auto [turn, index] : list)
          if (turn == t) {
            const auto e = estimate_metric(tally, index, level);
            cell = format_text("%.3f [%.3f, %.3f]", e.estimate, e.low, e.high);
          }
        out += format_text(" %30s", cell.c_str());
      }
      out += "\n";
    }
    // A name like german.hits does not say whether the Germans scored the hits or took them: each
    // column is told in its metric's own words ("fire dice that hit, scored by german").
    for (const auto& [prefix, list] : per_turn) {
      std::string said = schema.metrics[list.front().second].description;
      const auto in_turn = said.rfind(" in turn ");
      if (in_turn != std::string::npos) said.erase(in_turn);
      if (!said.empty()) out += format_text("%s: %s\n", prefix.c_str(), said.c_str());
    }
  }

  // Histograms with exceedance.
  if (options.histograms) {
    for (size_t i = 0; i < schema.size(); ++i) {
      const auto& spec = schema.metrics[i];
      if (!histogram_metric(spec) || (options.headline_only && !spec.headline)) continue;
      const auto hist = tally.histogram(i);
      const double n = static_cast<double>(tally.trials());
      out += format_text("\n%s: distribution (%s Wilson intervals)\n%6s %9s %19s %9s %19s\n", spec.name.c_str(), percent.c_str(), "value",
                         "P(=k)", "interval", "P(>=k)", "interval");
      uint64_t at_least = tally.trials() - tally.underflow(i);
      for (size_t k = 0; k < hist.size(); ++k) {
        if (at_least == 0) break;
        if (hist[k] > 0 || at_least > 0) {
          const auto eq = wilson_interval(hist[k], tally.trials(), level);
          const auto ge = wilson_interval(at_least, tally.trials(), level);
          out += format_text("%6lld %9.4f [%7.4f, %7.4f] %9.4f [%7.4f, %7.4f]\n",
                             static_cast<long long>(spec.min_value + static_cast<int64_t>(k)), static_cast<double>(hist[k]) / n, eq.low,
                             eq.high, static_cast<double>(at_least) / n, ge.low, ge.high);
        }
        at_least -= hist[k];
      }
    }
  }
  return out;
}

std::string format_csv(const Tally& tally, double level) {
  const Schema& schema = tally.schema();
  std::string out = "metric,statistic,value,estimate,low,high,level,method\n";
  if (tally.trials() == 0) return out;  // no trial, no row (the header says the columns)
  const double n = static_cast<double>(tally.trials());
  for (size_t i = 0; i < schema.size(); ++i) {
    const auto& spec = schema.metrics[i];
    const auto e = estimate_metric(tally, i, level);
    // The name is scenario text (a unit's name): it reaches the row only as a quoted field.
    const std::string name = csv_field(spec.name);
    out += name + format_text(",%s,,%.10g,%.10g,%.10g,%g,%s\n", spec.kind == MetricKind::Probability ? "probability" : "mean", e.estimate,
                              e.low, e.high, level, e.method);
    if (spec.kind != MetricKind::Count) continue;
    for (double q : ReportedQuantiles) {
      const auto qi = quantile_interval(tally, i, q, level);
      out += name + format_text(",quantile,%g,%s,%s,%s,%g,%s\n", q, to_string(qi.estimate).c_str(), to_string(qi.low).c_str(),
                                to_string(qi.high).c_str(), level, qi.method);
    }
    const auto hist = tally.histogram(i);
    uint64_t at_least = tally.trials() - tally.underflow(i);
    for (size_t k = 0; k < hist.size() && at_least > 0; ++k) {
      const auto eq = wilson_interval(hist[k], tally.trials(), level);
      const auto ge = wilson_interval(at_least, tally.trials(), level);
      const long long v = static_cast<long long>(spec.min_value + static_cast<int64_t>(k));
      out += name +
             format_text(",P(=k),%lld,%.10g,%.10g,%.10g,%g,Wilson score\n", v, static_cast<double>(hist[k]) / n, eq.low, eq.high, level);
      out += name +
             format_text(",P(>=k),%lld,%.10g,%.10g,%.10g,%g,Wilson score\n", v, static_cast<double>(at_least) / n, ge.low, ge.high, level);
      at_least -= hist[k];
    }
  }
  return out;
}

}  // namespace volley
