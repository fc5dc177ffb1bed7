#pragma once
// Firefight scenarios (docs/rules.md Part F): the trial job the driver runs.
#include "engine/firefight/firefight_scenario.hpp"
#include "sim/scenario/trial_job.hpp"

#include <cstdint>
#include <memory>

namespace volley {

// The trial job of a scenario for a master seed: the firefight schema and workers that own their
// scratch (sized once from the scenario).
std::unique_ptr<TrialJob> make_firefight_job(std::shared_ptr<const firefight::FirefightScenario> scenario, uint64_t seed);

}  // namespace volley
