#pragma once
// `volley sweep`'s study: a grid over one or two parameters on common random numbers (every point
// plays the same trial indices with the same seed). Its result document is volley-sweep
// (docs/json-format.md); the table and CSV come from the same points (sim/output/sweep_report.hpp).
#include "sim/output/sweep_report.hpp"
#include "sim/run/parameter_axis.hpp"
#include "sim/run/run_settings.hpp"
#include "sim/study/study_control.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace volley {

struct SweepSettings {
  RunSettings run;                      // per grid point: --trials, --precision, seed, outputs
  std::vector<ParameterAxis> axes;      // one or two
  std::vector<std::string> parameters;  // each axis as written (--param), for the document
  std::string target;                   // the estimate to plot; empty: the scenario's headline
};

struct SweepStudy {
  nlohmann::json document;  // volley-sweep
  SweepTable table;
  bool partial = false;  // interrupted: the points before the last are complete
};

// Every grid point is loaded, and the target checked, before any is played.
SweepStudy sweep_study(SweepSettings settings, const ScenarioOpener& open, const StudyControl& control);

}  // namespace volley
