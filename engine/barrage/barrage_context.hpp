#pragma once
// What every step of a barrage trial works on: the scenario (read only), the trial's state, the
// random source and the optional narrator. The kernel's steps are function templates over the
// random source (TrialDice in a run, ScriptedDice in a rules test).
#include "engine/barrage/barrage_narrator.hpp"
#include "engine/barrage/barrage_scenario.hpp"
#include "engine/barrage/barrage_state.hpp"

namespace volley::barrage {

// Formats and says one line, out of the kernel's hot code: the string building lives here, cold and
// never inlined, so that a run's steps carry none of it (nor its registers and stack).
template <class Make>
[[gnu::cold, gnu::noinline]] void narrate(BarrageNarrator& narrator, const Make& make) {
  narrator.say(make());
}

template <class Dice>
struct BarrageContext {
  const BarrageScenario& scenario;
  BarrageState& state;
  Dice& dice;
  BarrageNarrator* narrator = nullptr;

  const Ruleset& rules() const noexcept { return scenario.ruleset; }
  bool narrating() const noexcept { return narrator != nullptr; }
  // Narrate a line built by `make` (a lambda), which a run never calls: nothing is formatted
  // unless a narrator listens.
  template <class Make>
  void say(const Make& make) const {
    if (narrator != nullptr) [[unlikely]] narrate(*narrator, make);
  }
  const std::string& side_name(int side) const noexcept { return scenario.sides[side].name; }
};

// Spend Staff Orders if the stock holds them (B-2); false leaves the stock untouched.
inline bool spend_staff_orders(SideState& side, int cost) noexcept {
  if (side.stock < cost) return false;
  side.stock -= cost;
  side.staff_spent += cost;
  return true;
}

}  // namespace volley::barrage
