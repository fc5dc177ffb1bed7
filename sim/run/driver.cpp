#include "sim/run/driver.hpp"

#include "analysis/estimate.hpp"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>

#include <algorithm>

namespace volley {

namespace {

// One per worker thread: the kernel's scratch, an observation buffer and this thread's tally. Held in
// an enumerable_thread_specific, which is scratch per thread, never random state (a trial's numbers
// come from its index alone).
struct WorkerSlot {
  std::unique_ptr<TrialWorker> worker;
  std::vector<int64_t> obs;
  Tally tally;
  explicit WorkerSlot(const TrialJob& job)
      : worker(job.make_worker()), obs(job.schema()->size(), 0), tally(job.schema()) {}
};

}  // namespace

RunResult run_trials(const TrialJob& job, const RunPlan& plan, RunProgress* progress) {
  const uint64_t block_size = std::max<uint32_t>(plan.block_size, 1);
  RunResult result;
  result.tally = plan.resumed != nullptr ? *plan.resumed : Tally(job.schema());
  result.blocks_total = (plan.trials + block_size - 1) / block_size;
  result.done_blocks = plan.done_blocks;
  result.done_blocks.resize(result.blocks_total, 0);

  // More threads than cores is allowed (tests prove determinism at 8 threads on 2 cores); TBB caps
  // its workers at the core count unless told otherwise.
  std::optional<tbb::global_control> allow;
  if (plan.threads > 0)
    allow.emplace(tbb::global_control::max_allowed_parallelism, static_cast<size_t>(plan.threads));
  tbb::task_arena arena(plan.threads > 0 ? plan.threads : tbb::task_arena::automatic);
  std::atomic<uint64_t> blocks_completed{0};
  std::atomic<bool> hook_stop{false};
  auto stop_requested = [&] {
    return hook_stop.load(std::memory_order_relaxed) ||
           (plan.stop != nullptr && plan.stop->load(std::memory_order_relaxed));
  };

  // Rounds end at fixed block counts: all blocks at once, or 1, 2, 4, ... with a precision target.
  // Checkpoint rounds and doubling_rounds add more ends; the precision check still happens only at powers of two.
  std::vector<uint64_t> round_ends;
  const auto is_precision_check = [](uint64_t m) { return (m & (m - 1)) == 0; };
  if (plan.precision || plan.doubling_rounds)
    for (uint64_t m = 1; m < result.blocks_total; m *= 2) round_ends.push_back(m);
  if (plan.checkpoint_blocks > 0)
    for (uint64_t m = plan.checkpoint_blocks; m < result.blocks_total; m += plan.checkpoint_blocks) round_ends.push_back(m);
  round_ends.push_back(result.blocks_total);
  std::sort(round_ends.begin(), round_ends.end());
  round_ends.erase(std::unique(round_ends.begin(), round_ends.end()), round_ends.end());

  // A resumed run already holds blocks up to resumed_end - 1, which the interrupted run reached only
  // after its precision checks before them had failed. A check at round m < resumed_end would read
  // more than the prefix 0..m-1 (and could stop where the uninterrupted run does not): skip it.
  uint64_t resumed_end = 0;
  for (uint64_t b = 0; b < result.done_blocks.size(); ++b)
    if (result.done_blocks[b] != 0) resumed_end = b + 1;

  uint64_t round_begin = 0;
  bool combined = false;
  for (uint64_t round_end : round_ends) {
    if (progress != nullptr)
      progress->trials_planned.store(std::min(plan.trials, round_end * block_size), std::memory_order_relaxed);
    tbb::enumerable_thread_specific<WorkerSlot> slots([&job] { return WorkerSlot(job); });
    arena.execute([&] {
      tbb::parallel_for(
          tbb::blocked_range<uint64_t>(round_begin, round_end, 1),
          [&](const tbb::blocked_range<uint64_t>& range) {
            for (uint64_t block = range.begin(); block != range.end(); ++block) {
              if (!plan.slice.owns(block) || result.done_blocks[block] != 0 || stop_requested()) continue;
              WorkerSlot& slot = slots.local();
              const uint64_t first = block * block_size;
              const uint64_t last = std::min(plan.trials, first + block_size);
              // The trial loop: no locks, no atomics, no allocation.
              for (uint64_t trial = first; trial < last; ++trial) {
                slot.worker->play(trial, slot.obs.data());
                slot.tally.add(slot.obs.data());
              }
              result.done_blocks[block] = 1;  // each block is written by the one thread that ran it
              if (progress != nullptr) progress->trials_done.fetch_add(last - first, std::memory_order_relaxed);
              // Release: this block's writes (the slot's tally, done_blocks) happen before the
              // acquire below. TBB's own join already orders them; this makes the order visible to
              // ThreadSanitizer, which cannot see inside the uninstrumented Debian libtbb.
              const uint64_t completed = blocks_completed.fetch_add(1, std::memory_order_acq_rel) + 1;
              if (plan.stop_after_blocks != 0 && completed >= plan.stop_after_blocks)
                hook_stop.store(true, std::memory_order_relaxed);
            }
          },
          tbb::simple_partitioner{});
    });
    (void)blocks_completed.load(std::memory_order_acquire);
    slots.combine_each([&](const WorkerSlot& slot) { result.tally.merge(slot.tally); });
    result.planned_trials = std::min(plan.trials, round_end * block_size);
    round_begin = round_end;
    if (plan.on_round) plan.on_round(result.tally, result.done_blocks);

    // A stop ends the run here unless it is complete: every owned block of this round done (a stop
    // within the round skipped the rest) and either the last round or its precision reached. A stop
    // that comes after the last block, or in a round whose precision check ends the run as the
    // uninterrupted run would end, leaves a complete result. (Scanned only once a stop is raised.)
    const auto round_cut = [&] {
      for (uint64_t b = 0; b < round_end; ++b)
        if (plan.slice.owns(b) && result.done_blocks[b] == 0) return true;
      return false;
    };
    const bool stopping = stop_requested();
    if (stopping && round_cut()) {
      result.interrupted = true;
      break;
    }
    if (plan.precision && round_end < result.blocks_total && is_precision_check(round_end) && round_end >= resumed_end) {
      Tally global = plan.combine ? plan.combine(result.tally) : result.tally;
      if (precision_half_width(global, plan.precision->metric, plan.precision->level) <= plan.precision->half_width) {
        result.tally = std::move(global);
        combined = true;
        result.precision_reached = true;
        break;
      }
    }
    if (stopping && round_end < result.blocks_total) {
      result.interrupted = true;
      break;
    }
  }
  if (plan.precision && !result.interrupted && !result.precision_reached) {
    const Tally& global_view = result.tally;
    if (!plan.combine) {
      result.precision_reached =
          precision_half_width(global_view, plan.precision->metric, plan.precision->level) <= plan.precision->half_width;
    }
  }
  if (plan.combine && !combined) {
    result.tally = plan.combine(result.tally);
    if (plan.precision && !result.interrupted)
      result.precision_reached =
          precision_half_width(result.tally, plan.precision->metric, plan.precision->level) <= plan.precision->half_width;
  }
  return result;
}

}  // namespace volley
