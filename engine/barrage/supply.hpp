#pragma once
// B-3 step 5, the artillery supply check [book]: a battery rolls the side's supply dice (plus one die
// bought with a Staff Order, by policy) at 4+ against 3D at 4+; more successes and it keeps firing.
// Supply dice by nation [book]: Commonwealth 4, Germany 3, Soviet 5, USA 5.
//
// Stream: Purpose::Supply per (turn, battery): each battery checks on its own (B-5).
#include "engine/barrage/comms.hpp"  // CheckRoll
#include "engine/rng.hpp"

namespace volley::barrage {

// The supply dice a nation rolls when the scenario does not say (B-3).
constexpr int nation_supply_dice(Nation nation) noexcept {
  switch (nation) {
    case Nation::Commonwealth:
      return 4;
    case Nation::Germany:
      return 3;
    case Nation::Soviet:
      return 5;
    case Nation::Usa:
      return 5;
    case Nation::Other:
      return 4;
  }
  return 4;
}

template <class Dice>
CheckRoll supply_check(Dice& dice, const Ruleset& rules, int supply_dice, int turn, int battery) {
  dice.restart(Purpose::Supply, static_cast<uint32_t>(turn), static_cast<uint32_t>(battery));
  const int faces = success_faces(rules.hit_target);
  CheckRoll roll;
  roll.dice = supply_dice;
  roll.own = dice.successes(supply_dice, faces, 6);
  roll.opposition = dice.successes(rules.supply_opposition, faces, 6);
  roll.success = roll.own > roll.opposition;
  return roll;
}

}  // namespace volley::barrage
