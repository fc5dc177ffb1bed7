#pragma once
// Luck-adjusted estimates (docs/methods.md, "Luck-adjusted estimates"): the regression
// (control-variate) estimator of a metric's mean from a tally with controls,
//   y_adj = mean(y) - beta' mean(c),
// beta the least-squares coefficients of y on the controls from the pooled, exact cross-moments
// (control_moments.hpp). The controls have mean zero, so y_adj estimates E[y]; beta is estimated
// from the same trials, which costs a bias of order 1/n and no more. Its variance is that of the
// residual y - beta' c: what the luck of the dice explains is taken out.
#include "analysis/tally.hpp"

#include <cstddef>

namespace volley {

struct ControlAdjustment {
  bool applied = false;      // false: too few trials for the controls, or a metric that never varies
  double estimate = 0;       // mean(y) - beta' mean(c)
  double variance = 0;       // of the estimate itself (the residual variance over n, with the cost of estimating beta)
  double raw_variance = 0;   // of the plain mean, s^2 / n
  size_t controls_used = 0;  // the rank of the controls' covariance (controls that never varied, or repeat others, drop out)
  // How much less variance than the plain mean (1: none).
  double reduction() const noexcept { return applied && variance > 0 ? raw_variance / variance : 1.0; }
};

// The adjustment needs this many trials per control used and at least MinTrialsAdjusted in all
// (below that the plain estimate is reported).
inline constexpr size_t TrialsPerControl = 10;
inline constexpr size_t MinTrialsAdjusted = 100;

ControlAdjustment control_adjustment(const Tally& tally, size_t metric);

}  // namespace volley
