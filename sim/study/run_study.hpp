#pragma once
// `volley run`'s study: one scenario played many times, every estimate with its interval. Its result
// document is the RunRecord (docs/json-format.md, "volley-result"), its presentation filled.
#include "sim/record/run_record.hpp"
#include "sim/run/run_settings.hpp"
#include "sim/scenario/scenario_model.hpp"
#include "sim/scenario/setting_changes.hpp"
#include "sim/study/study_control.hpp"

#include <memory>
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

// Checks the outputs (check_outputs) before the first trial; a resumed run takes its plan from the
// checkpoint.
RunStudy run_study(RunSettings settings, const ScenarioOpener& open, const StudyControl& control);

}  // namespace volley
