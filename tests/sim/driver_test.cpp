// The parallel driver: identical bits for any thread count, precision stopping at fixed block
// counts, slices that partition the blocks, and a known binomial answer.
#include "analysis/estimate.hpp"
#include "engine/exact_dice.hpp"
#include "sim/run/dice_pool_job.hpp"
#include "sim/run/driver.hpp"

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

// 10d20 at 6 (mean hits 3, sd ~1.45) to a half-width of 0.01, one thread: first met at 128 blocks of
// 1024 trials (about 81,000 trials are needed; 64 blocks give ~0.011).
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

TEST_CASE("Precision stopping ends at a power-of-two block count, the same for any thread count", "[sim][driver]") {
  const DicePoolJob<PoolPath::Binomial> job(ten_d20_at_6(), 5);
  RunPlan plan = precision_plan();
  const RunResult a = run_trials(job, plan);
  plan.threads = 2;
  const RunResult b = run_trials(job, plan);
  CHECK(a.precision_reached);
  CHECK(a.tally == b.tally);
  CHECK(a.tally.trials() == 128 * 1024);
  CHECK(estimate_metric(a.tally, 0).half_width() <= 0.01);
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
  // 10d20 at 6: sd ~1.45, so half-width 0.01 is first met at 128 blocks of 1024 (64 give ~0.011).
  // Interrupted after 100 blocks, the resumed run must not check round 64 on its 100 blocks (~0.0089,
  // met) and stop there: the precision check reads the contiguous prefix 0..m-1 only.
  const DicePoolJob<PoolPath::Binomial> job(ten_d20_at_6(), 5);
  RunPlan plan = precision_plan();
  const RunResult whole = run_trials(job, plan);
  REQUIRE(whole.tally.trials() == 128 * 1024);
  plan.stop_after_blocks = 100;
  const RunResult first = run_trials(job, plan);
  REQUIRE(first.interrupted);
  REQUIRE(first.tally.trials() > 64 * 1024);
  RunPlan rest = plan;
  rest.stop_after_blocks = 0;
  rest.done_blocks = first.done_blocks;
  rest.resumed = &first.tally;
  const RunResult resumed = run_trials(job, rest);
  CHECK(resumed.precision_reached);
  CHECK(resumed.tally.trials() == 128 * 1024);
  CHECK(resumed.tally == whole.tally);
}
