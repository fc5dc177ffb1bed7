#pragma once
// `volley bench`'s study: the fixed suite (sim/run/bench_suite.hpp) played with the given threads,
// its signature (the contract: bench/expected_signature.txt) and speed, and the random-number floor
// the speeds are set against. Its result document is volley-bench (docs/json-format.md). The suite
// names its own scenarios: the study takes no opener.
#include "sim/output/bench_report.hpp"
#include "sim/study/study_control.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace volley {

struct BenchSettings {
  int threads = 0;        // 0: all cores
  uint64_t divisor = 1;   // divides every trial count (a quicker, different signature)
  int repeat = 3;         // runs of each entry: the fastest is reported, all must agree bit for bit
  std::string json, csv;  // checked before anything is measured
};

struct BenchStudy {
  nlohmann::json document;  // volley-bench
  BenchTable table;
};

// Progress: "start" and "floor" (sim/output/bench_report.hpp) before the suite is played.
BenchStudy bench_study(const BenchSettings& settings, const StudyControl& control);

}  // namespace volley
