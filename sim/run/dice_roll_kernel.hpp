#pragma once
// What the dice jobs share (dice_pool_job.hpp, dice_question_job.hpp): a trial is one roll of the
// dice, drawn from the trial's own stream (Purpose::Test) so that it is the same for any thread
// count, and needs no scratch. `Roll` is the immutable question the workers share, with
// `template <PoolPath Path> void roll(BasicTrialDice<Path>& dice, int64_t* obs) const`.
#include "engine/trial_dice.hpp"
#include "sim/scenario/kernel_job.hpp"

#include <cstdint>

namespace volley {

struct NoScratch {
  template <class Scenario>
  explicit NoScratch(const Scenario&) {}
};

template <PoolPath Path, class Roll>
void play_dice_roll(const Roll& roll, NoScratch&, BasicTrialDice<Path>& dice, int64_t* obs) {
  dice.restart(Purpose::Test, 0, 0);
  roll.roll(dice, obs);
}

}  // namespace volley
