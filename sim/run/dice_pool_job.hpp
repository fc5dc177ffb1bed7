#pragma once
// A trial job that rolls one dice pool per trial: the `volley dice` command, the bench's dice figures
// and the driver's own tests use it, since its exact answer is known (exact_dice.hpp).
#include "engine/dice_pool.hpp"
#include "engine/trial_dice.hpp"
#include "sim/scenario/trial_job.hpp"

namespace volley {

template <PoolPath Path>
class DicePoolJob final : public TrialJob {
 public:
  // Each trial rolls the pool `pools_per_trial` times and reports the total hits; the bench rolls many
  // pools per trial so that the figure measures the dice, not the driver.
  DicePoolJob(PoolSpec pool, uint64_t seed, int pools_per_trial = 1) : pool_(pool), seed_(seed), pools_(pools_per_trial) {
    auto schema = std::make_shared<Schema>();
    schema->add({"hits", MetricKind::Count, 0, int64_t{pool.dice} * pools_per_trial, "dice that hit", true});
    schema_ = std::move(schema);
  }
  const std::shared_ptr<const Schema>& schema() const override { return schema_; }

  std::unique_ptr<TrialWorker> make_worker() const override {
    class Worker final : public TrialWorker {
     public:
      explicit Worker(const DicePoolJob& job) : job_(job) {}
      void play(uint64_t trial, int64_t* obs) override {
        BasicTrialDice<Path> dice(job_.seed_, trial);
        dice.restart(Purpose::Test, 0, 0);
        // The pool is counted from its hitting end, which has the same law for <= and >= rules.
        int64_t hits = 0;
        for (int i = 0; i < job_.pools_; ++i) hits += dice.successes(job_.pool_.dice, job_.pool_.success_faces(), job_.pool_.faces);
        obs[0] = hits;
        draws_ = dice.words();
      }
      uint64_t last_draws() const override { return draws_; }

     private:
      const DicePoolJob& job_;
      uint64_t draws_ = 0;
    };
    return std::make_unique<Worker>(*this);
  }

 private:
  PoolSpec pool_;
  uint64_t seed_;
  int pools_;
  std::shared_ptr<const Schema> schema_;
};

}  // namespace volley
