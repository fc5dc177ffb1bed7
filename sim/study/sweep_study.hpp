#pragma once
// `volley sweep`'s study: a grid over one or two parameters on common random numbers (every point
// plays the same trial indices with the same seed). Its result document is volley-sweep
// (docs/json-format.md); the table and CSV come from the same points (sim/output/sweep_report.hpp).
#include "analysis/target.hpp"
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

// A sweep checked and laid out, nothing played yet: every grid point loaded, the target checked.
struct SweepGrid {
  SweepSettings settings;  // the axes' keys as the scenario takes them
  uint64_t seed = 0;
  std::vector<std::vector<size_t>> points;            // each point's value index on each axis, first axis fastest
  std::vector<std::vector<std::string>> assignments;  // each point's --set of every key moved
  std::vector<std::string> labels;                    // each point as "K1=v1 K2=v2"
  TargetSpec target;
  std::string title;
  bool target_is_probability = true;
  // The first axis's named values are paired on every line (sweep_study): a first axis of words
  // (policies, rulesets) and a target a compare tallies per trial (a headline metric or P(X >= k)).
  bool paired = false;
};

// Throws std::invalid_argument (a bad --param, --target or output) or ScenarioErrors (a point the
// scenario refuses) before anything is played.
SweepGrid sweep_grid(SweepSettings settings, const ScenarioOpener& open);

struct SweepStudy {
  nlohmann::json document;  // volley-sweep
  SweepTable table;
  bool partial = false;  // interrupted: the points before the last are complete
};

// Plays a grid point after point. Progress: "sweep" (the volley-sweep document with no points yet)
// before the first point, then "point" (one entry of the document's points) as each completes.
SweepStudy sweep_study(const SweepGrid& grid, const ScenarioOpener& open, const StudyControl& control);
// sweep_grid, then sweep_study: every grid point is loaded, and the target checked, before any is played.
SweepStudy sweep_study(SweepSettings settings, const ScenarioOpener& open, const StudyControl& control);

}  // namespace volley
