#pragma once
// Paired comparison of two variants played on the same trial indices (common random numbers,
// docs/methods.md). For each trial the difference d = x_variant - x_base is tallied exactly; its mean
// and interval come from d's moments. The unpaired interval, what two independent runs of the same
// size would give, uses Var(x_base) + Var(x_variant) from the same tally, so the variance reduction
// is measured in one run: reduction = (Var(x_b) + Var(x_v)) / Var(d).
#include "analysis/control_variates.hpp"
#include "analysis/estimate.hpp"

namespace volley {

struct PairedDifference {
  Interval base;  // the base variant's estimate
  Interval variant;
  Interval paired;                // mean of d, from d's moments
  Interval unpaired;              // the same centre, with the independent-runs half-width
  double variance_reduction = 1;  // unpaired variance / paired variance (inf when d never varies; NaN when nothing does)
  // Beyond pairing: the paired difference's plain variance over its luck-adjusted one (1 when the
  // tally has no controls or too few trials for them; control_variates.hpp).
  double control_reduction = 1;
  // The per-trial variance the paired interval is built on (luck-adjusted where it is): what a
  // planned half-width needs trials for.
  double per_trial_variance = 0;
};

// Metrics base, variant and difference are indices in the tally (a compare tally holds all three).
PairedDifference paired_difference(const Tally& tally, size_t base, size_t variant, size_t difference, double level);

// Trials needed for a paired difference's half-width to reach `half_width`, from a pilot's variance.
double trials_for_half_width(double variance, double half_width, double level);

}  // namespace volley
