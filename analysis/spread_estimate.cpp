#include "analysis/spread_estimate.hpp"

#include <algorithm>
#include <cmath>

namespace volley {

std::optional<size_t> spread_metric(const Schema& schema, const std::string& name) {
  const std::string suffix = SpreadSuffix;
  if (name.size() <= suffix.size() || !name.ends_with(suffix)) return std::nullopt;
  const long index = schema.find(name.substr(0, name.size() - suffix.size()));
  if (index < 0 || schema.metrics[static_cast<size_t>(index)].kind != MetricKind::Count) return std::nullopt;
  return static_cast<size_t>(index);
}

double spread_ceiling(const MetricSpec& spec) { return static_cast<double>(spec.max_value - spec.min_value) / 2; }

Interval spread_interval(const Tally& tally, size_t metric, double level) {
  const MetricSpec& spec = tally.schema().metrics[metric];
  const uint64_t n = tally.trials();
  const double z = normal_quantile_two_sided(level);
  Interval out;
  out.method = "delta method (variance)";
  if (n == 0) {
    out.high = spread_ceiling(spec);
    return out;
  }
  const double variance = n > 1 ? std::max(0.0, sample_variance(n, tally.sum(metric), tally.sum_squares(metric))) : 0.0;
  const double mean = static_cast<double>(tally.sum(metric)) / static_cast<double>(n);
  if (variance == 0) {
    // One value in every trial: bound the spread by the most a rare other value could add.
    const double w = z * z / (static_cast<double>(n) + z * z);
    const double furthest = std::max(mean - static_cast<double>(spec.min_value), static_cast<double>(spec.max_value) - mean);
    out.high = furthest * std::sqrt(w * (1 - w));
    out.method = "range bound (one value)";
    return out;
  }
  // The fourth central moment from the histogram (a count's values lie in its range).
  const auto hist = tally.histogram(metric);
  double m4 = 0;
  for (size_t k = 0; k < hist.size(); ++k) {
    if (hist[k] == 0) continue;
    const double d = static_cast<double>(spec.min_value + static_cast<int64_t>(k)) - mean;
    m4 += static_cast<double>(hist[k]) * d * d * d * d;
  }
  const double nd = static_cast<double>(n);
  m4 /= nd;
  const double variance_of_variance = n > 3 ? std::max(0.0, (m4 - (nd - 3) / (nd - 1) * variance * variance) / nd) : variance * variance;
  const double half = z * std::sqrt(variance_of_variance);
  out.estimate = std::sqrt(variance);
  out.low = std::sqrt(std::max(0.0, variance - half));
  out.high = std::min(std::sqrt(variance + half), spread_ceiling(spec));
  return out;
}

}  // namespace volley
