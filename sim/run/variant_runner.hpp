#pragma once
// Runs one variant of a scenario (the file, the command line's --set, then extra assignments) with a
// given seed: the building block of sweep, tune and sensitivity. Every variant of one command uses
// the same seed and trial indices, so they share common random numbers.
#include "sim/scenario/compare_job.hpp"
#include "sim/run/run_settings.hpp"
#include "sim/run/trials_progress.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <atomic>
#include <memory>
#include <string>
#include <vector>

namespace volley {

struct VariantRun {
  std::unique_ptr<ScenarioModel> model;
  Tally tally;
  bool precision_reached = false;
  bool interrupted = false;
};

// Runs a variant opened by the caller (a study's ScenarioOpener: the command line opens files and
// shipped names, `volley serve` only its allowed sources), every assignment applied. `stop` ends the
// run at a block boundary; null: a signal does. `progress` is told as the run goes (may be empty).
VariantRun run_variant(const ScenarioDocument& doc, const RunSettings& settings, uint64_t seed, const std::string& label,
                       const std::atomic<bool>* stop, const TrialsSink& progress = {});

// Several variants in one paired run (CompareJob), each opened by the caller: variant 0 is the base;
// `exceedances` are tallied per trial as indicators and paired differences (compare_job.hpp). `stop`
// and `progress` as for run_variant. The run plays `settings`' trials; its --precision counts only
// with `stop_at_precision`, and must then name a metric of the paired schema ("d1/herero.win=0.01").
struct PairedRun {
  std::vector<std::unique_ptr<ScenarioModel>> models;
  std::unique_ptr<CompareJob> job;
  Tally tally;
  bool precision_reached = false;
  bool interrupted = false;
};
// Variant v of a paired run as a run of its own: its model (moved out of `run`) and its own tally,
// the integers run_variant would have tallied on the same trials (analysis/tally_projection.hpp).
VariantRun take_variant(PairedRun& run, size_t v);

PairedRun run_paired(const std::vector<ScenarioDocument>& variants, const RunSettings& settings, uint64_t seed, const std::string& label,
                     const std::vector<Exceedance>& exceedances, const std::atomic<bool>* stop, const TrialsSink& progress = {},
                     bool stop_at_precision = false);

}  // namespace volley
