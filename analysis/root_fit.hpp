#pragma once
// Where does a target cross its goal? `volley tune` evaluates the target at several parameter values
// and fits a local model through them (docs/methods.md, "Sweeps and tuning"):
//   - a probability: weighted least squares of logit(p) on x, weights n p (1 - p) (the inverse of
//     the delta-method variance of logit(p-hat));
//   - a mean: weighted least squares of the mean on x, weights 1 / Var(mean).
// The root x* solves the fitted line at the goal. Its interval is Fieller's: every x at which the
// fitted line is not distinguishable from the goal, |a + b x - g| <= q sd(a + b x), with the fit's
// covariance C = (X'WX)^-1 (Eigen). Unlike the delta method it stays honest when the slope is
// uncertain, and it is unbounded when the slope is not distinguishable from zero.
// The fit checks itself (Finney's heterogeneity test): the weighted residuals' chi-square on
// points - 2 degrees of freedom. When it rejects the model at 5%, the covariance is multiplied by
// chi-square / df and q is Student's t on df instead of the normal z: a model that misfits the
// evaluated values answers with a wider interval.
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
  bool ok = false;                     // the fit has a non-zero slope
  double root = 0, low = 0, high = 0;  // low = -inf or high = +inf: the slope is not distinguishable from zero
  double intercept = 0, slope = 0;     // on the logit scale for probabilities
  double lack_of_fit = 0;              // the weighted residuals' chi-square
  int degrees_of_freedom = 0;          // points - 2 (0: two points, which any line fits)
  double lack_of_fit_p = 1;            // P(chi-square >= lack_of_fit) were the model right
  bool widened = false;                // the test rejected the model: the interval was widened
};

// Below this p-value the model is taken to misfit and the interval is widened.
inline constexpr double LackOfFitLevel = 0.05;

RootFit fit_root(const std::vector<FitPoint>& points, double goal, bool probability, double level);

// P(chi-square with df degrees of freedom >= c): closed forms by the parity of df.
double chi_square_upper_tail(double c, int df);

// Student's t quantile for a two-sided level on df degrees of freedom: closed forms for df 1, 2 and 4,
// the Cornish-Fisher expansion in 1/df (Hill 1970, four terms) otherwise.
double student_t_quantile_two_sided(double level, int df);

}  // namespace volley
