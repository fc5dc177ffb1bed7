// The parallel driver: identical bits for any thread count, precision stopping after the first block
// whose prefix is precise enough, slices that partition the blocks, and a known binomial answer.
#include "analysis/estimate.hpp"
#include "engine/exact_dice.hpp"
#include "sim/run/dice_pool_job.hpp"
#include "sim/run/driver.hpp"
#include "sim/run/run_settings.hpp"

#include <catch2/catch.hpp>

using namespace volley;

namespace {
PoolSpec ten_d20_at_6() {
  PoolSpec p;
  p.dice = 10;
  p.faces = 20;
  p.target = 6;
  return p;
}

// 10d20 at 6 (mean hits 3, sd ~1.45) to a half-width of 0.01, one thread: about 81,000 trials are
// needed, some 79 blocks of 1024 trials.
RunPlan precision_plan() {
  RunPlan plan;
  plan.trials = 10'000'000;
  plan.block_size = 1024;
  plan.precision = PrecisionTarget{0, 0.01, 0.95};
  plan.threads = 1;
  return plan;
}
}  // namespace

TEST_CASE("The same seed gives bit-identical tallies at 1, 2, 3 and 8 threads", "[sim][driver]") {
  const DicePoolJob<PoolPath::Binomial> job(ten_d20_at_6(), 1234);
  RunPlan plan;
  plan.trials = 100000 + 17;  // a partial last block
  plan.block_size = 1000;
  plan.threads = 1;
  const Tally one = run_trials(job, plan).tally;
  CHECK(one.trials() == plan.trials);
  for (int threads : {2, 3, 8}) {
    plan.threads = threads;
    const Tally many = run_trials(job, plan).tally;
    CHECK(many == one);
    CHECK(many.signature() == one.signature());
  }
}

TEST_CASE("A different seed gives a different tally", "[sim][driver]") {
  RunPlan plan;
  plan.trials = 10000;
  const Tally a = run_trials(DicePoolJob<PoolPath::Binomial>(ten_d20_at_6(), 1), plan).tally;
  const Tally b = run_trials(DicePoolJob<PoolPath::Binomial>(ten_d20_at_6(), 2), plan).tally;
  CHECK_FALSE(a == b);
}

TEST_CASE("Slices partition the blocks: merged slices equal the whole run", "[sim][driver]") {
  const DicePoolJob<PoolPath::Binomial> job(ten_d20_at_6(), 99);
  RunPlan plan;
  plan.trials = 50000;
  plan.block_size = 4096;
  const Tally whole = run_trials(job, plan).tally;
  Tally merged(job.schema());
  for (uint64_t k = 0; k < 3; ++k) {
    plan.slice = BlockSlice{k, 3};
    merged.merge(run_trials(job, plan).tally);
  }
  CHECK(merged == whole);
}

// The first block count whose prefix meets the plan's precision, found by fixed runs of 1, 2, 3, ...
// blocks (no precision target: the prefix's tally computed afresh each time).
uint64_t first_precise_block_count(const TrialJob& job, const RunPlan& precise) {
  RunPlan fixed;
  fixed.block_size = precise.block_size;
  fixed.threads = 1;
  for (uint64_t k = 1;; ++k) {
    fixed.trials = k * precise.block_size;
    const Tally t = run_trials(job, fixed).tally;
    if (precision_half_width(t, precise.precision->metric, precise.precision->level) <= precise.precision->half_width) return k;
  }
}

TEST_CASE("Precision stopping ends after the first block whose prefix is precise enough, the same for any thread count", "[sim][driver]") {
  const DicePoolJob<PoolPath::Binomial> job(ten_d20_at_6(), 5);
  RunPlan plan = precision_plan();
  const uint64_t k = first_precise_block_count(job, plan);
  REQUIRE((k & (k - 1)) != 0);  // not a power of two: a check at 1, 2, 4, ... blocks only would play on to the next
  const RunResult a = run_trials(job, plan);
  CHECK(a.precision_reached);
  CHECK(a.tally.trials() == k * 1024);
  CHECK(estimate_metric(a.tally, 0).half_width() <= 0.01);
  RunPlan fixed;
  fixed.trials = k * 1024;
  fixed.block_size = 1024;
  CHECK(a.tally == run_trials(job, fixed).tally);
  for (int threads : {2, 3, 8}) {
    plan.threads = threads;
    const RunResult b = run_trials(job, plan);
    CHECK(b.precision_reached);
    CHECK(b.tally == a.tally);
    CHECK(b.planned_trials == k * 1024);
  }
}

