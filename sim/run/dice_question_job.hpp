#pragma once
// A trial job that rolls one dice question per trial (`volley dice --simulate N`): the Monte Carlo
// column beside the exact law, through the kernel's own random source and pool sampling.
#include "engine/dice_question.hpp"
#include "engine/trial_dice.hpp"
#include "sim/scenario/trial_job.hpp"

namespace volley {

template <PoolPath Path>
class DiceQuestionJob final : public TrialJob {
 public:
  DiceQuestionJob(DiceQuestion question, uint64_t seed) : question_(std::move(question)), seed_(seed) {
    const IntegerLaw law = question_.law();
    auto schema = std::make_shared<Schema>();
    schema->add({question_.value_name(), MetricKind::Count, law.lowest, law.highest(), question_.describe(), true});
    if (question_.kills) schema->add({"killed", MetricKind::Count, 0, law.highest(), "hits that kill", true});
    schema_ = std::move(schema);
  }
  const std::shared_ptr<const Schema>& schema() const override { return schema_; }

  std::unique_ptr<TrialWorker> make_worker() const override {
    class Worker final : public TrialWorker {
     public:
      explicit Worker(const DiceQuestionJob& job) : job_(job) {}
      void play(uint64_t trial, int64_t* obs) override {
        BasicTrialDice<Path> dice(job_.seed_, trial);
        dice.restart(Purpose::Test, 0, 0);
        int64_t killed = 0;
        job_.question_.roll(dice, obs[0], killed);
        if (job_.question_.kills) obs[1] = killed;
        draws_ = dice.words();
      }
      uint64_t last_draws() const override { return draws_; }

     private:
      const DiceQuestionJob& job_;
      uint64_t draws_ = 0;
    };
    return std::make_unique<Worker>(*this);
  }

 private:
  DiceQuestion question_;
  uint64_t seed_;
  std::shared_ptr<const Schema> schema_;
};

}  // namespace volley
