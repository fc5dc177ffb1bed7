#pragma once
// One run of a job from the command line, with everything around it: outputs checked writable before
// the first trial, shards, checkpoints and resume, SIGINT/SIGTERM handling, the progress bar, and the
// result files written atomically (marked partial when the run was interrupted).
#include "sim/record/run_record.hpp"
#include "sim/run/run_settings.hpp"
#include "sim/run/trials_progress.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace volley {

struct SessionOutcome {
  RunRecord record;
  bool interrupted = false;
  std::string checkpoint_failure;  // why the last checkpoint could not be saved (empty: saved, or none asked)
};

// Checkpoints (--checkpoint, --resume) are saved every CheckpointBlocks completed blocks or every
// CheckpointSeconds seconds, whichever comes first, checked every CheckpointRoundBlocks blocks.
inline constexpr uint64_t CheckpointBlocks = 64;
inline constexpr int CheckpointSeconds = 60;
inline constexpr uint64_t CheckpointRoundBlocks = 8;

// Blocks between two rounds told to a RoundSink once the doubling rounds have passed this size (16
// blocks: 65,536 trials, about 0.13 s of the default scenario on 2 cores).
inline constexpr uint64_t LiveReportBlocks = 16;

// Told after every round of a run but the last, with the record of the blocks completed so far
// (marked partial), for a page that draws the intervals narrowing; it may fill the record's
// presentation before it sends it.
using RoundSink = std::function<void(RunRecord& partial)>;

// A new run's identity, kept by the runs that resume it (RunRecord::run_id).
std::string new_run_id();

// Check every output path of the settings (json, csv, plot, report, checkpoint) before running:
// writable, a .png or .svg plot, no two on one file, none on an input (the scenario file, the
// checkpoint being resumed unless it is the one being saved, and `inputs`: the files to merge).
void check_outputs(const RunSettings& settings, const std::vector<std::string>& inputs = {});

// A resumed run plays the trials and the seed of the run that saved the checkpoint, unless --trials
// or --seed say otherwise (then the two must agree: run_session refuses a checkpoint of another run).
// Call before the job is made (the seed is the job's).
void take_plan_from_checkpoint(RunSettings& settings);

// Where a run saves its checkpoints: --checkpoint, or else the file it resumes (a resumed run goes
// on saving its progress there); empty: none.
const std::string& checkpoint_path(const RunSettings& settings);

// The checks run_session makes of its settings before it plays (its plan against the job it plays,
// --precision with --shard), for a caller that refuses bad input before it starts anything else.
// Throws std::invalid_argument.
void check_session(const TrialJob& job, const RunSettings& settings, const std::string& headline);

// Run `job` as the settings say, filling the record's plan and tally; writes checkpoints as it goes.
// The record's scenario fields must be filled by the caller. `stop` ends the run at a block boundary;
// null: SIGINT or SIGTERM does (sim/run/interrupt.hpp). `progress` is told as the run goes (may be
// empty); `rounds` (may be empty) after each round but the last, rounds then ending at 1, 2, 4, ...
// blocks and every LiveReportBlocks after that.
SessionOutcome run_session(const TrialJob& job, const RunSettings& settings, RunRecord record, const std::string& headline,
                           const std::atomic<bool>* stop = nullptr, const TrialsSink& progress = {}, const RoundSink& rounds = {});

// "k/N" (1 <= k <= N) -> slice {k-1, N}; throws std::invalid_argument.
BlockSlice parse_shard(const std::string& text);

// The record's scenario identity from a document and model.
void describe_scenario(RunRecord& record, const ScenarioDocument& doc, const ScenarioModel& model, const std::vector<std::string>& sets);

}  // namespace volley
