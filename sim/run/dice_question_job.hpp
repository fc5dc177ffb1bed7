#pragma once
// A trial job that rolls one dice question per trial (`volley dice --simulate N`): the Monte Carlo
// column beside the exact law, through the kernel's own random source and pool sampling.
#include "engine/dice_question.hpp"
#include "sim/run/dice_roll_kernel.hpp"

namespace volley {

struct QuestionRoll {
  DiceQuestion question;

  template <PoolPath Path>
  void roll(BasicTrialDice<Path>& dice, int64_t* obs) const {
    int64_t killed = 0;
    question.roll(dice, obs[0], killed);
    if (question.kills) obs[1] = killed;
  }
};

template <PoolPath Path>
class DiceQuestionJob final : public KernelJob<play_dice_roll<Path, QuestionRoll>> {
 public:
  DiceQuestionJob(DiceQuestion question, uint64_t seed)
      : KernelJob<play_dice_roll<Path, QuestionRoll>>(std::make_shared<const QuestionRoll>(QuestionRoll{question}),
                                                      question_schema(question), seed) {}

 private:
  static std::shared_ptr<const Schema> question_schema(const DiceQuestion& question) {
    const IntegerLaw law = question.law();
    auto schema = std::make_shared<Schema>();
    schema->add({question.value_name(), MetricKind::Count, law.lowest, law.highest(), question.describe(), true});
    if (question.kills) schema->add({"killed", MetricKind::Count, 0, law.highest(), "hits that kill", true});
    return schema;
  }
};

}  // namespace volley
