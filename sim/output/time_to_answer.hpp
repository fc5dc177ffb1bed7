#pragma once
// What the answer costs in time: the trials a half-width E still needs, and MCNP's figure of merit
// FOM = 1 / (R^2 T), R the estimate's relative standard error and T the run's seconds. R^2 falls as
// 1/n and T grows as n, so the FOM is a property of the method and the build, not of the run's
// length: a faster trial or a smaller variance raises it (docs/methods.md, "Time to answer").
#include "analysis/tally.hpp"

#include <string>

namespace volley {

// "herero.win: +-0.01 needs about 31,000 trials (22,808 more than these 8,192); figure of merit
// 1/(R^2 T) 2.1e+05 per s (R 0.0091, T 0.06 s)", the estimate named `label`, luck-adjusted where the
// tally has controls ("; luck-adjusted, variance reduction 1.71x"). Empty when the metric has not
// varied yet.
std::string format_time_to_answer(const Tally& tally, size_t metric, const std::string& label, double seconds, double half_width,
                                  double level);

// E of --precision [NAME=]E, or `otherwise` when none is given.
double precision_goal(const std::string& precision, double otherwise);

}  // namespace volley
