#include "analysis/control_variates.hpp"

#include <Eigen/Dense>

#include <cmath>
#include <vector>

namespace volley {

namespace {
// n S_ab - S_a S_b: n (n - 1) times a sample covariance, exact in 128 bits before the one rounding.
double centred(uint64_t n, Int128 sum_ab, Int128 sum_a, Int128 sum_b) {
  return static_cast<double>(static_cast<Int128>(n) * sum_ab - sum_a * sum_b);
}
}  // namespace

ControlAdjustment control_adjustment(const Tally& tally, size_t metric) {
  ControlAdjustment r;
  const ControlMoments& cm = tally.controls();
  const uint64_t n = tally.trials();
  const size_t k = cm.controls();
  if (k == 0 || n < MinTrialsAdjusted) return r;
  const Int128 sy = tally.sum(metric);
  const double nd = static_cast<double>(n);
  const double qyy = static_cast<double>(static_cast<UInt128>(n) * tally.sum_squares(metric) -
                                         static_cast<UInt128>(sy < 0 ? -sy : sy) * static_cast<UInt128>(sy < 0 ? -sy : sy));
  if (!(qyy > 0)) return r;
  // The controls that varied at all.
  std::vector<size_t> used;
  for (size_t i = 0; i < k; ++i)
    if (centred(n, cm.cross(i, i), cm.sum(i), cm.sum(i)) > 0) used.push_back(i);
  const auto p = static_cast<Eigen::Index>(used.size());
  // Scaled to unit diagonal, so that the rank decision compares like with like.
  Eigen::MatrixXd q(p, p);
  Eigen::VectorXd qy(p), scale(p);
  for (Eigen::Index a = 0; a < p; ++a) scale(a) = std::sqrt(centred(n, cm.cross(used[a], used[a]), cm.sum(used[a]), cm.sum(used[a])));
  for (Eigen::Index a = 0; a < p; ++a) {
    for (Eigen::Index b = 0; b < p; ++b)
      q(a, b) = centred(n, cm.cross(used[a], used[b]), cm.sum(used[a]), cm.sum(used[b])) / (scale(a) * scale(b));
    qy(a) = centred(n, cm.with_metric(metric, used[a]), sy, cm.sum(used[a])) / scale(a);
  }
  Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> cod;
  cod.setThreshold(1e-10);
  cod.compute(q);
  const Eigen::Index rank = p > 0 ? cod.rank() : 0;
  if (n < std::max<uint64_t>(MinTrialsAdjusted, TrialsPerControl * (static_cast<uint64_t>(rank) + 1))) return r;
  const Eigen::VectorXd gamma = p > 0 ? Eigen::VectorXd(cod.solve(qy)) : Eigen::VectorXd();  // beta scaled: beta_a = gamma_a / scale_a
  double shift = 0;                                                                          // beta' mean(c)
  for (Eigen::Index a = 0; a < p; ++a) shift += gamma(a) / scale(a) * static_cast<double>(cm.sum(used[a])) / nd;
  const double explained = p > 0 ? qy.dot(gamma) : 0.0;
  const double qres = std::max(qyy - explained, 0.0);
  const double rk = static_cast<double>(rank);
  // Residual variance with rank + 1 coefficients fitted; the variance of the estimate with beta
  // estimated is that over n times (n - 2) / (n - rank - 2) (Lavenberg & Welch 1981, normal case).
  const double residual = qres / (nd * (nd - 1.0 - rk));
  r.applied = true;
  r.controls_used = static_cast<size_t>(rank);
  r.estimate = static_cast<double>(sy) / nd - shift;
  r.variance = residual / nd * (nd - 2.0) / (nd - rk - 2.0);
  r.raw_variance = qyy / (nd * (nd - 1.0)) / nd;
  return r;
}

}  // namespace volley
