#pragma once
// What the answer costs in time: the trials a half-width E still needs, and MCNP's figure of merit
// FOM = 1 / (R^2 T), R the estimate's relative standard error and T the run's seconds. R^2 falls as
// 1/n and T grows as n, so the FOM is a property of the method and the build, not of the run's
// length: a faster trial or a smaller variance raises it (docs/methods.md, "Time to answer").
#include "analysis/tally.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace volley {

// The figures behind the sentence, for one estimate of a tally.
struct TimeToAnswer {
  double half_width = 0;         // the goal E
  uint64_t trials = 0;           // played
  double trials_needed = 0;      // for +-E at the level, from the variance per trial seen so far
  double relative_error = 0;     // R: the standard error over |estimate|; NaN where the estimate is 0
  double seconds = 0;            // T
  double figure_of_merit = 0;    // 1 / (R^2 T); NaN where R or T is not a positive number
  double control_reduction = 1;  // the luck adjustment's variance reduction (1 where not adjusted)
  bool luck_adjusted = false;
};

// Empty when the metric has not varied yet (fewer than 2 trials, or every trial alike).
std::optional<TimeToAnswer> time_to_answer(const Tally& tally, size_t metric, double seconds, double half_width, double level);

// The figures for the report page and the live page (docs/json-format.md, `time_to_answer`): null
// when there are none yet, NaN written as null.
nlohmann::json time_to_answer_json(const Tally& tally, size_t metric, const std::string& label, double seconds, double half_width,
                                   double level);

// "herero.win: +-0.01 needs about 31,000 trials (22,808 more than these 8,192); figure of merit
// 1/(R^2 T) 2.1e+05 per s (R 0.0091, T 0.06 s)", the estimate named `label`, luck-adjusted where the
// tally has controls ("; luck-adjusted, variance reduction 1.71x"). Empty when the metric has not
// varied yet.
std::string format_time_to_answer(const Tally& tally, size_t metric, const std::string& label, double seconds, double half_width,
                                  double level);

// E of --precision [NAME=]E, or `otherwise` when none is given.
double precision_goal(const std::string& precision, double otherwise);

}  // namespace volley
