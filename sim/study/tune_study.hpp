#pragma once
// `volley tune`'s study: the parameter value that brings a target to its goal, by the search of
// sim/run/tune_search.hpp (bisection, then a local fit for the root and its interval). Its result
// document is volley-tune (docs/json-format.md).
#include "analysis/target.hpp"
#include "sim/output/tune_report.hpp"
#include "sim/run/parameter_axis.hpp"
#include "sim/run/run_settings.hpp"
#include "sim/run/tune_search.hpp"
#include "sim/study/study_control.hpp"

#include <nlohmann/json.hpp>

namespace volley {

struct TuneSettings {
  RunSettings run;     // per evaluated value: --trials, --precision, seed, outputs
  ParameterAxis axis;  // "KEY=lo:hi"
  TargetSpec target;   // with its goal
  int steps = 8;       // bisection steps for a continuous parameter
};

struct TuneStudy {
  TuneResult result;
  nlohmann::json document;  // volley-tune
  TuneAnswer answer;        // what the writers say of it
};

// A tune checked and loaded, nothing played yet (as RunSetup).
struct TuneSetup {
  TuneSettings settings;  // the axis's keys as the scenario takes them
  std::string title;
  uint64_t seed = 0;
};

// Both ends of the bracket are loaded, and the target checked: throws std::invalid_argument or
// ScenarioErrors before any value is played.
TuneSetup tune_setup(TuneSettings settings, const ScenarioOpener& open);

// Plays the search. Progress: "start" (parameter, lo, hi, trials, seed) before the first value, then
// "value" (x, estimate, low, high, and with control.tell_documents the volley-tune document so far as
// `result`) after each. Interrupted: the values evaluated so far, marked partial.
TuneStudy tune_study(const TuneSetup& setup, const ScenarioOpener& open, const StudyControl& control);
// tune_setup, then tune_study.
TuneStudy tune_study(TuneSettings settings, const ScenarioOpener& open, const StudyControl& control);

}  // namespace volley
