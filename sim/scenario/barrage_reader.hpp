#pragma once
// Barrage scenarios (docs/rules.md Part B): the reader from a scenario document into the kernel's plain
// structs. load_barrage_model() (scenario_model.hpp, barrage_reports.cpp) wraps it with the trial job
// (barrage_job.hpp) into the ScenarioModel the commands use; the format is docs/scenario-barrage.md. Tests and micro-benchmarks read scenarios through it,
// exactly as the loader does.
#include "engine/barrage/barrage_scenario.hpp"
#include "sim/scenario/scenario_document.hpp"

namespace volley {

// The most defender units that get a per-unit metric (`first_hit.<unit>`) without being named in
// `first_hit_units` or asked for with `first_hit_all = true`: result files stay bounded by this
// many times (turns + 7) words, whatever the scenario's size.
inline constexpr size_t FirstHitAllUnits = 64;

// Read and check every key; throws ScenarioErrors listing every error found.
barrage::BarrageScenario read_barrage_scenario(const ScenarioDocument& doc);

}  // namespace volley
