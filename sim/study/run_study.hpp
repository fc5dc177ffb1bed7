#pragma once
// `volley run`'s study: one scenario played many times, every estimate with its interval. Its result
// document is the RunRecord (docs/json-format.md, "volley-result"), its presentation filled.
#include "sim/record/run_record.hpp"
#include "sim/run/run_settings.hpp"
#include "sim/scenario/scenario_model.hpp"
#include "sim/scenario/setting_changes.hpp"
#include "sim/study/study_control.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace volley {

struct RunStudy {
  RunRecord record;                      // the result document
  std::unique_ptr<ScenarioModel> model;  // the scenario played (its writers draw from it)
  SettingChanges settings_changed;       // each --set, with the file's value it replaced, or as the file has it
  std::vector<std::string> decisions;    // the choices the scenario makes for its players
  bool interrupted = false;
  std::string checkpoint_failure;  // why the last checkpoint could not be saved (empty: none)
};

// A run checked and loaded, nothing played yet: `volley serve` refuses a request with its own status
// before it starts to answer, then plays it while it streams.
struct RunSetup {
  RunSettings settings;  // a resumed run's plan taken from its checkpoint
  std::optional<ScenarioDocument> doc;
  std::unique_ptr<ScenarioModel> model;
  std::unique_ptr<TrialJob> job;
};

// Throws ScenarioErrors or std::invalid_argument (an output, the trials, --precision) before anything
// is played; a resumed run takes its plan from the checkpoint.
RunSetup run_setup(RunSettings settings, const ScenarioOpener& open);

// Plays a run. With control.tell_documents, every round but the last is told as "round" (the record
// so far, with its presentation, as `result`) and the result has its presentation whether or not a
// file holds it.
RunStudy run_study(RunSetup setup, const ScenarioOpener& open, const StudyControl& control);
// run_setup, then run_study.
RunStudy run_study(RunSettings settings, const ScenarioOpener& open, const StudyControl& control);

}  // namespace volley
