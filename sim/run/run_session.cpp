#include "sim/run/run_session.hpp"

#include "analysis/summary_table.hpp"
#include "sim/output/atomic_file.hpp"
#include "sim/run/checkpoint_lock.hpp"
#include "sim/scenario/without_controls.hpp"
#include "sim/output/gnuplot.hpp"
#include "sim/run/interrupt.hpp"
#include "sim/record/mpi_world.hpp"
#include "sim/output/text_escaping.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <unistd.h>

namespace volley {

std::string new_run_id() {
  // Unique enough to tell runs apart in a file: the start time in nanoseconds and the process id.
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  char text[48];
  std::snprintf(text, sizeof text, "%llx-%x",
                static_cast<unsigned long long>(std::chrono::duration_cast<std::chrono::nanoseconds>(now).count()),
                static_cast<unsigned>(::getpid()));
  return text;
}

const std::string& checkpoint_path(const RunSettings& s) { return s.checkpoint.empty() ? s.resume : s.checkpoint; }

void check_outputs(const RunSettings& s, const std::vector<std::string>& inputs) {
  if (!s.plot.empty()) (void)gnuplot_terminal(s.plot, 1, 1);
  // A missing gnuplot is found now, not after the whole run (the report page draws without it).
  if (!s.plot.empty()) check_gnuplot("--plot");
  std::vector<std::string> all_inputs = inputs;
  std::error_code ec;
  if (!s.scenario.empty() && std::filesystem::is_regular_file(s.scenario, ec)) all_inputs.push_back(s.scenario);
  // The checkpoint being resumed is read before the run and rewritten as it goes when it is also
  // the one being saved; any other output on it would destroy it.
  const std::string& checkpoint = checkpoint_path(s);
  if (!s.resume.empty() && checkpoint != s.resume) all_inputs.push_back(s.resume);
  check_output_paths({{"--json", s.json},
                      {"--csv", s.csv},
                      {"--plot", s.plot},
                      {"--report", s.report},
                      {s.checkpoint.empty() ? "--resume" : "--checkpoint", checkpoint}},
                     all_inputs);
}

BlockSlice parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  uint64_t k = 0, n = 0;
  const bool ok = slash != std::string::npos && std::from_chars(text.data(), text.data() + slash, k).ec == std::errc{} &&
                  std::from_chars(text.data() + slash + 1, text.data() + text.size(), n).ec == std::errc{};
  if (!ok || n == 0 || k == 0 || k > n) throw std::invalid_argument("--shard: expected k/N with 1 <= k <= N, got '" + text + "'");
  return BlockSlice{k - 1, n};
}

void describe_scenario(RunRecord& record, const ScenarioDocument& doc, const ScenarioModel& model, const std::vector<std::string>& sets) {
  record.scenario_name = doc.name();
  record.scenario_title = model.title();
  record.scenario_kind = model.kind();
  record.scenario_text = doc.canonical_text();
  record.scenario_hash = ScenarioDocument::hash_text(record.scenario_text);  // content_hash(), without printing the text again
  record.sets = sets;
}

void take_plan_from_checkpoint(RunSettings& s) {
  if (s.resume.empty()) return;
  const RunRecord saved = read_record_file(s.resume);
  if (s.trials_option == 0 && s.precision.empty()) s.trials_option = saved.trials;
  if (!s.seed_given) s.seed = std::to_string(saved.seed);
}

namespace {

// The plan of the job a session plays (without its controls under --no-control).
RunPlan session_plan(const TrialJob& job, const RunSettings& s, const std::string& headline) {
  RunPlan plan = make_plan(s, *job.schema(), headline);
  if (!s.precision.empty() && !s.shard.empty())
    throw std::invalid_argument("--precision and --shard together: a shard cannot see the other shards' estimate");
  if (!s.shard.empty()) plan.slice = parse_shard(s.shard);
  return plan;
}

}  // namespace

void check_session(const TrialJob& full_job, const RunSettings& s, const std::string& headline) {
  const std::unique_ptr<TrialJob> plain = s.no_control ? without_controls(full_job) : nullptr;
  (void)session_plan(plain ? *plain : full_job, s, headline);
}

