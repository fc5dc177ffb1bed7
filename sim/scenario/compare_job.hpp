#pragma once
// Several variants of a scenario played on the same trial indices with the same seed (common random
// numbers): one trial plays every variant, and the tally holds each variant's metrics ("v0/herero.win",
// "v1/herero.win", ...) and, for every headline metric, the per-trial difference against the base
// ("d1/herero.win" = v1 - v0). Paired estimates then come from the differences' exact moments.
// An exceedance "X>=k" asked for at construction is tallied the same way: per variant the indicator
// 1[X >= k] ("v1/herero.hits>=5", a probability), and its per-trial difference against the base
// ("d1/herero.hits>=5", -1, 0 or 1). Only the trial knows both variants' X, so the paired difference
// of P(X >= k) can only be tallied here, not derived from the variants' histograms afterwards.
#include "sim/scenario/trial_job.hpp"

#include <memory>
#include <string>
#include <vector>

namespace volley {

// P(metric >= at_least), compared per trial between the variants.
struct Exceedance {
  std::string metric;
  int64_t at_least = 0;
  // The name of its indicator and difference metrics after the prefixes: "herero.hits>=5".
  std::string name() const { return metric + ">=" + std::to_string(at_least); }
};

class CompareJob final : public TrialJob {
 public:
  // An exceedance whose metric a variant lacks gets no indicator for that variant.
  explicit CompareJob(std::vector<std::unique_ptr<TrialJob>> variants, const std::vector<Exceedance>& exceedances = {});
  const std::shared_ptr<const Schema>& schema() const override { return schema_; }
  std::unique_ptr<TrialWorker> make_worker() const override;

  size_t variant_count() const noexcept { return variants_.size(); }
  // Index of variant v's metric `name` in the combined schema, or -1 (an exceedance: its Exceedance::name()).
  long variant_metric(size_t v, const std::string& name) const;
  // Index of the difference (variant v - base) for `name`, or -1.
  long difference_metric(size_t v, const std::string& name) const;
  size_t offset(size_t v) const noexcept { return offsets_[v]; }
  // Where variant v's controls begin among the combined schema's controls.
  size_t first_control(size_t v) const noexcept { return control_offsets_[v] - schema_->size(); }
  const TrialJob& variant(size_t v) const noexcept { return *variants_[v]; }

  struct Difference {
    size_t variant;      // v >= 1
    size_t base_index;   // in the base variant's own obs
    size_t other_index;  // in variant v's own obs
    size_t out;          // in the combined schema
  };
  // 1[obs[source] >= at_least] into obs[out]; indices in the combined schema.
  struct Indicator {
    size_t source;
    int64_t at_least;
    size_t out;
  };
  // obs[other] - obs[base] into obs[out]; indices in the combined schema.
  struct IndicatorDifference {
    size_t base;
    size_t other;
    size_t out;
  };

 private:
  std::vector<std::unique_ptr<TrialJob>> variants_;
  std::vector<size_t> offsets_;
  std::vector<size_t> control_offsets_;  // where each variant's controls begin in the combined observations
  std::vector<Difference> differences_;
  std::vector<Indicator> indicators_;
  std::vector<IndicatorDifference> indicator_differences_;
  std::shared_ptr<const Schema> schema_;
};

inline std::string variant_prefix(size_t v) { return "v" + std::to_string(v) + "/"; }
inline std::string difference_prefix(size_t v) { return "d" + std::to_string(v) + "/"; }

}  // namespace volley
