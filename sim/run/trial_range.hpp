#pragma once
// The later stages of a race (`volley balance`, and the rounds of `volley best`): a job's trials
// [from, to) played alone, those before `from` already tallied elsewhere, on the blocks a whole run
// would play them in, so that the stages added up are the run of [0, to) bit for bit.
// Under mpirun each rank plays its share of a stage's blocks and every rank gets the stage's global
// tally (sim/run/rank_share.hpp), so the race takes the same decisions on every rank.
#include "analysis/tally.hpp"
#include "sim/scenario/trial_job.hpp"

#include <atomic>
#include <cstdint>

namespace volley {

class TrialRange {
 public:
  // `stop` (null: never) ends a stage at a block boundary; `stop_after_blocks` (0: never) is the test
  // hook that behaves as if it had been raised once that many blocks were played, over every stage.
  TrialRange(uint32_t block_size, int threads, const std::atomic<bool>* stop, uint64_t stop_after_blocks)
      : block_size_(block_size), threads_(threads), stop_(stop), stop_after_blocks_(stop_after_blocks) {}

  // Trials [from, to) of `job` into `out` (from and to whole blocks); false when interrupted, and the
  // stage's trials are then dropped.
  bool play(const TrialJob& job, uint64_t from, uint64_t to, Tally& out);

 private:
  uint32_t block_size_;
  int threads_;
  const std::atomic<bool>* stop_;
  uint64_t stop_after_blocks_;
  uint64_t blocks_played_ = 0;
};

}  // namespace volley
