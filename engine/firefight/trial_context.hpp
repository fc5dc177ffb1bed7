#pragma once
// What every phase of a firefight trial works on (engine/kernel_context.hpp: the scenario, the
// trial's state, the random source and the narrator), and the small queries the rules ask of them
// again and again. The phases are templates over the random source (TrialDice, ScriptedDice) and
// the narrator (NullNarrator, TextNarrator); see firefight_trial.hpp for the turn sequence.
#include "engine/firefight/firefight_scenario.hpp"
#include "engine/firefight/firefight_state.hpp"
#include "engine/narrator.hpp"
#include "engine/kernel_context.hpp"
#include "engine/rng.hpp"

#include <algorithm>
#include <cstdint>
#include <string>

namespace volley::firefight {

template <class DiceT, class NarratorT>
struct TrialContext : KernelContext<FirefightScenario, FirefightState, DiceT, NarratorT> {
  using Kernel = KernelContext<FirefightScenario, FirefightState, DiceT, NarratorT>;
  using Kernel::sc;
  using Kernel::st;

  int turn() const noexcept { return st.turn; }
  const UnitSpec& spec(int g) const noexcept { return sc.unit(g); }
  UnitState& unit(int g) noexcept { return st.units[g]; }
  int side_of(int g) const noexcept { return g >= sc.unit_offset[1] ? 1 : 0; }  // side 0's units come first
  int first(int side) const noexcept { return sc.unit_offset[side]; }
  int last(int side) const noexcept { return sc.unit_offset[side + 1]; }  // one past
  const Weapon& weapon(int g) const noexcept { return sc.ruleset.weapons[sc.unit(g).weapon]; }

  // F-4 with F-5: a target must be within the weapon's range and in sight (visibility).
  Coord reach(int g) const noexcept { return sc.unit(g).reach; }

  // Cached geometry between two units of opposite sides (spotting.hpp, refresh_geometry).
  size_t pair(int g, int h) const noexcept {
    const int a = g < h ? g : h, b = g < h ? h : g;  // side 0's units come first
    return static_cast<size_t>(a) * st.side1_units + (b - sc.unit_offset[1]);
  }
  int64_t d2(int g, int h) const noexcept { return st.pair_d2[pair(g, h)]; }
  bool sight(int g, int h) const noexcept { return st.pair_los[pair(g, h)] != 0; }
  // The same for unit g against every enemy unit in turn: entry k is the enemy first(enemy) + k.
  struct PairRow {
    const int64_t* d2;
    const uint8_t* los;
    size_t stride;
  };
  PairRow row(int g) const noexcept {
    if (g < sc.unit_offset[1]) {
      const size_t base = static_cast<size_t>(g) * st.side1_units;
      return {st.pair_d2.data() + base, st.pair_los.data() + base, 1};
    }
    const size_t base = static_cast<size_t>(g - sc.unit_offset[1]);
    return {st.pair_d2.data() + base, st.pair_los.data() + base, static_cast<size_t>(st.side1_units)};
  }
  // How far apart the rows of two consecutive units of a side start: row(g + 1) is row(g) moved on
  // by this (for a walk over a side's units without recomputing each row).
  size_t row_step(int side) const noexcept { return side == 0 ? static_cast<size_t>(st.side1_units) : 1; }

  // F-1, F-8a: the class a unit is hit as: prone is class 4; otherwise its own class, raised by the
  // cover of the terrain it stands in.
  int target_class(int g) const noexcept {
    const UnitState& u = st.units[g];
    if (u.prone) return sc.ruleset.prone_target_class;
    return std::max(sc.unit(g).target_class, u.cover_class);
  }

  // F-4 [assumed]: whether a unit in melee is screened from the enemy's fire (ruleset
  // fire_into_melee off, the default). The target searches read it once and AND it with each
  // unit's in_melee, so the option adds no branch to their loops.
  bool melee_screens_fire() const noexcept { return !sc.ruleset.fire_into_melee; }

  // Names for the narration: "german Z1", "herero decoy 3".
  std::string name(int g) const { return sc.sides[side_of(g)].name + " " + sc.unit(g).name; }
  std::string decoy_name(int side, int d) const {
    const DecoyState& dec = st.decoys[side][d];
    if (dec.label >= 0) return sc.sides[side].name + " " + sc.sides[side].decoys[dec.label].name;
    return sc.sides[side].name + " blank of " + sc.unit(-1 - dec.label).name;
  }
};

inline int64_t squared(int64_t v) noexcept { return v * v; }

}  // namespace volley::firefight
