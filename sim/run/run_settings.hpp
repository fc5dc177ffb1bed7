#pragma once
// The options every command that runs trials shares (run, compare, sweep, tune, sensitivity), and
// how they become a RunPlan.
#include "sim/output/result_files.hpp"
#include "sim/run/driver.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace volley {

struct RunSettings : ResultFiles {  // json, csv, plot, report
  std::string scenario;             // path, shipped name, or empty for the default
  std::vector<std::string> sets;    // --set key=value, in order
  uint64_t trials = 100000;         // the command's default when --trials is not given
  uint64_t trials_option = 0;       // --trials as given (0: not given)
  std::string precision;            // "[NAME=]E"; empty: run exactly `trials`
  std::string seed = "1";           // a number, or "random"
  bool seed_given = false;          // --seed was on the command line (a resumed run otherwise takes the saved one)
  int threads = 0;
  bool quiet = false;
  bool no_control = false;  // --no-control: the job's controls are not tallied, every estimate is the plain one
  std::string shard;        // "k/N"
  std::string checkpoint, resume;
  double level = 0.95;
  uint64_t stop_after_blocks = 0;  // testing: behave as if interrupted after this many blocks

  uint64_t seed_value() const;  // resolves "random" once (std::random_device), else parses
  // --trials if given; else PrecisionTrialCap with --precision; else the command's default.
  uint64_t planned_trials() const;
  // How many trials each run plays, for a report's header: "20000", or with --precision
  // "up to 1000000000 (--precision 0.02)", since each run then stops on its own.
  std::string trials_text() const;
  // Whether an output holds the result document (--json, --report): only then are its fields for
  // people (the headline, the map, the labelled tables) worth building.
  bool writes_result_document() const { return !json.empty() || !report.empty(); }
};

// The plan for a job: trials, threads, precision target resolved against the schema (a bare number
// means `headline`). Throws std::invalid_argument naming an unknown metric.
RunPlan make_plan(const RunSettings& settings, const Schema& schema, const std::string& headline);

// The most trials one run may plan: the completed-block flags of a run are kept in memory (one byte
// per 4096-trial block), and 1e11 trials are already about three days of the default firefight on
// 2 cores. Larger studies split into shards or MPI ranks of this size.
// The cap on trials when only --precision is given.
inline constexpr uint64_t PrecisionTrialCap = 1'000'000'000;

inline constexpr uint64_t MaxTrials = 100'000'000'000;

// The settings of the commands that run a scenario at many values (sweep's grid points, tune's
// evaluated values): by default a fifth of `run`'s trials a value, since a study plays many.
inline constexpr uint64_t TrialsPerStudyValue = 20'000;
inline RunSettings study_run_settings() {
  RunSettings settings;
  settings.trials = TrialsPerStudyValue;
  return settings;
}

}  // namespace volley
