// The barrage scenario kind (docs/rules.md Part B): the trial job the driver runs.
#include "sim/scenario/barrage_job.hpp"

#include "engine/barrage/barrage_metrics.hpp"
#include "engine/barrage/barrage_state.hpp"
#include "engine/barrage/barrage_trial.hpp"
#include "engine/trial_dice.hpp"
#include "sim/scenario/kernel_job.hpp"

namespace volley {

using namespace barrage;

static void play_observed_barrage(const BarrageScenario& sc, BarrageState& state, TrialDice& dice, int64_t* obs) {
  NullNarrator silent;
  BarrageContext<TrialDice> ctx{sc, state, dice, silent};
  play_trial(ctx);
  observe(sc, state, obs);
}

std::unique_ptr<TrialJob> make_barrage_job(std::shared_ptr<const BarrageScenario> scenario, std::shared_ptr<const Schema> schema,
                                           uint64_t seed) {
  return std::make_unique<KernelJob<play_observed_barrage>>(std::move(scenario), std::move(schema), seed);
}

}  // namespace volley
