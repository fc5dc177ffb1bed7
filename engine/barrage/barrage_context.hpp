#pragma once
// What every step of a barrage trial works on: the kernels' context (engine/kernel_context.hpp:
// c.sc, c.st, c.dice, c.narr, as in the firefight's TrialContext) over the barrage's scenario and
// state. A run's NullNarrator has `enabled` false, so every line of narration is compiled out, and
// a replay (TextNarrator) goes through the very same code path. The random source is TrialDice in
// a run and a replay, a scripted source in a rules test.
#include "engine/narrator.hpp"
#include "engine/barrage/barrage_scenario.hpp"
#include "engine/barrage/barrage_state.hpp"
#include "engine/kernel_context.hpp"
#include "engine/trial_dice.hpp"

#include <string>

namespace volley::barrage {

template <class DiceT, class NarratorT = NullNarrator>
struct BarrageContext : KernelContext<BarrageScenario, BarrageState, DiceT, NarratorT> {
  const Ruleset& rules() const noexcept { return this->sc.ruleset; }
  const std::string& side_name(int side) const noexcept { return this->sc.sides[side].name; }
};

// Spend Staff Orders if the stock holds them (B-2); false leaves the stock untouched.
inline bool spend_staff_orders(SideState& side, int cost) noexcept {
  if (side.stock < cost) return false;
  side.stock -= cost;
  side.staff_spent += cost;
  return true;
}

}  // namespace volley::barrage
