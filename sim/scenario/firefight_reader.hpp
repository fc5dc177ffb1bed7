#pragma once
// Firefight scenarios (docs/rules.md Part F): the reader from a scenario document into the kernel's plain
// structs. load_firefight_model() (scenario_model.hpp, firefight_reports.cpp) wraps it with the
// trial job (firefight_job.hpp) into the ScenarioModel the commands use; the format is
// docs/scenario-firefight.md.
#include "engine/firefight/firefight_scenario.hpp"
#include "sim/scenario/scenario_document.hpp"

namespace volley {

// Read and check every key; throws ScenarioErrors listing every error found.
firefight::FirefightScenario read_firefight_scenario(const ScenarioDocument& doc);

}  // namespace volley
