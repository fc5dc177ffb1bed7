// Firefight scenarios: the trial job, the firefight's metrics (engine/firefight/firefight_metrics.hpp)
// observed by workers that own their scratch.
#include "sim/scenario/firefight_job.hpp"

#include "engine/firefight/firefight_metrics.hpp"
#include "engine/firefight/firefight_trial.hpp"
#include "engine/trial_dice.hpp"

namespace volley {

using namespace firefight;

namespace {

class FirefightWorker final : public TrialWorker {
 public:
  FirefightWorker(std::shared_ptr<const FirefightScenario> sc, uint64_t seed) : sc_(std::move(sc)), seed_(seed), state_(*sc_) {}
  void play(uint64_t trial, int64_t* obs) override {
    TrialDice dice(seed_, trial);
    NullNarrator narrator;
    play_firefight(*sc_, state_, dice, narrator);
    observe_firefight(*sc_, state_, obs);
    draws_ = dice.words();
  }
  uint64_t last_draws() const override { return draws_; }

 private:
  std::shared_ptr<const FirefightScenario> sc_;
  uint64_t seed_;
  FirefightState state_;
  uint64_t draws_ = 0;
};

class FirefightJob final : public TrialJob {
 public:
  FirefightJob(std::shared_ptr<const FirefightScenario> sc, uint64_t seed)
      : sc_(std::move(sc)), seed_(seed), schema_(std::make_shared<Schema>(firefight_schema(*sc_))) {}
  const std::shared_ptr<const Schema>& schema() const override { return schema_; }
  std::unique_ptr<TrialWorker> make_worker() const override { return std::make_unique<FirefightWorker>(sc_, seed_); }

 private:
  std::shared_ptr<const FirefightScenario> sc_;
  uint64_t seed_;
  std::shared_ptr<const Schema> schema_;
};

}  // namespace

std::unique_ptr<TrialJob> make_firefight_job(std::shared_ptr<const FirefightScenario> scenario, uint64_t seed) {
  return std::make_unique<FirefightJob>(std::move(scenario), seed);
}

}  // namespace volley
