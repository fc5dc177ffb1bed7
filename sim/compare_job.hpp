#pragma once
// Several variants of a scenario played on the same trial indices with the same seed (common random
// numbers): one trial plays every variant, and the tally holds each variant's metrics ("v0/herero.win",
// "v1/herero.win", ...) and, for every headline metric, the per-trial difference against the base
// ("d1/herero.win" = v1 - v0). Paired estimates then come from the differences' exact moments.
#include "sim/trial_job.hpp"

#include <memory>
#include <string>
#include <vector>

namespace volley {

class CompareJob final : public TrialJob {
 public:
  explicit CompareJob(std::vector<std::unique_ptr<TrialJob>> variants);
  const std::shared_ptr<const Schema>& schema() const override { return schema_; }
  std::unique_ptr<TrialWorker> make_worker() const override;

  size_t variant_count() const noexcept { return variants_.size(); }
  // Index of variant v's metric `name` in the combined schema, or -1.
  long variant_metric(size_t v, const std::string& name) const;
  // Index of the difference (variant v - base) for `name`, or -1.
  long difference_metric(size_t v, const std::string& name) const;
  size_t offset(size_t v) const noexcept { return offsets_[v]; }

  struct Difference {
    size_t variant;      // v >= 1
    size_t base_index;   // in the base variant's own obs
    size_t other_index;  // in variant v's own obs
    size_t out;          // in the combined schema
  };

 private:
  std::vector<std::unique_ptr<TrialJob>> variants_;
  std::vector<size_t> offsets_;
  std::vector<Difference> differences_;
  std::shared_ptr<const Schema> schema_;
};

inline std::string variant_prefix(size_t v) { return "v" + std::to_string(v) + "/"; }
inline std::string difference_prefix(size_t v) { return "d" + std::to_string(v) + "/"; }

}  // namespace volley
