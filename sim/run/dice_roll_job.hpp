#pragma once
// What the dice jobs share (dice_pool_job.hpp, dice_question_job.hpp): a trial is one roll of the
// dice, drawn from the trial's own stream (Purpose::Test) so that it is the same for any thread
// count. `Job` (CRTP, so that the roll is inlined into the trial loop) supplies
// `void roll(BasicTrialDice<Path>& dice, int64_t* obs) const`.
#include "engine/metrics.hpp"
#include "engine/trial_dice.hpp"
#include "sim/scenario/trial_job.hpp"

#include <cstdint>
#include <memory>

namespace volley {

template <PoolPath Path, class Job>
class DiceRollJob : public TrialJob {
 public:
  const std::shared_ptr<const Schema>& schema() const override { return schema_; }

  std::unique_ptr<TrialWorker> make_worker() const override {
    class Worker final : public TrialWorker {
     public:
      Worker(const Job& job, uint64_t seed) : job_(job), seed_(seed) {}
      void play(uint64_t trial, int64_t* obs) override {
        BasicTrialDice<Path> dice(seed_, trial);
        dice.restart(Purpose::Test, 0, 0);
        job_.roll(dice, obs);
        draws_ = dice.words();
      }
      uint64_t last_draws() const override { return draws_; }

     private:
      const Job& job_;
      uint64_t seed_;
      uint64_t draws_ = 0;
    };
    return std::make_unique<Worker>(static_cast<const Job&>(*this), seed_);
  }

 protected:
  DiceRollJob(std::shared_ptr<const Schema> schema, uint64_t seed) : schema_(std::move(schema)), seed_(seed) {}

 private:
  std::shared_ptr<const Schema> schema_;
  uint64_t seed_;
};

}  // namespace volley
