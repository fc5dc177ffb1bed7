#include "sim/run/driver.hpp"

#include "analysis/estimate.hpp"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <bit>

namespace volley {

namespace {

// One per worker thread: the kernel's scratch, an observation buffer and this thread's tally. Held in
// an enumerable_thread_specific, which is scratch per thread, never random state (a trial's numbers
// come from its index alone).
struct WorkerSlot {
  std::unique_ptr<TrialWorker> worker;
  std::vector<int64_t> obs;
  Tally tally;
  explicit WorkerSlot(const TrialJob& job) : worker(job.make_worker()), obs(job.schema()->observations(), 0), tally(job.schema()) {}
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
  if (plan.threads > 0) allow.emplace(tbb::global_control::max_allowed_parallelism, static_cast<size_t>(plan.threads));
  tbb::task_arena arena(plan.threads > 0 ? plan.threads : tbb::task_arena::automatic);
  std::atomic<uint64_t> blocks_completed{0};
  std::atomic<bool> hook_stop{false};
  auto stop_requested = [&] {
    return hook_stop.load(std::memory_order_relaxed) || (plan.stop != nullptr && plan.stop->load(std::memory_order_relaxed));
  };

  // Rounds end at fixed block counts: all blocks at once; with a precision target, every `width`
  // blocks (the blocks one round keeps the workers busy with: the precision check itself is made after
  // every block, in block order, below); with doubling_rounds, at 1, 2, 4, ... blocks instead (the
  // live page: a round is a record streamed, so it keeps its few rounds and may play ahead of a stop).
  // Checkpoint rounds add more ends. The ends change only how much is played ahead of a stop, never
  // the result. Under MPI (combine) every rank must make the same calls to combine: the width is then
  // the same on every rank.
  // The ends as a rule, not a list: a precision target plans up to a billion trials, whose list of
  // ends alone took longer to sort than a quick answer's trials.
  const uint64_t precision_width = plan.precision && !plan.doubling_rounds
                                       ? (plan.combine ? 4 * plan.slice.count : static_cast<uint64_t>(std::max(arena.max_concurrency(), 1)))
                                       : 0;
  const auto next_round_end = [&](uint64_t after) {
    uint64_t next = result.blocks_total;
    if (precision_width > 0) next = std::min(next, (after / precision_width + 1) * precision_width);
    if (plan.doubling_rounds) next = std::min(next, after == 0 ? uint64_t{1} : std::bit_floor(after) * 2);
    if (plan.checkpoint_blocks > 0) next = std::min(next, (after / plan.checkpoint_blocks + 1) * plan.checkpoint_blocks);
    return next;
  };

  // A resumed run already holds blocks up to resumed_end - 1, which the interrupted run reached only
  // after its precision checks at each of them had failed: the checks start after them.
  uint64_t resumed_end = 0;
  for (uint64_t b = 0; b < plan.done_blocks.size(); ++b)
    if (plan.done_blocks[b] != 0) resumed_end = b + 1;

