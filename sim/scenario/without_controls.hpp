#pragma once
// A job's trials without their controls (`--no-control`): the same metrics from the same trials, a
// schema with no controls, so its tallies, files and estimates are those of a run before controls
// existed.
#include "sim/scenario/trial_job.hpp"

#include <memory>

namespace volley {

// Plays `job` (which must outlive the result) and keeps its metrics only.
std::unique_ptr<TrialJob> without_controls(const TrialJob& job);

}  // namespace volley
