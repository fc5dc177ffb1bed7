#pragma once
// The barrage scenario kind (docs/rules.md Part B): the trial job the driver runs. Workers own a
// BarrageState sized once; a trial allocates nothing.
#include "engine/barrage/barrage_scenario.hpp"
#include "engine/metrics.hpp"
#include "sim/scenario/trial_job.hpp"

#include <cstdint>
#include <memory>

namespace volley {

// The job of a scenario for a master seed; `schema` is the scenario's (make_schema), made once
// by the model and shared.
std::unique_ptr<TrialJob> make_barrage_job(std::shared_ptr<const barrage::BarrageScenario> scenario, std::shared_ptr<const Schema> schema,
                                           uint64_t seed);

}  // namespace volley
