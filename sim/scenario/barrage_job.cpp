// The barrage scenario kind (RULES.md Part B): the trial job the driver runs.
#include "sim/scenario/barrage_job.hpp"

#include "engine/barrage/barrage_metrics.hpp"
#include "engine/barrage/barrage_state.hpp"
#include "engine/barrage/barrage_trial.hpp"
#include "engine/trial_dice.hpp"

namespace volley {

using namespace barrage;

namespace {

// The trial job: workers own a BarrageState sized once; a trial allocates nothing.
class BarrageJob final : public TrialJob {
 public:
  BarrageJob(std::shared_ptr<const BarrageScenario> scenario, std::shared_ptr<const Schema> schema, uint64_t seed)
      : scenario_(std::move(scenario)), schema_(std::move(schema)), seed_(seed) {}
  const std::shared_ptr<const Schema>& schema() const override { return schema_; }

  std::unique_ptr<TrialWorker> make_worker() const override {
    class Worker final : public TrialWorker {
     public:
      explicit Worker(const BarrageJob& job) : job_(job), state_(*job.scenario_) {}
      void play(uint64_t trial, int64_t* obs) override {
        TrialDice dice(job_.seed_, trial);
        SilentNarrator silent;
        BarrageContext<TrialDice> ctx{*job_.scenario_, state_, dice, silent};
        play_trial(ctx);
        write_observations(*job_.scenario_, state_, obs);
        draws_ = dice.words();
      }
      uint64_t last_draws() const override { return draws_; }

     private:
      const BarrageJob& job_;
      BarrageState state_;
      uint64_t draws_ = 0;
    };
    return std::make_unique<Worker>(*this);
  }

 private:
  std::shared_ptr<const BarrageScenario> scenario_;
  std::shared_ptr<const Schema> schema_;
  uint64_t seed_;
};

}  // namespace

std::unique_ptr<TrialJob> make_barrage_job(std::shared_ptr<const BarrageScenario> scenario, std::shared_ptr<const Schema> schema,
                                           uint64_t seed) {
  return std::make_unique<BarrageJob>(std::move(scenario), std::move(schema), seed);
}

}  // namespace volley
