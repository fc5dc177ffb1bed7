#include "analysis/root_fit.hpp"

#include "analysis/estimate.hpp"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace volley {

double chi_square_upper_tail(double c, int df) {
  if (df <= 0 || c <= 0) return 1;
  const double h = c / 2;
  // Even df = 2m: exp(-h) sum_{i<m} h^i / i!. Odd df = 2m + 1: erfc(sqrt h) plus
  // exp(-h) sum_{i<m} h^(i+1/2) / Gamma(i + 3/2).
  double term, sum;
  if (df % 2 == 0) {
    term = 1;
    sum = 1;
    for (int i = 1; i < df / 2; ++i) sum += (term *= h / i);
    return std::min(1.0, std::exp(-h) * sum);
  }
  term = std::sqrt(h) / std::tgamma(1.5);
  sum = df > 1 ? term : 0;
  for (int i = 1; i < (df - 1) / 2; ++i) sum += (term *= h / (i + 0.5));
  return std::min(1.0, std::erfc(std::sqrt(h)) + std::exp(-h) * sum);
}

double student_t_quantile_two_sided(double level, int df) {
  const double p = 1 - (1 - level) / 2;  // the upper quantile
  if (df == 1) return std::tan(std::numbers::pi * (p - 0.5));
  if (df == 2) return (2 * p - 1) / std::sqrt(2 * p * (1 - p));
  if (df == 4) {
    const double a = 4 * p * (1 - p), q = std::cos(std::acos(std::sqrt(a)) / 3) / std::sqrt(a);
    return std::sqrt(4 * (q - 1));
  }
  const double z = normal_quantile_two_sided(level), z2 = z * z, n = df;
  return z + z * (z2 + 1) / (4 * n) + z * ((5 * z2 + 16) * z2 + 3) / (96 * n * n) +
         z * (((3 * z2 + 19) * z2 + 17) * z2 - 15) / (384 * n * n * n) +
         z * ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) / (92160 * n * n * n * n);
}

RootFit fit_root(const std::vector<FitPoint>& points, double goal, bool probability, double level) {
  RootFit fit;
  if (points.size() < 2) return fit;
  const auto n = static_cast<Eigen::Index>(points.size());
  Eigen::MatrixXd X(n, 2);
  Eigen::VectorXd y(n), w(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const auto& p = points[static_cast<size_t>(i)];
    X(i, 0) = 1.0;
    X(i, 1) = p.x;
    if (probability) {
      // Shrink away from 0 and 1 (add half a success and half a failure) so the logit is finite.
      const double t = static_cast<double>(p.trials);
      const double q = (p.estimate * t + 0.5) / (t + 1.0);
      y(i) = std::log(q / (1 - q));
      w(i) = t * q * (1 - q);
    } else {
      y(i) = p.estimate;
      w(i) = p.variance > 0 ? 1.0 / p.variance : 1e12;
    }
  }
  const Eigen::MatrixXd XtW = X.transpose() * w.asDiagonal();
  const Eigen::Matrix2d XtWX = XtW * X;
  if (std::abs(XtWX.determinant()) < 1e-300) return fit;
  Eigen::Matrix2d cov = XtWX.inverse();
  const Eigen::Vector2d beta = cov * (XtW * y);
  fit.intercept = beta(0);
  fit.slope = beta(1);
  if (fit.slope == 0 || !std::isfinite(fit.slope)) return fit;
  const double target = probability ? std::log(goal / (1 - goal)) : goal;
  fit.root = (target - fit.intercept) / fit.slope;
  fit.ok = std::isfinite(fit.root);

  // Finney's heterogeneity check: were the model right, the weighted residuals' sum of squares is
  // chi-square on n - 2 degrees of freedom.
  const Eigen::VectorXd residual = y - X * beta;
  fit.lack_of_fit = residual.dot(w.asDiagonal() * residual);
  fit.degrees_of_freedom = static_cast<int>(n) - 2;
  fit.lack_of_fit_p = chi_square_upper_tail(fit.lack_of_fit, fit.degrees_of_freedom);
  double q = normal_quantile_two_sided(level);
  if (fit.degrees_of_freedom > 0 && fit.lack_of_fit_p < LackOfFitLevel) {
    fit.widened = true;
    cov *= fit.lack_of_fit / fit.degrees_of_freedom;
    q = student_t_quantile_two_sided(level, fit.degrees_of_freedom);
  }

  // Fieller: the x with (a + b x - g)^2 <= q^2 (Vaa + 2 x Vab + x^2 Vbb), a quadratic A x^2 + 2 B x + C <= 0.
  const double q2 = q * q, d = fit.intercept - target;
  const double A = fit.slope * fit.slope - q2 * cov(1, 1), B = d * fit.slope - q2 * cov(0, 1), C = d * d - q2 * cov(0, 0);
  const double discriminant = B * B - A * C;
  if (A > 0 && discriminant >= 0) {
    const double s = std::sqrt(discriminant);
    fit.low = (-B - s) / A;
    fit.high = (-B + s) / A;
  } else {
    // The slope is not distinguishable from zero at this level: every x is consistent with the goal
    // (or every x but a bounded set, which an interval cannot state): no bound.
    fit.low = -std::numeric_limits<double>::infinity();
    fit.high = std::numeric_limits<double>::infinity();
  }
  return fit;
}

}  // namespace volley
