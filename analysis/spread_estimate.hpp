#pragma once
// The spread of a count metric (docs/methods.md, "Balance measures"): its standard deviation, read
// from the tally's exact moments and histogram, with an interval. A designer asks how much games
// vary in length besides how long they last on average: `turn_decided.sd`.
#include "analysis/estimate.hpp"

#include <optional>
#include <string>

namespace volley {

// "turn_decided.sd" names the standard deviation of turn_decided.
inline constexpr const char* SpreadSuffix = ".sd";

// The metric a spread's name refers to, when the name is "<count metric>.sd" of this schema.
std::optional<size_t> spread_metric(const Schema& schema, const std::string& name);

// The standard deviation σ of a count metric: s from the unbiased sample variance s², and the interval
// [√max(0, s² − z·se), √(s² + z·se)] with se² = (m₄ − (n − 3)/(n − 1) s⁴)/n the variance of s², m₄ the
// fourth central moment read from the histogram (the delta method's normal interval on σ², whose ends
// the square root carries to σ unchanged in coverage). A metric that took one value v in every trial
// gets [0, D √(w(1 − w))], w = z²/(n + z²) Wilson's upper limit on P(X ≠ v) and D the furthest end of
// the metric's range from v: the most a spread of that probability can be.
Interval spread_interval(const Tally& tally, size_t metric, double level = DefaultLevel);

// The most a count metric's standard deviation can be: half its range.
double spread_ceiling(const MetricSpec& spec);

}  // namespace volley
