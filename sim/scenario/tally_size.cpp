#include "sim/scenario/tally_size.hpp"

#include "analysis/digit_grouping.hpp"

#include <string>

namespace volley {

int64_t tally_bins(const Schema& schema) noexcept {
  int64_t bins = 0;
  for (const auto& spec : schema.metrics) bins += spec.max_value - spec.min_value + 3;
  return bins;
}

bool check_tally_size(TableReader& root, int turns, const std::function<Schema(int)>& schema_at) {
  const int64_t bins = tally_bins(schema_at(turns));
  if (bins <= MaxTallyBins) return true;
  // The bins grow with the turns: the most that fit, by bisection over [0, turns).
  int fits = 0, too_many = turns;
  while (too_many - fits > 1) {
    const int mid = fits + (too_many - fits) / 2;
    (tally_bins(schema_at(mid)) <= MaxTallyBins ? fits : too_many) = mid;
  }
  std::string message = "the results of " + std::to_string(turns) + " turns would keep " + grouped(bins) +
                        " histogram bins in each worker's tally (the per-turn metrics, each up to " + grouped(MaxHistogramWidth) +
                        " values wide); at most " + grouped(MaxTallyBins) + " (2 GiB) are kept: ";
  message += fits >= 1 ? "at most " + std::to_string(fits) + " turns with these forces, or fewer figures" : "fewer figures";
  root.error("turns", std::move(message));
  return false;
}

}  // namespace volley
