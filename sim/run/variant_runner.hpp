#pragma once
// Runs one variant of a scenario (the file, the command line's --set, then extra assignments) with a
// given seed: the building block of sweep, tune and sensitivity. Every variant of one command uses
// the same seed and trial indices, so they share common random numbers.
#include "sim/scenario/compare_job.hpp"
#include "sim/run/run_settings.hpp"
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

// Loads the variant (throws ScenarioErrors if the assignments make it invalid; errors on the extra
// assignments name `option`, the command-line option that gave them) and runs it.
VariantRun run_variant(const RunSettings& settings, const std::vector<std::string>& extra_sets, const std::string& option, uint64_t seed,
                       const std::string& label);
// Runs a variant already opened, with every assignment applied (`volley serve` opens its documents
// only from its allowed sources). `stop` ends the run at a block boundary; null: a signal does.
VariantRun run_variant(const ScenarioDocument& doc, const RunSettings& settings, uint64_t seed, const std::string& label,
                       const std::atomic<bool>* stop);

// Several variants in one paired run (CompareJob): variant 0 is the base; `exceedances` are tallied
// per trial as indicators and paired differences (compare_job.hpp).
struct PairedRun {
  std::vector<std::unique_ptr<ScenarioModel>> models;
  std::unique_ptr<CompareJob> job;
  Tally tally;
  bool interrupted = false;
};
PairedRun run_paired(const RunSettings& settings, const std::vector<std::vector<std::string>>& extra_sets, const std::string& option,
                     uint64_t seed, const std::string& label, const std::vector<Exceedance>& exceedances = {});

}  // namespace volley
