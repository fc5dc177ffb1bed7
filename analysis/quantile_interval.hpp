#pragma once
// Quantiles of a count metric and their distribution-free confidence intervals, read from the exact
// histogram of a tally (docs/methods.md, "Quantiles").
//
// The q-quantile is the smallest value v with P(X <= v) >= q; its estimate is the order statistic
// X_(k), k = max(1, ceil(q n)). Its interval is [X_(l), X_(u)] with the ranks l < u chosen from the
// Binomial(n, q) law so that P(l <= B < u) >= level: for any distribution, discrete ones included,
// the interval then covers the true quantile with probability at least the level. X_(k) is read
// from the histogram as the smallest value whose cumulative count (underflow first) reaches k.
#include "analysis/tally.hpp"

#include <cstdint>
#include <string>

namespace volley {

// The order-statistic ranks that bound a quantile. low = 0 stands for "no order statistic below"
// (the interval reaches the bottom of the metric's range) and high = n + 1 for the top.
struct QuantileRanks {
  uint64_t low = 0;
  uint64_t high = 0;
  bool exact = true;  // from the exact binomial law (else its normal approximation)
};

// Ranks for the q-quantile of n trials at a level (0 < level < 1), equal-tailed: low is the largest
// rank with P(B < low) <= (1 - level) / 2 and high the smallest with P(B >= high) <= (1 - level) / 2.
// Exact while n q (1 - q) <= ExactRankVariance, the normal approximation beyond (docs/methods.md).
QuantileRanks quantile_ranks(uint64_t n, double q, double level);
inline constexpr double ExactRankVariance = 1e8;
// The two methods on their own, for tests that compare them where both apply.
QuantileRanks exact_quantile_ranks(uint64_t n, double q, double level);
QuantileRanks normal_quantile_ranks(uint64_t n, double q, double level);

// A value read from a histogram: a value of the metric, or only the side of the histogram range
// [min_value, max_value] where it fell (under/overflow bins hold no values, so it is unknown there).
struct HistogramValue {
  enum class Place { InRange, BelowRange, AboveRange };
  Place place = Place::InRange;
  int64_t value = 0;  // InRange: the value; BelowRange: min_value; AboveRange: max_value
};

// As the reports print it: "3", or "<0" / ">40" beyond the histogram range [0, 40].
std::string to_string(const HistogramValue& v);

// X_(rank) of a metric, 1 <= rank <= n. Rank 0 gives the bottom of the metric's range and n + 1 its
// top: the range bounds the metric unless a trial fell outside it, and then that end is unknown.
HistogramValue order_statistic(const Tally& tally, size_t metric, uint64_t rank);

struct QuantileInterval {
  double q = 0;
  HistogramValue estimate;  // X_(k), k = max(1, ceil(q n))
  HistogramValue low;       // X_(ranks.low)
  HistogramValue high;      // X_(ranks.high)
  QuantileRanks ranks;
  const char* method = "";  // "order statistics (exact binomial)", "order statistics (normal)"
};

// As the text report prints it: "3 [1, 6]", "9 [8, >10]".
std::string to_string(const QuantileInterval& qi);

// The q-quantile of a metric with its interval at the level. With no trials the interval is the
// metric's whole range (and the estimate its top: no report prints a tally of no trials).
QuantileInterval quantile_interval(const Tally& tally, size_t metric, double q, double level);

// The quantiles every report shows: 5%, median, 95%.
inline constexpr double ReportedQuantiles[] = {0.05, 0.5, 0.95};

// The q-quantile (0 <= q <= 1) of a metric's distribution from its histogram: the smallest value v
// with P(X <= v) >= q and at least one trial at or below v (so q = 0 gives the minimum seen).
// Under/overflow count as below/above the range, returned as min_value - 1 / max_value + 1.
int64_t histogram_quantile(const Tally& tally, size_t metric, double q);

}  // namespace volley
