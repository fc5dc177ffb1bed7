#pragma once
// Estimates with intervals, derived from integer tallies only at report time (docs/methods.md).
#include "analysis/tally.hpp"

#include <cstdint>
#include <string>

namespace volley {

inline constexpr double DefaultLevel = 0.95;

// Two-sided standard normal quantile for a confidence level (0.95 -> 1.959964).
double normal_quantile_two_sided(double level);

struct Interval {
  double estimate = 0;
  double low = 0;
  double high = 0;
  const char* method = "";  // "Wilson score", "normal (mean)"
  double half_width() const noexcept { return (high - low) / 2; }
};

// Wilson score interval for a binomial proportion (Wilson 1927; Brown, Cai & DasGupta 2001).
Interval wilson_interval(uint64_t successes, uint64_t trials, double level = DefaultLevel);

// Interval on a mean from the exact integer moments: mean +- z * s / sqrt(n), s the sample standard
// deviation (central limit theorem; n is large in every volley run).
Interval mean_interval(uint64_t n, Int128 sum, UInt128 sum_squares, double level = DefaultLevel);

// The estimate a metric is reported with: from a tally with controls, the luck-adjusted mean with
// its normal interval (control_variates.hpp) when there are trials enough; otherwise Wilson for
// probabilities, the mean interval for counts.
// A count's interval is cut to the metric's range [min_value, max_value] when no trial fell outside
// it: the mean lies in that range, so the cut interval covers it whenever the whole one does, and a
// rare count near 0 no longer prints a lower bound below 0. A count that took one value in every trial
// (s = 0, or a single trial) gets the range bound of docs/methods.md instead of a zero-width interval.
Interval estimate_metric(const Tally& tally, size_t metric, double level = DefaultLevel);

// The half-width --precision compares with its target: that of the interval before the cut above
// (the uncertainty of the estimate, which the cut does not reduce).
double precision_half_width(const Tally& tally, size_t metric, double level = DefaultLevel);

// Sample variance from integer moments, computed as (n*S2 - S1^2) / (n (n-1)) in 128-bit integers
// before the division so no cancellation is lost.
double sample_variance(uint64_t n, Int128 sum, UInt128 sum_squares);

}  // namespace volley
