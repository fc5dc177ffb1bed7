#include "analysis/paired_difference.hpp"

#include <cmath>
#include <string>
#include <limits>

namespace volley {

PairedDifference paired_difference(const Tally& tally, size_t base, size_t variant, size_t difference, double level) {
  PairedDifference r;
  r.base = estimate_metric(tally, base, level);
  r.variant = estimate_metric(tally, variant, level);
  const uint64_t n = tally.trials();
  r.paired = estimate_metric(tally, difference, level);  // the mean interval (a range bound when d never varies)
  const bool adjusted_interval = std::string(r.paired.method) == "luck-adjusted (control variates)";
  r.paired.method =
      adjusted_interval ? "paired (common random numbers), luck-adjusted (control variates)" : "paired (common random numbers)";
  const double var_d = sample_variance(n, tally.sum(difference), tally.sum_squares(difference));
  const double var_unpaired =
      sample_variance(n, tally.sum(base), tally.sum_squares(base)) + sample_variance(n, tally.sum(variant), tally.sum_squares(variant));
  const double z = normal_quantile_two_sided(level);
  r.unpaired = r.paired;
  r.unpaired.method = "unpaired (two independent runs)";
  const double half = n > 0 ? z * std::sqrt(var_unpaired / static_cast<double>(n)) : 0;
  r.unpaired.low = r.paired.estimate - half;
  r.unpaired.high = r.paired.estimate + half;
  // Infinite when the difference never varies but the metrics do; undefined (NaN) when nothing
  // varies at all (a metric that is always 0 in both variants): there is no variance to reduce.
  const ControlAdjustment adjusted = control_adjustment(tally, difference);
  r.control_reduction = adjusted.reduction();
  r.per_trial_variance = adjusted.applied ? adjusted.variance * static_cast<double>(n) : var_d;
  r.variance_reduction = var_d > 0          ? var_unpaired / var_d
                         : var_unpaired > 0 ? std::numeric_limits<double>::infinity()
                                            : std::numeric_limits<double>::quiet_NaN();
  return r;
}

double trials_for_half_width(double variance, double half_width, double level) {
  const double z = normal_quantile_two_sided(level);
  return std::ceil(z * z * variance / (half_width * half_width));
}

}  // namespace volley