  uint64_t round_begin = 0;
  // With a precision target each block of a round fills a tally of its own, and the blocks join the
  // result in block order, the precision checked after each: the run stops after the first block
  // whose prefix meets the target, whatever the threads ran beyond it (those blocks are dropped). The
  // result is the tally of that prefix: the same for any thread count. Under MPI each block's tally
  // is combined across ranks before it joins, so the result is global all along.
  const bool per_block = plan.precision.has_value();
  bool combined = per_block && static_cast<bool>(plan.combine);
  std::vector<Tally> block_tallies;
  bool more_rounds = true;
  for (uint64_t round_end = next_round_end(0); more_rounds; round_end = next_round_end(round_end)) {
    more_rounds = round_end < result.blocks_total;
    if (progress != nullptr) progress->trials_planned.store(std::min(plan.trials, round_end * block_size), std::memory_order_relaxed);
    if (per_block) block_tallies.assign(round_end - round_begin, Tally(job.schema()));
    tbb::enumerable_thread_specific<WorkerSlot> slots([&job] { return WorkerSlot(job); });
    arena.execute([&] {
      tbb::parallel_for(
          tbb::blocked_range<uint64_t>(round_begin, round_end, 1),
          [&](const tbb::blocked_range<uint64_t>& range) {
            for (uint64_t block = range.begin(); block != range.end(); ++block) {
              if (!plan.slice.owns(block) || result.done_blocks[block] != 0 || stop_requested()) continue;
              WorkerSlot& slot = slots.local();
              Tally& tally = per_block ? block_tallies[block - round_begin] : slot.tally;
              const uint64_t first = block * block_size;
              const uint64_t last = std::min(plan.trials, first + block_size);
              // The trial loop: no locks, no atomics, no allocation.
              for (uint64_t trial = first; trial < last; ++trial) {
                slot.worker->play(trial, slot.obs.data());
                tally.add(slot.obs.data());
              }
              result.done_blocks[block] = 1;  // each block is written by the one thread that ran it
              if (progress != nullptr) progress->trials_done.fetch_add(last - first, std::memory_order_relaxed);
              // Release: this block's writes (the slot's tally, done_blocks) happen before the
              // acquire below. TBB's own join already orders them; this makes the order visible to
              // ThreadSanitizer, which cannot see inside the uninstrumented Debian libtbb.
              const uint64_t completed = blocks_completed.fetch_add(1, std::memory_order_acq_rel) + 1;
              if (plan.stop_after_blocks != 0 && completed >= plan.stop_after_blocks) hook_stop.store(true, std::memory_order_relaxed);
            }
          },
          tbb::simple_partitioner{});
    });
    (void)blocks_completed.load(std::memory_order_acquire);
    const bool stopping = stop_requested();
    if (per_block) {
      // Join the round's blocks in order; a block a stop left unplayed (fewer trials than it holds)
      // cuts the prefix there. Under MPI every rank combines every block of the round first, so that
      // all make the same collective calls and then see the same prefix.
      if (plan.combine)
        for (Tally& tally : block_tallies) tally = plan.combine(tally);
      uint64_t end = round_begin;
      for (; end < round_end; ++end) {
        if (end < resumed_end) continue;  // resumed: already in the tally
        const Tally& tally = block_tallies[end - round_begin];
        const uint64_t first = end * block_size;
        if (tally.trials() != std::min(plan.trials, first + block_size) - first) {
          result.interrupted = true;
          break;
        }
        result.tally.merge(tally);
        if (end + 1 < result.blocks_total &&
            precision_half_width(result.tally, plan.precision->metric, plan.precision->level) <= plan.precision->half_width) {
          result.precision_reached = true;
          ++end;
          break;
        }
      }
      for (uint64_t b = end; b < round_end; ++b) result.done_blocks[b] = 0;  // played beyond the stop: dropped
      result.planned_trials = std::min(plan.trials, end * block_size);
      round_begin = round_end;
      if (plan.on_round) plan.on_round(result.tally, result.done_blocks);
      if (result.precision_reached || result.interrupted) break;
      if (stopping && round_end < result.blocks_total) {
        result.interrupted = true;
        break;
      }
      continue;
    }
    slots.combine_each([&](const WorkerSlot& slot) { result.tally.merge(slot.tally); });
    result.planned_trials = std::min(plan.trials, round_end * block_size);
    round_begin = round_end;
    if (plan.on_round) plan.on_round(result.tally, result.done_blocks);

    // A stop ends the run here unless it is complete: every owned block of this round done (a stop
    // within the round skipped the rest) and the last round. A stop that comes after the last block
    // leaves a complete result. (Scanned only once a stop is raised.)
    const auto round_cut = [&] {
      for (uint64_t b = 0; b < round_end; ++b)
        if (plan.slice.owns(b) && result.done_blocks[b] == 0) return true;
      return false;
    };
    if (stopping && round_cut()) {
      result.interrupted = true;
      break;
    }
    if (stopping && round_end < result.blocks_total) {
      result.interrupted = true;
      break;
    }
  }
  if (plan.combine && !combined) result.tally = plan.combine(result.tally);
  // A run that played every block: the precision is that of the whole.
  if (plan.precision && !result.interrupted && !result.precision_reached)
    result.precision_reached =
        precision_half_width(result.tally, plan.precision->metric, plan.precision->level) <= plan.precision->half_width;
  return result;
}

}  // namespace volley
