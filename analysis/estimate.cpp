#include "analysis/estimate.hpp"

#include "analysis/control_variates.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace volley {

namespace {

double solve_normal_quantile_two_sided(double level) {
  // Inverse of erf by Newton iterations on Phi(z) = (1 + level) / 2; converges in a few steps.
  // Phi is concave on z > 0, so a Newton step from above the root can land below 0 (from z = 2 it
  // does for every level under about 0.83) and, for levels under about 0.62, run off to infinity
  // and NaN. A step that would leave z > 0 halves z instead: from below the root Newton then climbs
  // to it monotonically.
  const double target = (1.0 + level) / 2.0;
  double z = 2.0;
  for (int i = 0; i < 100; ++i) {
    const double phi = 0.5 * std::erfc(-z / std::sqrt(2.0));
    const double pdf = std::exp(-z * z / 2.0) / std::sqrt(2.0 * M_PI);
    const double step = (phi - target) / pdf;
    if (z - step <= 0) {
      z /= 2;
      continue;
    }
    z -= step;
    if (std::fabs(step) < 1e-15) break;
  }
  return z;
}

}  // namespace

// A report asks for the same level about a thousand times (every interval of every metric), and the
// Newton solve costs some 14,000 instructions: each thread keeps the last level's answer. The answer is
// a pure function of the level, so the cache changes no bit.
double normal_quantile_two_sided(double level) {
  thread_local double cached_level = std::numeric_limits<double>::quiet_NaN();
  thread_local double cached_z = 0;
  if (level != cached_level) {
    cached_z = solve_normal_quantile_two_sided(level);
    cached_level = level;
  }
  return cached_z;
}

Interval wilson_interval(uint64_t successes, uint64_t trials, double level) {
  Interval r;
  r.method = "Wilson score";
  if (trials == 0) {
    r.low = 0;
    r.high = 1;
    return r;
  }
  const double z = normal_quantile_two_sided(level);
  const double n = static_cast<double>(trials);
  const double p = static_cast<double>(successes) / n;
  const double denom = 1.0 + z * z / n;
  const double centre = (p + z * z / (2 * n)) / denom;
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom;
  r.estimate = p;
  r.low = std::max(0.0, centre - half);
  r.high = std::min(1.0, centre + half);
  return r;
}

double sample_variance(uint64_t n, Int128 sum, UInt128 sum_squares) {
  if (n < 2) return 0.0;
  // n*S2 - S1^2 >= 0 exactly; it fits in 128 bits for |x| < 2^31 and n < 2^60 (tally.hpp limits).
  const UInt128 s1 = static_cast<UInt128>(sum < 0 ? -sum : sum);
  const UInt128 num = static_cast<UInt128>(n) * sum_squares - s1 * s1;
  const double nd = static_cast<double>(n);
  return static_cast<double>(num) / (nd * (nd - 1.0));
}

Interval mean_interval(uint64_t n, Int128 sum, UInt128 sum_squares, double level) {
  Interval r;
  r.method = "normal (mean)";
  if (n == 0) return r;
  const double nd = static_cast<double>(n);
  r.estimate = static_cast<double>(sum) / nd;
  const double half = normal_quantile_two_sided(level) * std::sqrt(sample_variance(n, sum, sum_squares) / nd);
  r.low = r.estimate - half;
  r.high = r.estimate + half;
  return r;
}

namespace {
Interval uncut_estimate(const Tally& tally, size_t metric, double level) {
  // A tally with controls: the luck-adjusted mean, where there are trials enough for its controls.
  if (const ControlAdjustment adjusted = control_adjustment(tally, metric); adjusted.applied) {
    Interval r;
    r.method = "luck-adjusted (control variates)";
    r.estimate = adjusted.estimate;
    const double half = normal_quantile_two_sided(level) * std::sqrt(adjusted.variance);
    r.low = r.estimate - half;
    r.high = r.estimate + half;
    return r;
  }
  if (tally.schema().metrics[metric].kind == MetricKind::Probability)
    return wilson_interval(static_cast<uint64_t>(tally.sum(metric)), tally.trials(), level);
  Interval r = mean_interval(tally.trials(), tally.sum(metric), tally.sum_squares(metric), level);
  // Every trial gave the same value v (one trial, or a count that is rarely anything but v): s = 0,
  // and x-bar +- z s / sqrt(n) would be the single point v, an interval that claims the mean is
  // known exactly and satisfies any --precision target at the first look. The normal approximation
  // does not hold there; bound the mean by the range instead: P(X != v) is at most the Wilson upper
  // limit for 0 of n, z^2 / (n + z^2), and the mean lies within that share of the range either side
  // of v. Without a range (values fell outside it) there is no bound.
  if (tally.trials() > 0 && sample_variance(tally.trials(), tally.sum(metric), tally.sum_squares(metric)) == 0.0) {
    const auto& spec = tally.schema().metrics[metric];
    if (tally.underflow(metric) == 0 && tally.overflow(metric) == 0) {
      const double z = normal_quantile_two_sided(level);
      const double share = z * z / (static_cast<double>(tally.trials()) + z * z);
      r.low = r.estimate - share * (r.estimate - static_cast<double>(spec.min_value));
      r.high = r.estimate + share * (static_cast<double>(spec.max_value) - r.estimate);
    } else {
      r.low = -std::numeric_limits<double>::infinity();
      r.high = std::numeric_limits<double>::infinity();
    }
  }
  return r;
}
}  // namespace

Interval estimate_metric(const Tally& tally, size_t metric, double level) {
  Interval r = uncut_estimate(tally, metric, level);
  const auto& spec = tally.schema().metrics[metric];
  // A luck-adjusted probability's interval is cut to [0, 1] the same way.
  if (tally.trials() > 0 && tally.underflow(metric) == 0 && tally.overflow(metric) == 0) {
    r.low = std::clamp(r.low, static_cast<double>(spec.min_value), static_cast<double>(spec.max_value));
    r.high = std::clamp(r.high, static_cast<double>(spec.min_value), static_cast<double>(spec.max_value));
  }
  return r;
}

double precision_half_width(const Tally& tally, size_t metric, double level) { return uncut_estimate(tally, metric, level).half_width(); }

}  // namespace volley