TEST_CASE("A precision target plays blocks of PrecisionBlockSize: at most threads - 1 blocks past the stop", "[sim][driver]") {
  // The command line's plan: blocks of 1024 with --precision, 4096 without.
  const DicePoolJob<PoolPath::Binomial> job(ten_d20_at_6(), 5);
  RunSettings settings;
  settings.trials_option = 10'000'000;
  CHECK(make_plan(settings, *job.schema(), "hits").block_size == DefaultBlockSize);
  settings.precision = "0.01";
  const RunPlan from_settings = make_plan(settings, *job.schema(), "hits");
  CHECK(from_settings.block_size == PrecisionBlockSize);
  REQUIRE(from_settings.precision.has_value());
  // Played (the progress count, blocks dropped past the stop included) against kept: rounds of one
  // block per thread, so at most threads - 1 blocks are played beyond the one that stops.
  for (int threads : {1, 2, 3}) {
    RunPlan plan = from_settings;
    plan.threads = threads;
    RunProgress progress;
    const RunResult r = run_trials(job, plan, &progress);
    CAPTURE(threads);
    REQUIRE(r.precision_reached);
    CHECK(r.tally.trials() % PrecisionBlockSize == 0);
    CHECK(progress.trials_done.load() >= r.tally.trials());
    CHECK(progress.trials_done.load() <= r.tally.trials() + uint64_t(threads - 1) * PrecisionBlockSize);
  }
}

TEST_CASE("The driver's pool tally matches the exact binomial law", "[sim][driver]") {
  const DicePoolJob<PoolPath::Binomial> job(ten_d20_at_6(), 31337);
  RunPlan plan;
  plan.trials = 400000;
  const Tally t = run_trials(job, plan).tally;
  const auto exact = pool_distribution(10, 6, 20);
  const double n = static_cast<double>(plan.trials);
  for (int k = 0; k <= 10; ++k) {
    const double se = std::sqrt(exact[k] * (1 - exact[k]) / n);
    CHECK(std::abs(static_cast<double>(t.count(0, k)) / n - exact[k]) <= 5 * se + 1e-9);
  }
}

TEST_CASE("A stop request ends the run at a block boundary with only whole blocks tallied", "[sim][driver]") {
  const DicePoolJob<PoolPath::Binomial> job(ten_d20_at_6(), 7);
  RunPlan plan;
  plan.trials = 100 * 512;
  plan.block_size = 512;
  plan.threads = 2;
  plan.stop_after_blocks = 10;
  const RunResult r = run_trials(job, plan);
  CHECK(r.interrupted);
  uint64_t done = 0;
  for (auto d : r.done_blocks) done += d;
  CHECK(done >= 10);
  CHECK(done < 100);
  CHECK(r.tally.trials() == done * 512);
  // Finishing the remaining blocks gives the uninterrupted tally exactly.
  RunPlan rest = plan;
  rest.stop_after_blocks = 0;
  rest.done_blocks = r.done_blocks;
  Tally total = r.tally;
  total.merge(run_trials(job, rest).tally);
  plan.stop_after_blocks = 0;
  CHECK(total == run_trials(job, plan).tally);
}

TEST_CASE("A resumed precision run stops where the uninterrupted run stops, with the same tally", "[sim][driver]") {
  // Interrupted after 40 blocks (the whole run needs some 79), the resumed run must check only the
  // prefixes it has not yet checked, and stop where the uninterrupted run stops.
  const DicePoolJob<PoolPath::Binomial> job(ten_d20_at_6(), 5);
  RunPlan plan = precision_plan();
  plan.threads = 2;
  const RunResult whole = run_trials(job, plan);
  REQUIRE(whole.precision_reached);
  REQUIRE(whole.tally.trials() > 60 * 1024);
  plan.stop_after_blocks = 40;
  const RunResult first = run_trials(job, plan);
  REQUIRE(first.interrupted);
  REQUIRE(first.tally.trials() >= 40 * 1024);
  REQUIRE(first.tally.trials() < whole.tally.trials());
  RunPlan rest = plan;
  rest.stop_after_blocks = 0;
  rest.done_blocks = first.done_blocks;
  rest.resumed = &first.tally;
  const RunResult resumed = run_trials(job, rest);
  CHECK(resumed.precision_reached);
  CHECK(resumed.tally == whole.tally);
}

TEST_CASE("A run stopped on precision covers the true mean at the nominal level", "[sim][driver][calibration]") {
  // 4,000 runs of 10d20 at 6 (true mean 3 hits, exactly), each stopped at the first block of 64
  // trials whose prefix's 95% half-width is at most 0.1 (about 810 trials, 13 blocks). The stop
  // depends on the data through the variance estimate; the interval at the stop must still cover 3 in
  // 95% of runs: within 4 binomial standard deviations of 4,000 runs (0.0138), methods.md,
  // "Stopping on precision".
  constexpr int Runs = 4000;
  RunPlan plan;
  plan.trials = 1'000'000;
  plan.block_size = 64;
  plan.threads = 1;
  plan.precision = PrecisionTarget{0, 0.1, 0.95};
  int covered = 0;
  for (int seed = 1; seed <= Runs; ++seed) {
    const RunResult r = run_trials(DicePoolJob<PoolPath::Binomial>(ten_d20_at_6(), static_cast<uint64_t>(seed)), plan);
    REQUIRE(r.precision_reached);
    const Interval i = estimate_metric(r.tally, 0);
    if (i.low <= 3.0 && 3.0 <= i.high) ++covered;
  }
  const double coverage = static_cast<double>(covered) / Runs;
  const double sd = std::sqrt(0.95 * 0.05 / Runs);
  CHECK(coverage >= 0.95 - 4 * sd);
  CHECK(coverage <= 0.95 + 4 * sd);
}
