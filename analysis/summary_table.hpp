#pragma once
// Reports of a tally as text and as tidy CSV: every figure with its interval, the method and level
// named (docs/methods.md). Generic over the schema: a kernel's metric names decide the grouping.
//   - Probability metrics: estimate and Wilson interval.
//   - Count metrics: mean with interval, median and 5%/95% quantiles with order-statistic intervals.
//   - Metrics named "<x>.turn<N>" are gathered into one table per <x> prefix group (hits per turn).
//   - Metrics whose histogram is shown (`casualties`, `dispersed`, ...: histogram_metric()) get a full
//     histogram with "at least k" exceedance probabilities.
#include "analysis/tally.hpp"

#include <string>

namespace volley {

struct ReportOptions {
  double level = 0.95;
  bool headline_only = true;  // only metrics marked headline (the rest are in JSON/CSV)
  bool histograms = true;
  bool per_turn = true;  // the per-turn tables (hits per turn); --quiet leaves them out
  bool per_unit = true;  // each unit's survivors (<side>.units.<name>.figures_left); --quiet leaves them out
};

std::string format_summary(const Tally& tally, const ReportOptions& options);

// Tidy CSV: metric,statistic,value,estimate,low,high,level,method. Rows: for every metric its
// estimate ("probability" or "mean"); for a count, its 5%, 50% and 95% quantiles (statistic
// "quantile", value q, with their order-statistic intervals), then for every histogram value
// P(X = k) and P(X >= k).
std::string format_csv(const Tally& tally, double level);

// Does this metric get a histogram in the text summary?
bool histogram_metric(const MetricSpec& spec);

// "herero.units.N1.figures_left": a figure of one unit, not of a side.
bool unit_metric(const MetricSpec& spec);

// "herero.hits.turn3" -> ("herero.hits", 3); returns false for other names.
bool split_turn_metric(const std::string& name, std::string& prefix, int& turn);

}  // namespace volley
