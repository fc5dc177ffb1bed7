#include "analysis/root_fit.hpp"

#include "analysis/estimate.hpp"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>

namespace volley {

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
  const Eigen::Matrix2d cov = XtWX.inverse();
  const Eigen::Vector2d beta = cov * (XtW * y);
  fit.intercept = beta(0);
  fit.slope = beta(1);
  if (fit.slope == 0 || !std::isfinite(fit.slope)) return fit;
  const double target = probability ? std::log(goal / (1 - goal)) : goal;
  fit.root = (target - fit.intercept) / fit.slope;
  const Eigen::Vector2d gradient(-1.0 / fit.slope, -fit.root / fit.slope);
  const double variance = gradient.dot(cov * gradient);
  const double half = normal_quantile_two_sided(level) * std::sqrt(std::max(variance, 0.0));
  fit.low = fit.root - half;
  fit.high = fit.root + half;
  fit.ok = std::isfinite(fit.root);
  return fit;
}

}  // namespace volley
