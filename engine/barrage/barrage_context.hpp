#pragma once
// What every step of a barrage trial works on: the scenario (read only), the trial's state, the
// random source and the optional narrator. The kernel's steps are function templates over the
// random source (TrialDice in a run, NarratedTrialDice in a replay, ScriptedDice in a rules test).
#include "engine/barrage/barrage_narrator.hpp"
#include "engine/barrage/barrage_scenario.hpp"
#include "engine/barrage/barrage_state.hpp"
#include "engine/trial_dice.hpp"

namespace volley::barrage {

// Formats and says one line, out of the kernel's hot code: the string building lives here, cold and
// never inlined, so that a run's steps carry none of it (nor its registers and stack).
template <class Make>
[[gnu::cold, gnu::noinline]] void narrate(BarrageNarrator& narrator, const Make& make) {
  narrator.say(make());
}

// Whether trials played with this random source can be narrated. A run's TrialDice cannot: its
// kernel then carries no narration at all, not even the checks for a narrator. A replay plays with
// NarratedTrialDice, the same source under another name; rules tests with their scripted source.
template <class Dice>
inline constexpr bool narratable = true;
template <>
inline constexpr bool narratable<TrialDice> = false;

struct NarratedTrialDice : TrialDice {
  using TrialDice::TrialDice;
};

template <class Dice>
struct BarrageContext {
  const BarrageScenario& scenario;
  BarrageState& state;
  Dice& dice;
  BarrageNarrator* narrator = nullptr;

  const Ruleset& rules() const noexcept { return scenario.ruleset; }
  static constexpr bool can_narrate = narratable<Dice>;
  bool narrating() const noexcept {
    if constexpr (can_narrate) return narrator != nullptr;
    return false;
  }
  // Narrate a line built by `make` (a lambda), which a run never calls: nothing is formatted
  // unless a narrator listens.
  template <class Make>
  void say(const Make& make) const {
    if constexpr (can_narrate) {
      if (narrator != nullptr) [[unlikely]] narrate(*narrator, make);
    }
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
