#include "analysis/variant_ranking.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace volley {

double simultaneous_pair_level(size_t variants, double level) {
  const double pairs = variants < 2 ? 1.0 : static_cast<double>(variants * (variants - 1) / 2);
  return 1 - (1 - level) / pairs;
}

std::vector<RankedVariant> rank_variants(const std::vector<VariantDifference>& differences, uint64_t trials, double level) {
  std::vector<size_t> order(differences.size());
  std::iota(order.begin(), order.end(), size_t{0});
  // Highest first; equal estimates keep the command line's order.
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return differences[a].difference.estimate > differences[b].difference.estimate; });
  std::vector<RankedVariant> ranked;
  if (order.empty()) return ranked;
  const size_t top = order.front();
  const double z = normal_quantile_two_sided(simultaneous_pair_level(differences.size(), level));
  const double root_n = std::sqrt(static_cast<double>(std::max<uint64_t>(trials, 1)));
  const double sd_top = std::sqrt(std::max(0.0, differences[top].per_trial_variance));
  for (size_t v : order) {
    RankedVariant r;
    r.variant = v;
    r.against_base = differences[v].difference;
    const double gap = differences[v].difference.estimate - differences[top].difference.estimate;
    // The base has variance 0, so against the base the bound is the other one's own paired interval.
    const double half = v == top ? 0.0 : z * (std::sqrt(std::max(0.0, differences[v].per_trial_variance)) + sd_top) / root_n;
    r.against_top = {gap, gap - half, gap + half, "paired, Cauchy-Schwarz bound, Bonferroni over pairs"};
    r.distinguishable = v != top && r.against_top.high < 0;
    ranked.push_back(r);
  }
  return ranked;
}

}  // namespace volley
