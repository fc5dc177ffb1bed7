#pragma once
// One part of a tally whose trials recorded several parts side by side: a variant's own tally out of
// a compare's (sim/scenario/compare_job.hpp), the same integers a run of that variant alone would have
// tallied on the same trials. Its metrics are a block of the whole's, and so are its controls.
#include "analysis/tally.hpp"

#include <memory>

namespace volley {

// `part`'s metrics are the whole's first_metric .. first_metric + part->size(), its controls the
// whole's first_control .. first_control + part->controls.size() (indices among the controls).
// Throws std::invalid_argument when the block lies outside the whole or a metric's range differs.
Tally project_tally(const Tally& whole, std::shared_ptr<const Schema> part, size_t first_metric, size_t first_control);

}  // namespace volley
