#pragma once
// Running many trials in parallel with results that do not depend on the parallelism
// (docs/architecture.md, "Running and aggregating").
//
// Trials are cut into fixed-size blocks (block b holds trials [b*B, (b+1)*B) clipped to the total).
// tbb::parallel_for runs blocks; each worker thread fills its own Tally; the tallies are merged at the
// end. Integer tallies make the merge exact, so any thread count gives the same bits. A BlockSlice
// restricts a process to every count-th block starting at index (an MPI rank or a --shard).
//
// With a precision target the chosen estimate's half-width is checked after every block, in block
// order, over the contiguous prefix of blocks 0..b; the run stops after the first block whose prefix
// meets it, and the result is that prefix's tally. The stopping point therefore depends only on the
// seed, never on the threads, which may have played further ahead (those blocks are dropped).
#include "analysis/tally.hpp"
#include "sim/record/block_slice.hpp"
#include "sim/scenario/trial_job.hpp"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace volley {

struct PrecisionTarget {
  size_t metric = 0;      // index in the schema
  double half_width = 0;  // stop when the estimate's interval half-width is at most this
  double level = 0.95;
};

struct RunPlan {
  uint64_t trials = 0;  // total trials (the cap, with a precision target)
  uint32_t block_size = DefaultBlockSize;
  int threads = 0;  // 0: all hardware threads
  std::optional<PrecisionTarget> precision;
  BlockSlice slice;
  // Blocks already done (a resumed checkpoint): skipped. Indexed by block; may be shorter.
  std::vector<uint8_t> done_blocks;
  // The tally of those blocks, which the result starts from (nullptr: none).
  const Tally* resumed = nullptr;
  // Checkpointing: rounds also end every this many blocks (0: no extra rounds), and on_round is
  // called after each round with this process's tally and completed blocks so far.
  uint64_t checkpoint_blocks = 0;
  std::function<void(const Tally&, const std::vector<uint8_t>&)> on_round;
  // Rounds also end at 1, 2, 4, ... blocks, so that on_round sees a result
  // early and then ever more precise ones (`volley serve` streams them). Rounds never change the
  // tally: its merge is exact.
  bool doubling_rounds = false;
  // Set asynchronously (a signal handler) to stop at the next block boundary.
  const std::atomic<bool>* stop = nullptr;
  // Called by the driver between rounds with the tally of this process; an MPI run uses it to
  // combine tallies across ranks before the precision check (the result must be the global tally).
  std::function<Tally(const Tally&)> combine;
  // Test hook: behave as if `stop` were raised once this many blocks have completed (0: never).
  uint64_t stop_after_blocks = 0;
};

struct RunResult {
  Tally tally;                       // this process's blocks (after `combine`, the global tally)
  uint64_t blocks_total = 0;         // blocks in the plan
  std::vector<uint8_t> done_blocks;  // 1 for each block this process completed (or resumed)
  bool interrupted = false;          // stopped by `stop` before the plan was done
  bool precision_reached = false;
  uint64_t planned_trials = 0;  // trials covered by the rounds that were run
};

// Progress of the run in flight, readable from another thread (the progress bar).
struct RunProgress {
  std::atomic<uint64_t> trials_done{0};
  std::atomic<uint64_t> trials_planned{0};
};

RunResult run_trials(const TrialJob& job, const RunPlan& plan, RunProgress* progress = nullptr);

// Trials in block b of a plan.
inline uint64_t block_first_trial(uint64_t block, uint32_t block_size) noexcept { return block * block_size; }

}  // namespace volley
