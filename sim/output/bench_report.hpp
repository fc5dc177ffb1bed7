#pragma once
// `volley bench`'s figures (the suite's signature and speed, the random-number floor) on the terminal
// and as CSV, from what the bench study measured (sim/study/bench_study.hpp).
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace volley {

// One entry of the suite (sim/run/bench_suite.hpp).
struct BenchLine {
  std::string name;
  uint64_t trials = 0;
  uint64_t signature = 0;
  double seconds = 0;
  double trials_per_second = 0;
  double draws_per_trial = 0;  // 32-bit random words
};

struct BenchReport {
  std::vector<BenchLine> lines;
  uint64_t signature = 0;           // hash of the lines' signatures in suite order
  double raw_draws_per_second = 0;  // the random-number floor: one thread, Philox words per second
};

struct BenchTable {
  BenchReport report;
  int worker_threads = 1;
  int repeat = 1;
  int dice_per_pool_trial = 0;  // dice rolled per trial of a "pool ..." entry: its dice/s line
};

// What the study tells as it goes (StudyControl's progress): "start" (build, machine, worker_threads)
// before anything is measured, "floor" (raw_words_per_second) before the suite is played.
std::string bench_progress_text(const std::string& step, const nlohmann::json& piece);

// The table of entries (trials, signature, speed, draws per trial, times the floor) and the signature.
std::string bench_text(const BenchTable& table);
std::string bench_csv(const BenchTable& table);

// "0x0123456789abcdef".
std::string signature_text(uint64_t signature);

}  // namespace volley
