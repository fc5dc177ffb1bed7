// B-6: the Comms Check.
#include "engine/barrage/comms.hpp"
#include "engine/exact_dice.hpp"
#include "engine/scripted_dice.hpp"
#include "engine/trial_dice.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace volley;
using namespace volley::barrage;

TEST_CASE("B-6: a comms check succeeds iff the comms dice score more successes than 3D at 4+", "[engine][barrage][B-6]") {
  const Ruleset rules;
  ScriptedDice dice{2, 1, 1, 1, 0, 0, 4, 3};
  CHECK(comms_check(dice, rules, 4, 1, 0).success);
  CHECK_FALSE(comms_check(dice, rules, 4, 1, 0).success);  // a tie fails
  CHECK_FALSE(comms_check(dice, rules, 4, 1, 0).success);
  const CheckRoll roll = comms_check(dice, rules, 5, 1, 0);  // PF-PR's +1D: 5 dice
  CHECK(roll.dice == 5);
  CHECK(roll.own == 4);
  CHECK(roll.opposition == 3);
  CHECK(roll.success);
  CHECK(dice.exhausted());
}

TEST_CASE("B-6: comms_rule any-success: one die at 4+ is enough, with no opposing roll", "[engine][barrage][B-6]") {
  Ruleset rules;
  rules.comms_rule = CommsRule::AnySuccess;
  ScriptedDice dice{1, 0};
  CHECK(comms_check(dice, rules, 4, 1, 0).success);
  CHECK_FALSE(comms_check(dice, rules, 4, 1, 0).success);
  CHECK(dice.exhausted());
}

TEST_CASE("B-6: the comms check matches the exact opposed law with and without PF-PR's +1D", "[engine][barrage][B-6][PF-PR][exact]") {
  // 4 comms dice (the seed's German example) against 3D, then 5D; 200,000 checks each through the
  // kernel; bound: 5 standard errors.
  constexpr uint64_t N = 200'000;
  Ruleset rules;
  for (int dice_count : {4, 5}) {
    uint64_t successes = 0;
    for (uint64_t trial = 0; trial < N; ++trial) {
      TrialDice dice(5, trial);
      successes += comms_check(dice, rules, dice_count, 1, comms_actor(0, CommsFor::Call)).success ? 1 : 0;
    }
    const double exact = opposed_more_successes(dice_count, 3, 3, 3, 6);
    const double p = static_cast<double>(successes) / N;
    INFO(dice_count << " comms dice: simulated " << p << ", exact " << exact);
    CHECK(std::abs(p - exact) <= 5 * std::sqrt(exact * (1 - exact) / N));
  }
  CHECK(opposed_more_successes(4, 3, 3, 3, 6) == Approx(0.5));  // 4D against 3D at 4+: exactly even

  rules.comms_rule = CommsRule::AnySuccess;
  uint64_t any = 0;
  for (uint64_t trial = 0; trial < N; ++trial) {
    TrialDice dice(5, trial);
    any += comms_check(dice, rules, 4, 1, 0).success ? 1 : 0;
  }
  const double exact = 1 - std::pow(0.5, 4);
  CHECK(std::abs(static_cast<double>(any) / N - exact) <= 5 * std::sqrt(exact * (1 - exact) / N));
}