SessionOutcome run_session(const TrialJob& full_job, const RunSettings& s, RunRecord record, const std::string& headline,
                           const std::atomic<bool>* stop, const TrialsSink& progress, const RoundSink& rounds) {
  const std::unique_ptr<TrialJob> plain = s.no_control ? without_controls(full_job) : nullptr;
  const TrialJob& job = plain ? *plain : full_job;
  RunPlan plan = session_plan(job, s, headline);
  plan.stop = stop != nullptr ? stop : install_interrupt_handlers();

  record.seed = s.seed_value();
  record.trials = plan.trials;
  record.block_size = plan.block_size;
  record.blocks_total = (plan.trials + plan.block_size - 1) / plan.block_size;
  record.slice = mpi_world().size > 1 ? BlockSlice{0, 1} : plan.slice;
  record.precision = s.precision;
  record.level = s.level;
  record.threads = s.threads;

  const std::string& checkpoint_file = checkpoint_path(s);
  // Before the checkpoint is read or written: no other run may be saving into it (checkpoint_lock.hpp).
  const CheckpointLock lock(checkpoint_file, s.checkpoint.empty() ? "--resume" : "--checkpoint");
  if (!checkpoint_file.empty()) record.run_id = new_run_id();

  RunRecord resumed;
  if (!s.resume.empty()) {
    resumed = read_record_file(s.resume);
    auto mismatch = [&](const char* field, const std::string& saved, const std::string& now) {
      throw std::invalid_argument("--resume " + s.resume + ": field '" + field + "' differs from this run (saved: " + saved +
                                  "; this run: " + now + ")");
    };
    auto slice_text = [](const BlockSlice& b) { return std::to_string(b.index + 1) + "/" + std::to_string(b.count); };
    if (resumed.scenario_hash != record.scenario_hash)
      mismatch("scenario.content_hash", resumed.scenario_name + (resumed.sets.empty() ? "" : " with --set"),
               record.scenario_name + (record.sets.empty() ? "" : " with --set") + ": another scenario or other --set");
    if (resumed.volley_version != record.volley_version) mismatch("volley_version", resumed.volley_version, record.volley_version);
    if (resumed.seed != record.seed) mismatch("seed", std::to_string(resumed.seed), std::to_string(record.seed));
    if (resumed.trials != record.trials) mismatch("trials_planned", std::to_string(resumed.trials), std::to_string(record.trials));
    if (resumed.block_size != record.block_size)
      mismatch("block_size", std::to_string(resumed.block_size), std::to_string(record.block_size));
    if (resumed.slice.index != record.slice.index || resumed.slice.count != record.slice.count)
      mismatch("slice", slice_text(resumed.slice), slice_text(record.slice));
    if (resumed.precision != record.precision) mismatch("precision", "'" + resumed.precision + "'", "'" + record.precision + "'");
    if (resumed.tally.schema().size() != job.schema()->size())
      mismatch("metrics", std::to_string(resumed.tally.schema().size()), std::to_string(job.schema()->size()));
    // The builds are not compared (shard_merge.cpp says why): another build's checkpoint is resumed
    // with a warning, and the result does not claim one build.
    if (resumed.volley_build != record.volley_build) {
      if (mpi_world().rank == 0)  // every rank reads the same checkpoint; one says so
        std::fprintf(stderr,
                     "--resume %s: warning: written by another build (\"%s\"; this run: \"%s\"): a commit between them may "
                     "have changed results\n",
                     s.resume.c_str(), resumed.volley_build.empty() ? "not recorded" : resumed.volley_build.c_str(),
                     record.volley_build.c_str());
      record.volley_build = SeveralBuilds;
    }
    resumed.tally = [&] {  // re-seat the tally on this job's schema object (same layout, checked above)
      Tally t(job.schema());
      t.from_words(resumed.tally.trials(), resumed.tally.to_words());
      return t;
    }();
    plan.done_blocks = resumed.done_blocks;
    plan.resumed = &resumed.tally;
    // The resumed run goes on as the run it continues, and says which one that is.
    if (!resumed.run_id.empty()) record.run_id = resumed.run_id;
    if (mpi_world().rank == 0 && !s.quiet)
      std::fprintf(stderr, "--resume %s: continuing run %s (%llu of %llu trials done)\n", s.resume.c_str(),
                   resumed.run_id.empty() ? "(not recorded)" : resumed.run_id.c_str(),
                   static_cast<unsigned long long>(resumed.tally.trials()), static_cast<unsigned long long>(resumed.trials));
  }
  // Checkpoints are saved every CheckpointBlocks blocks or CheckpointSeconds seconds, whichever comes
  // first (a slow scenario keeps its work under kill -9): rounds end every few blocks, and a round's
  // end saves when either is due. Rounds never change results (tallies merge exactly).
  // A checkpoint that cannot be saved (a full disk) does not stop the run: it goes on, says so once,
  // and its results are written at the end, with the failure reported (exit 1).
  std::string checkpoint_failure;
  if (!checkpoint_file.empty()) {
    plan.checkpoint_blocks = CheckpointRoundBlocks;
    auto last_save = std::chrono::steady_clock::now();
    uint64_t blocks_at_last_save = 0;
    plan.on_round = [&, last_save, blocks_at_last_save](const Tally& tally, const std::vector<uint8_t>& done) mutable {
      const uint64_t blocks = static_cast<uint64_t>(std::count(done.begin(), done.end(), uint8_t{1}));
      const auto now = std::chrono::steady_clock::now();
      if (blocks < blocks_at_last_save + CheckpointBlocks && now - last_save < std::chrono::seconds(CheckpointSeconds)) return;
      RunRecord checkpoint = record;
      checkpoint.tally = tally;
      checkpoint.done_blocks = done;
      checkpoint.partial = true;
      try {
        write_file_atomically(checkpoint_file, json_document(record_to_json(checkpoint), -1) + "\n");
      } catch (const std::exception& e) {
        if (checkpoint_failure.empty())
          std::fprintf(stderr, "checkpoint: cannot save (%s); the run goes on and writes its results at the end\n", e.what());
        checkpoint_failure = std::string("checkpoint: ") + e.what();
      }
      last_save = now;
      blocks_at_last_save = blocks;
    };
  }

  const auto start = std::chrono::steady_clock::now();
  if (rounds) {
    plan.doubling_rounds = true;
    plan.checkpoint_blocks = plan.checkpoint_blocks == 0 ? LiveReportBlocks : std::min(plan.checkpoint_blocks, LiveReportBlocks);
    plan.on_round = [&, save = std::move(plan.on_round)](const Tally& tally, const std::vector<uint8_t>& done) {
      if (save) save(tally, done);
      // The last round is the result itself, which the caller has next.
      if (tally.trials() == 0 || std::all_of(done.begin(), done.end(), [](uint8_t d) { return d != 0; })) return;
      RunRecord partial = record;
      partial.tally = tally;
      partial.done_blocks = done;
      partial.partial = true;
      partial.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() + resumed.seconds;
      rounds(partial);
    };
  }
  RunResult result = run_with_progress(job, plan, progress, record.scenario_title.empty() ? "volley" : record.scenario_title);
  record.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() + resumed.seconds;
  record.tally = std::move(result.tally);
  record.done_blocks = mpi_union(result.done_blocks);
  record.precision_reached = result.precision_reached;
  record.partial = result.interrupted;

  SessionOutcome outcome;
  outcome.interrupted = result.interrupted;
  if (!checkpoint_file.empty()) {
    try {
      write_file_atomically(checkpoint_file, json_document(record_to_json(record), -1) + "\n");
      checkpoint_failure.clear();  // the final save holds everything: earlier failures lost nothing
    } catch (const std::exception& e) {
      checkpoint_failure = std::string("checkpoint: ") + e.what();
    }
  }
  outcome.checkpoint_failure = checkpoint_failure;
  outcome.record = std::move(record);
  return outcome;
}

}  // namespace volley
