#pragma once
// B-6 Comms Check [assumed]: the side's comms dice (plus bonuses, e.g. PF-PR's +1D) at 4+ against 3D
// at 4+, success iff more successes: the opposed check every published Combat HQ test uses. Ruleset
// option comms_rule = "any-success": success iff at least one die succeeds (no opposing roll).
//
// Stream: Purpose::Comms per (turn, actor); actor = 2 x battery + what the check is for (0: cancel a
// mission, B-3 step 2; 1: call a pre-registered barrage, PF-PR), so the two checks a battery may make
// in one turn use different streams.
#include "engine/barrage/barrage_scenario.hpp"
#include "engine/rng.hpp"

#include <cstdint>

namespace volley::barrage {

struct CheckRoll {
  int dice = 0;        // dice rolled by the checking side
  int own = 0;         // its successes
  int opposition = 0;  // the opposing roll's successes (0 with any-success)
  bool success = false;
};

enum class CommsFor : uint32_t { Cancel = 0, Call = 1 };

inline uint32_t comms_actor(int battery, CommsFor what) noexcept {
  return 2u * static_cast<uint32_t>(battery) + static_cast<uint32_t>(what);
}

template <class Dice>
CheckRoll comms_check(Dice& dice, const Ruleset& rules, int comms_dice, int turn, uint32_t actor) {
  dice.restart(Purpose::Comms, static_cast<uint32_t>(turn), actor);
  const int faces = success_faces(rules.hit_target);
  CheckRoll roll;
  roll.dice = comms_dice;
  roll.own = dice.successes(comms_dice, faces, 6);
  switch (rules.comms_rule) {
    case CommsRule::Opposed:
      roll.opposition = dice.successes(rules.comms_opposition, faces, 6);
      roll.success = roll.own > roll.opposition;  // B-6: more successes
      break;
    case CommsRule::AnySuccess:
      roll.success = roll.own >= 1;  // B-6 option
      break;
  }
  return roll;
}

}  // namespace volley::barrage
