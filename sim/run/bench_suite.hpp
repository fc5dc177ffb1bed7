#pragma once
// The fixed bench suite (`volley bench`): fixed scenarios, seed and trial counts, so that the combined
// signature changes only when behaviour changes (a commit that changes it says `Bench: <signature>`).
#include "sim/output/bench_report.hpp"
#include "sim/scenario/trial_job.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace volley {

inline constexpr uint64_t BenchSeed = 20261129;
inline constexpr int PoolsPerBenchTrial = 64;  // 10-die pools rolled per trial of the dice entries

struct BenchEntry {
  std::string name;
  uint64_t trials = 0;
  std::function<std::unique_ptr<TrialJob>(uint64_t seed)> make_job;
};

// The suite. `scale` divides every trial count (the signature test runs a reduced workload).
std::vector<BenchEntry> bench_suite();

// Runs the suite (trials divided by `divisor`) with `threads` workers, each entry `repeat` times:
// its line has the fastest run's time, and every run must give the same signature (else throws).
BenchReport run_bench(int threads, uint64_t divisor, int repeat = 1);

// Draws one word after another from a Philox stream for about `seconds`: words per second, one thread.
double measure_raw_draws_per_second(double seconds);

}  // namespace volley
