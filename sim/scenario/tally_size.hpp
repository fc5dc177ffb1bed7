#pragma once
// The bound on what a scenario's tally keeps, checked by both readers. A tally keeps
// a histogram bin for every value in each metric's range (analysis/tally.cpp), and a run keeps one
// tally per worker thread. Each range is capped (MaxHistogramWidth), but per-turn metrics multiply the
// metrics by the turns: at the figure limit, with many turns, a scenario that validate called valid
// ended in an allocation failure in run. The readers refuse it instead, at its `turns` key.
#include "engine/metrics.hpp"
#include "sim/scenario/scenario_document.hpp"

#include <cstdint>
#include <functional>

namespace volley {

// The most histogram bins one tally may keep: 2 GiB of 8-byte counts, per worker thread.
inline constexpr int64_t MaxTallyBins = int64_t{1} << 28;

// The bins a tally of this schema keeps: each metric's range and its two outside bins.
int64_t tally_bins(const Schema& schema) noexcept;

// Records an error at `turns` in `root` when the scenario's schema at `turns` keeps more than
// MaxTallyBins, naming the most turns that fit (schema_at(t): the scenario's schema at t turns, the
// rest unchanged). Returns whether the size is within the bound.
bool check_tally_size(TableReader& root, int turns, const std::function<Schema(int)>& schema_at);

}  // namespace volley
