#pragma once
// The search behind `volley tune` (docs/methods.md, "Sweeps and tuning"): bisection on the bracket
// [lo, hi], then a local fit (analysis/root_fit.hpp) through the four evaluated values nearest the
// final bracket, for the root and its interval. The command prints; this finds, so that tests can
// run the search many times without a process per run.
#include "analysis/estimate.hpp"
#include "analysis/root_fit.hpp"
#include "analysis/target.hpp"
#include "sim/run/parameter_axis.hpp"
#include "sim/run/run_settings.hpp"
#include "sim/run/trials_progress.hpp"
#include "sim/scenario/scenario_document.hpp"

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace volley {

// The target's estimate at one parameter value.
struct TuneValue {
  double x = 0;
  Interval value;
  uint64_t trials = 0;
  double variance = 0;      // of the estimate: the fit's weights
  bool probability = true;  // the target is a probability (a logistic fit) rather than a mean
};

// The scenario with the command's assignments and then `extra` (a value's): the CLI opens files and
// shipped names; `volley serve` only its allowed sources.
using VariantOpener = std::function<ScenarioDocument(const std::vector<std::string>& extra)>;
// Runs the scenario opened by `open` with the parameter at x, on random numbers of its own
// (value_seed(seed, "KEY=x"): independent of every other value's, as the fit assumes), and evaluates
// the target. `stop` (null: a signal) ends the value's run, which then throws Interrupted
// (sim/run/interrupt.hpp): a partial value would bias the fit. `progress` is told as the run goes.
TuneValue run_tune_value(const VariantOpener& open, const RunSettings& settings, const ParameterAxis& axis, const TargetSpec& target,
                         uint64_t seed, double x, const std::atomic<bool>* stop, const TrialsSink& progress = {});

struct TuneResult {
  bool bracketed = false;            // the goal lies between the values at lo and hi
  double low_end = 0, high_end = 0;  // the final bracket (adjacent whole numbers for an integer parameter)
  std::map<double, TuneValue> evaluated;
  std::vector<FitPoint> local;  // the points of the fit
  bool probability = true;
  // The model through `local` (analysis/root_fit.hpp). For a continuous parameter its root is moved
  // into [low_end, high_end] when it falls outside (the fit then contradicts the bracket's own
  // estimates) and its interval stretched to hold it; an unbounded side is the range's end. An
  // integer parameter's answer is `answer`, never the fit's fraction.
  RootFit fit;
  bool root_bounded = true;  // the fit bounded the root on both sides
  bool root_moved = false;   // the fit's root lay outside the bracket and was moved to its end
  // An integer parameter: the bracket's ends whose interval holds the goal, or, when neither does,
  // both ends (the goal lies between two neighbours, each estimated).
  std::vector<TuneValue> answer;
  bool answer_holds_goal = false;  // `answer` holds the values whose interval holds the goal
};

// Bisection keeps the values at the bracket's ends on opposite sides of the goal: `steps` halvings for
// a continuous parameter, until adjacent whole numbers for an integer one (answered by whole numbers). `evaluate` is called once
// per distinct value. Without a bracket, only the two ends are evaluated.
TuneResult tune_search(const ParameterAxis& axis, double goal, int steps, double level, const std::function<TuneValue(double)>& evaluate);

// The answer in words, as `volley tune` prints it: an integer parameter's whole numbers, each with its
// estimate ("answer: KEY = 13: herero.win 0.4980 [0.4882, 0.5078] holds the goal; 12 gives ..."), a
// continuous one's root and interval with the fit's verdict on itself. Empty when not bracketed.
std::string tune_answer_text(const TuneResult& result, const ParameterAxis& axis, const TargetSpec& target, double level);

// A search's result as `volley tune --json` writes it and the report page draws it
// (docs/json-format.md, "volley-tune"). A partial one (interrupted, or still searching: `volley
// serve` streams one after each value) has only the values evaluated, no bracket and no root.
nlohmann::json tune_result_json(const TuneResult& result, const ParameterAxis& axis, const TargetSpec& target, const std::string& title,
                                uint64_t seed, double level, bool partial);

}  // namespace volley
