#include "sim/run/trial_range.hpp"

#include "sim/record/mpi_world.hpp"
#include "sim/run/driver.hpp"
#include "sim/run/rank_share.hpp"

#include <utility>

namespace volley {

bool TrialRange::play(const TrialJob& job, uint64_t from, uint64_t to, Tally& out) {
  RunPlan plan;
  plan.trials = to;
  plan.block_size = block_size_;
  plan.threads = threads_;
  plan.stop = stop_;
  plan.done_blocks.assign(from / block_size_, 1);
  if (stop_after_blocks_ > 0) {
    if (blocks_played_ >= stop_after_blocks_) return false;
    plan.stop_after_blocks = stop_after_blocks_ - blocks_played_;
  }
  share_among_ranks(plan);
  RunResult r = run_trials(job, plan);
  // Under mpirun a stop reaches the ranks at different blocks: the stage is dropped on all of them if
  // any was cut, so that they all take the race's next decision on the same tallies.
  if (mpi_any(r.interrupted)) return false;
  blocks_played_ += (to - from + block_size_ - 1) / block_size_;
  out = std::move(r.tally);
  return true;
}

}  // namespace volley
