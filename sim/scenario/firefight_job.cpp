// Firefight scenarios: the trial job, the firefight's metrics (engine/firefight/firefight_metrics.hpp)
// observed by workers that own their scratch.
#include "sim/scenario/firefight_job.hpp"

#include "engine/firefight/firefight_metrics.hpp"
#include "engine/firefight/firefight_trial.hpp"
#include "engine/trial_dice.hpp"
#include "sim/scenario/kernel_job.hpp"

namespace volley {

using namespace firefight;

static void play_observed_firefight(const FirefightScenario& sc, FirefightState& state, TrialDice& dice, int64_t* obs) {
  NullNarrator narrator;
  play_trial(sc, state, dice, narrator);
  observe(sc, state, obs);
}

std::unique_ptr<TrialJob> make_firefight_job(std::shared_ptr<const FirefightScenario> scenario, uint64_t seed) {
  auto schema = std::make_shared<const Schema>(make_schema(*scenario));
  return std::make_unique<KernelJob<play_observed_firefight>>(std::move(scenario), std::move(schema), seed);
}

}  // namespace volley
