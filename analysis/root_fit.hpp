#pragma once
// Where does a target cross its goal? `volley tune` evaluates the target at several parameter values
// and fits a local model through them (docs/methods.md):
//   - a probability: weighted least squares of logit(p) on x, weights n p (1 - p) (the inverse of
//     the delta-method variance of logit(p-hat));
//   - a mean: weighted least squares of the mean on x, weights 1 / Var(mean).
// The root x* solves the fitted line at the goal; its interval is x* +- z sqrt(g' C g), with C the
// fit's covariance (X'WX)^-1 and g the gradient of x* in (a, b): the delta method. Eigen solves it.
#include <cstdint>
#include <vector>

namespace volley {

struct FitPoint {
  double x = 0;
  double estimate = 0;  // p-hat or mean
  double variance = 0;  // of the estimate (means); ignored for probabilities
  uint64_t trials = 0;
};

struct RootFit {
  bool ok = false;           // the fit has a non-zero slope
  double root = 0, low = 0, high = 0;
  double intercept = 0, slope = 0;  // on the logit scale for probabilities
};

RootFit fit_root(const std::vector<FitPoint>& points, double goal, bool probability, double level);

}  // namespace volley
