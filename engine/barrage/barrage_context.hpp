#pragma once
// What every step of a barrage trial works on: the scenario (read only), the trial's state, the
// random source and the narrator. The kernel's steps are function templates over this context, as
// the firefight's are over its TrialContext (engine/firefight/trial_context.hpp), with the same
// names (c.sc, c.st, c.dice, c.narr) and the same compile-time narration: a run's SilentNarrator
// has `enabled` false, so every line of narration is compiled out (`if constexpr`), and a replay
// (BarrageNarrator) goes through the very same code path. The random source is TrialDice in a run
// and a replay, a scripted source in a rules test.
#include "engine/barrage/barrage_narrator.hpp"
#include "engine/barrage/barrage_scenario.hpp"
#include "engine/barrage/barrage_state.hpp"
#include "engine/trial_dice.hpp"

#include <string>

namespace volley::barrage {

template <class DiceT, class NarratorT = SilentNarrator>
struct BarrageContext {
  using Dice = DiceT;
  using Narrator = NarratorT;
  const BarrageScenario& sc;
  BarrageState& st;
  Dice& dice;
  Narrator& narr;

  const Ruleset& rules() const noexcept { return sc.ruleset; }
  const std::string& side_name(int side) const noexcept { return sc.sides[side].name; }
};

// Spend Staff Orders if the stock holds them (B-2); false leaves the stock untouched.
inline bool spend_staff_orders(SideState& side, int cost) noexcept {
  if (side.stock < cost) return false;
  side.stock -= cost;
  side.staff_spent += cost;
  return true;
}

}  // namespace volley::barrage
