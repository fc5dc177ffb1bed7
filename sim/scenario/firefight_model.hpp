#pragma once
// Firefight scenarios (RULES.md Part F): the reader from a scenario document into the kernel's plain
// structs, and the trial job. load_firefight_model() (scenario_model.hpp) wraps them into the
// ScenarioModel the commands use; the format is docs/scenario-firefight.md.
#include "engine/firefight/firefight_scenario.hpp"
#include "sim/scenario/scenario_document.hpp"
#include "sim/scenario/trial_job.hpp"

#include <cstdint>
#include <memory>

namespace volley {

// Read and check every key; throws ScenarioErrors listing every error found.
firefight::FirefightScenario read_firefight_scenario(const ScenarioDocument& doc);

// The trial job of a scenario for a master seed: the firefight schema and workers that own their
// scratch (sized once from the scenario).
std::unique_ptr<TrialJob> make_firefight_job(std::shared_ptr<const firefight::FirefightScenario> scenario, uint64_t seed);

}  // namespace volley
