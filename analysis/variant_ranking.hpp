#pragma once
// Variants of a compare ranked by the headline's paired difference against the base, highest first,
// and which are not distinguishable from the highest (docs/methods.md, "Ranking variants"). Each
// variant's difference to the top one comes from the two paired differences to the base, whose
// per-trial covariance the tally does not keep: Var(d_v - d_t) <= (sd_v + sd_t)^2 (Cauchy-Schwarz)
// bounds it, so each interval is conservative. The intervals are simultaneous over every pair of
// variants (Bonferroni: each at 1 - (1 - level) / pairs), so that choosing the top one from the same
// data does not void them.
#include "analysis/estimate.hpp"

#include <cstdint>
#include <vector>

namespace volley {

// One variant against the base: its paired difference and that difference's per-trial variance.
// The base itself is the entry with difference 0 and variance 0.
struct VariantDifference {
  Interval difference;
  double per_trial_variance = 0;
};

struct RankedVariant {
  size_t variant = 0;            // 0 is the base
  Interval against_base;         // the paired difference to the base, at the level
  Interval against_top;          // this one minus the top one, simultaneous over all pairs (the top's own: 0)
  bool distinguishable = false;  // against_top lies wholly below 0
};

// `differences[v]` for every variant, the base (v = 0) included; `trials` played on common random numbers.
std::vector<RankedVariant> rank_variants(const std::vector<VariantDifference>& differences, uint64_t trials, double level);

// The per-comparison level that makes intervals over every pair of `variants` simultaneous at `level`.
double simultaneous_pair_level(size_t variants, double level);

}  // namespace volley
