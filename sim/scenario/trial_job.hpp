#pragma once
// The driver's view of a kernel: a schema of metrics and workers that play trials.
//
// A TrialJob is immutable and shared by all threads. Each worker thread makes one TrialWorker, which
// owns the per-worker scratch (sized from the scenario once, before the first trial), so the trial
// loop allocates nothing. play() must be a pure function of the trial index: same index, same
// observations, whichever worker plays it.
#include "engine/metrics.hpp"

#include <cstdint>
#include <memory>

namespace volley {

class TrialWorker {
 public:
  virtual ~TrialWorker() = default;
  // Play trial `trial` and write one value per metric into obs[0 .. schema().size()).
  virtual void play(uint64_t trial, int64_t* obs) = 0;
  // 32-bit random words the last play() drew (the bench's "draws per trial").
  virtual uint64_t last_draws() const { return 0; }
};

class TrialJob {
 public:
  virtual ~TrialJob() = default;
  virtual const std::shared_ptr<const Schema>& schema() const = 0;
  virtual std::unique_ptr<TrialWorker> make_worker() const = 0;
};

}  // namespace volley
