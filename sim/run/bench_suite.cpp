#include "sim/run/bench_suite.hpp"

#include "sim/run/dice_pool_job.hpp"
#include "sim/run/driver.hpp"
#include "sim/scenario/embedded_scenarios.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

namespace volley {

namespace {

std::function<std::unique_ptr<TrialJob>(uint64_t)> shipped(const std::string& name, std::vector<std::string> sets) {
  return [name, sets](uint64_t seed) {
    auto model = load_model(open_scenario(name, sets));
    return model->make_job(seed);
  };
}

template <PoolPath Path>
std::function<std::unique_ptr<TrialJob>(uint64_t)> pool(int dice, int band, int faces, int pools_per_trial) {
  return [=](uint64_t seed) {
    PoolSpec spec;
    spec.dice = dice;
    spec.faces = faces;
    spec.target = band;
    return std::make_unique<DicePoolJob<Path>>(spec, seed, pools_per_trial);
  };
}

bool shipped_exists(const std::string& name) {
  for (const auto& s : embedded_scenarios())
    if (name == s.name) return true;
  return false;
}

}  // namespace

std::vector<BenchEntry> bench_suite() {
  std::vector<BenchEntry> suite;
  // Dice pools: the same 10d20-at-6 pool through both paths (binomial >= 3x per-die speed).
  // Each trial rolls the pool PoolsPerBenchTrial times, so the figure is the dice's, not the driver's.
  suite.push_back({"pool 10d20<=6 binomial", 500'000, pool<PoolPath::Binomial>(10, 6, 20, PoolsPerBenchTrial)});
  suite.push_back({"pool 10d20<=6 per-die", 100'000, pool<PoolPath::PerDie>(10, 6, 20, PoolsPerBenchTrial)});
  // The kernels, on shipped scenarios (entries appear as the kernels land).
  if (shipped_exists("herero-ambush")) {
    suite.push_back({"herero-ambush never", 400'000, shipped("herero-ambush", {"herero.policy=never"})});
    suite.push_back({"herero-ambush always", 400'000, shipped("herero-ambush", {"herero.policy=always"})});
  }
  if (shipped_exists("osona")) suite.push_back({"osona", 200'000, shipped("osona", {})});
  if (shipped_exists("rolling-barrage")) suite.push_back({"rolling-barrage", 400'000, shipped("rolling-barrage", {})});
  if (shipped_exists("pre-registered")) suite.push_back({"pre-registered", 400'000, shipped("pre-registered", {})});
  return suite;
}

double measure_raw_draws_per_second(double seconds) {
  using Clock = std::chrono::steady_clock;
  Stream stream(BenchSeed, 0, Purpose::Test, 0, 0);
  uint64_t words = 0;
  uint32_t sink = 0;
  const auto start = Clock::now();
  double elapsed = 0;
  while (elapsed < seconds) {
    for (int i = 0; i < (1 << 20); ++i) sink ^= stream.next_u32();
    words += 1 << 20;
    elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  }
  // Keep the loop from being optimised away.
  if (sink == 0x12345678u) words += 1;
  return static_cast<double>(words) / elapsed;
}

BenchReport run_bench(int threads, uint64_t divisor, int repeat) {
  using Clock = std::chrono::steady_clock;
  BenchReport report;
  uint64_t combined = 0xcbf29ce484222325ull;
  for (const auto& entry : bench_suite()) {
    const auto job = entry.make_job(BenchSeed);
    RunPlan plan;
    plan.trials = std::max<uint64_t>(1, entry.trials / divisor);
    plan.threads = threads;
    // The fastest of `repeat` runs: on a shared machine the others lost time to other work, not to
    // the kernel. Every run must give the same tally, bit for bit (a determinism check for free).
    double seconds = 0;
    uint64_t signature = 0;
    for (int r = 0; r < repeat; ++r) {
      const auto start = Clock::now();
      const RunResult result = run_trials(*job, plan);
      const double run_seconds = std::chrono::duration<double>(Clock::now() - start).count();
      const uint64_t run_signature = result.tally.signature();
      if (r > 0 && run_signature != signature)
        throw std::runtime_error("bench: '" + entry.name + "' gave two different signatures in two runs of the same trials");
      signature = run_signature;
      seconds = r == 0 ? run_seconds : std::min(seconds, run_seconds);
    }
    // Draws per trial, measured apart from the timed run over the first trials.
    auto worker = job->make_worker();
    std::vector<int64_t> obs(job->schema()->observations());
    uint64_t draws = 0;
    const uint64_t sample = std::min<uint64_t>(plan.trials, 2000);
    for (uint64_t t = 0; t < sample; ++t) {
      worker->play(t, obs.data());
      draws += worker->last_draws();
    }
    BenchLine line{entry.name,
                   plan.trials,
                   signature,
                   seconds,
                   static_cast<double>(plan.trials) / seconds,
                   static_cast<double>(draws) / static_cast<double>(sample)};
    for (int byte = 0; byte < 8; ++byte) {
      combined ^= (line.signature >> (8 * byte)) & 0xff;
      combined *= 0x100000001b3ull;
    }
    report.lines.push_back(line);
  }
  report.signature = combined;
  return report;
}

}  // namespace volley
