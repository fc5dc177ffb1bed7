#pragma once
// The candidates of a race (`volley best`, analysis/sequential_selection.hpp) played on the same trial
// indices with the same seed (common random numbers): one trial plays every candidate still in the
// race and tallies, per candidate, the target's value in that trial ("c3": the metric, or the
// indicator 1[metric >= k] of an exceedance target). The first stage also tallies every pair's
// per-trial difference ("d1-3" = c1 - c3), whose variance sets the procedure's triangles; later stages
// need only the candidates' sums, so their tallies grow with the survivors, not with their pairs.
#include "analysis/target.hpp"
#include "sim/scenario/trial_job.hpp"

#include <memory>
#include <optional>
#include <vector>

namespace volley {

class RaceJob final : public TrialJob {
 public:
  // `candidates` share one target metric (they are variants of one scenario). Throws
  // std::invalid_argument when a candidate's schema lacks it.
  RaceJob(std::vector<std::shared_ptr<const TrialJob>> candidates, const TargetSpec& target, bool pairs);
  const std::shared_ptr<const Schema>& schema() const override { return schema_; }
  std::unique_ptr<TrialWorker> make_worker() const override;

  size_t candidates() const noexcept { return candidates_.size(); }
  // The index in the schema of candidate c's value, and of the difference c - l (pairs only, c != l:
  // the tally holds c < l, and the difference l - c is its negative).
  static size_t value_metric(size_t c) noexcept { return c; }
  size_t pair_metric(size_t c, size_t l) const noexcept;

 private:
  friend class RaceWorker;
  std::vector<std::shared_ptr<const TrialJob>> candidates_;
  std::vector<size_t> source_;  // the target metric's index in each candidate's schema
  std::optional<int64_t> at_least_;
  bool pairs_;
  std::shared_ptr<const Schema> schema_;
};

}  // namespace volley
