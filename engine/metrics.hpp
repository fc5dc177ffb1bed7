#pragma once
// What a kernel reports per trial: a fixed list of named integer observations (docs/architecture.md, "Running
// and aggregating"). A kernel declares its metrics once per scenario (the Schema); each trial writes
// one int64 per metric into a flat array. Everything downstream (tallies, estimates, paired
// comparisons, merge, signatures, JSON) works on this list and needs no knowledge of the rules.
#include <cstdint>
#include <string>
#include <vector>

namespace volley {

enum class MetricKind {
  Probability,  // 0 or 1 per trial: estimated with a Wilson interval
  Count,        // an integer per trial: histogram, mean with interval, quantiles
};

struct MetricSpec {
  std::string name;  // "herero.win", "german.killed", "herero.hits.turn3"
  MetricKind kind = MetricKind::Count;
  int64_t min_value = 0;    // histogram range; values outside land in under/overflow bins,
  int64_t max_value = 1;    // and still count exactly in the moments
  std::string description;  // one line for reports
  bool headline = false;    // shown in the summary tables and compared by `volley compare`
};

// The widest histogram a metric keeps (max_value - min_value). A kernel's range follows the
// scenario (fire dice times turns), so a large but valid scenario could ask for more; the range is
// then cut here, the values above it land in the overflow bin and still count exactly in the
// moments (`validate` accepted such a scenario and `run` refused it).
inline constexpr int64_t MaxHistogramWidth = int64_t{1} << 24;

// A metric that is, in every trial, one metric minus another (a compare's paired difference,
// compare_job.hpp). Its sums with the controls follow exactly from those two metrics' sums, so a tally
// derives them rather than adding a row of products for it every trial (control_moments.hpp).
struct MetricDifference {
  size_t out = 0;         // the difference's index
  size_t minuend = 0;     // out = minuend - subtrahend
  size_t subtrahend = 0;  // neither of the two is itself a difference
};

struct Schema {
  std::vector<MetricSpec> metrics;
  size_t headline_index = 0;  // the estimate `--precision E` refers to when no name is given
  // Control variates (docs/methods.md, "Luck-adjusted estimates"): integers of known mean zero that
  // a trial writes after its metrics, obs[size() .. observations()). Their tallied cross-moments
  // let every estimate subtract the luck they measure. Empty: no controls (`--no-control`).
  std::vector<std::string> controls;
  // Metrics that are exact differences of two others (the kernel or job that writes them vouches
  // for it, trial by trial).
  std::vector<MetricDifference> differences;

  size_t size() const noexcept { return metrics.size(); }
  // The integers one trial writes: its metrics, then its controls.
  size_t observations() const noexcept { return metrics.size() + controls.size(); }
  // Index of a metric by name, or -1.
  long find(const std::string& name) const noexcept {
    for (size_t i = 0; i < metrics.size(); ++i)
      if (metrics[i].name == name) return static_cast<long>(i);
    return -1;
  }
  size_t add(MetricSpec spec) {
    if (spec.max_value > spec.min_value && spec.max_value - spec.min_value > MaxHistogramWidth)
      spec.max_value = spec.min_value + MaxHistogramWidth;
    metrics.push_back(std::move(spec));
    return metrics.size() - 1;
  }
};

}  // namespace volley
