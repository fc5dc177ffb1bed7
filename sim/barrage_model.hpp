#pragma once
// Barrage scenarios (RULES.md Part B): the reader from a scenario document into the kernel's plain
// structs. load_barrage_model() (scenario_model.hpp) wraps it into the ScenarioModel the commands
// use; the format is docs/scenario-barrage.md. Tests and micro-benchmarks read scenarios through it,
// exactly as the loader does.
#include "engine/barrage/barrage_scenario.hpp"
#include "sim/scenario_document.hpp"

namespace volley {

// Read and check every key; throws ScenarioErrors listing every error found.
barrage::BarrageScenario read_barrage_scenario(const ScenarioDocument& doc);

}  // namespace volley
