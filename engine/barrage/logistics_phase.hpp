#pragma once
// B-3, the Friendly Logistics Phase [seed], at the start of a side's Command Pulse, in the seed's
// order: remove smoke, attempt to cancel a fire mission, adjust fire missions, fire for effect,
// check artillery supply.
#include "engine/barrage/barrage_context.hpp"
#include "engine/barrage/comms.hpp"
#include "engine/barrage/missions.hpp"
#include "engine/barrage/supply.hpp"

#include <optional>
#include <string>
#include <variant>

namespace volley::barrage {

// Whether a template would fall on one of the side's own units or real Blinds.
inline bool covers_own_units(const BarrageScenario& sc, const BarrageState& st, int side, const Rect& rect) noexcept {
  for (int u : sc.sides[side].units) {
    const UnitState& unit = st.units[u];
    if (!unit.dispersed && !unit.in_blind && overlaps(unit.box, rect)) return true;
  }
  for (int b : sc.sides[side].blinds)
    if (st.blinds[b].standing && !sc.blinds[b].dummy() && overlaps(st.blinds[b].box, rect)) return true;
  return false;
}

// Step 2 (B-3): attempt to cancel a fire mission, delayed ones included: a comms check (B-6); on a
// success the battery is free for a new mission this turn. Policy `never` (default: not called) or
// `friendly-under`: try for each mission about to fire on the side's own units.
template <class Ctx>
void attempt_cancel(Ctx& c, int side_index, int turn) {
  const BarrageScenario& sc = c.sc;
  BarrageState& st = c.st;
  for (int mission : sc.sides[side_index].missions) {
    const std::optional<Point> next = next_fire_position(c, mission, turn);
    if (!next) continue;
    const Point centre = *next;
    if (!covers_own_units(sc, st, side_index, mission_template(sc, st, mission, centre))) continue;
    const CheckRoll check = comms_check(c.dice, sc.ruleset, sc.sides[side_index].comms_dice, turn,
                                        comms_actor(sc.missions[mission].batteries.front(), CommsFor::Cancel));
    if constexpr (Ctx::Narrator::enabled)
      c.narr.say([&] {
        return sc.missions[mission].name + " would fire on friends at " + point_text(centre) + ": cancel, comms check " +
               std::to_string(check.dice) + "D: " + std::to_string(check.own) + " against " + std::to_string(check.opposition) +
               (check.success ? ": cancelled" : ": fails");
      }());
    if (check.success) end_mission(sc, st, mission);
  }
}

// Step 3 (B-3): adjust fire. Only pre-registered barrages may be adjusted (PF-RB and PF-DT forbid
// it): one called last turn and not yet fired, or a continuous one. Policy `none` (default: not
// called) or `nearest-enemy`: onto the nearest enemy unit or Blind within adjust_range of the template.
template <class Ctx>
void adjust_fire(Ctx& c, int side_index) {
  const BarrageScenario& sc = c.sc;
  BarrageState& st = c.st;
  for (int mission : sc.sides[side_index].missions) {
    if (!visit_kind(sc.missions[mission].kind, [](const auto& kind) { return kind.adjustable; })) continue;
    MissionState& m = st.missions[mission];
    if (m.phase != MissionPhase::Called && m.phase != MissionPhase::Ongoing) continue;
    Point target;
    int64_t d = 0;
    if (!nearest_enemy_marker(sc, st, side_index, m.position, sc.ruleset.adjust_range, target, d) || target == m.position) continue;
    if constexpr (Ctx::Narrator::enabled)
      c.narr.say(sc.missions[mission].name + " adjusted from " + point_text(m.position) + " to " + point_text(target));
    m.position = target;
  }
}

// Step 5 (B-3): each battery of a mission that has started firing checks its supply; a battery that
// fails drops out, and the mission ends (its template removed) when none is left (B-5).
template <class Ctx>
void check_supply(Ctx& c, int side_index, int turn) {
  const BarrageScenario& sc = c.sc;
  BarrageState& st = c.st;
  if (!sc.ruleset.supply_checks) return;
  const SideSpec& spec = sc.sides[side_index];
  SideState& side = st.sides[side_index];
  for (int mission : spec.missions) {
    if (st.missions[mission].phase != MissionPhase::Ongoing) continue;
    for (int b : sc.missions[mission].batteries) {
      if (st.batteries[b].mission != mission) continue;
      const bool bonus = spec.supply_bonus && spend_staff_orders(side, sc.ruleset.supply_bonus_cost);
      const CheckRoll check = supply_check(c.dice, sc.ruleset, spec.supply_dice + (bonus ? sc.ruleset.supply_bonus_dice : 0), turn, b);
      if constexpr (Ctx::Narrator::enabled)
        c.narr.say([&] {
          return "supply check, battery " + sc.batteries[b].name + ": " + std::to_string(check.dice) + "D" +
                 (bonus ? " (one bought with a Staff Order)" : "") + ": " + std::to_string(check.own) + " against " +
                 std::to_string(check.opposition) + (check.success ? ": keeps firing" : ": out of ammunition");
        }());
      if (!check.success) st.batteries[b].mission = -1;
    }
    if (active_batteries(sc, st, mission) == 0) {
      end_mission(sc, st, mission);
      ++side.missions_ended_supply;
      if constexpr (Ctx::Narrator::enabled)
        c.narr.say(sc.missions[mission].name + " ends: no battery left with ammunition, template removed");
    }
  }
}

template <class Ctx>
[[gnu::always_inline]] inline void friendly_logistics_phase(Ctx& c, int side_index, int turn) {
  const SideSpec& side = c.sc.sides[side_index];
  if (side.missions.empty()) {
    if constexpr (Ctx::Narrator::enabled) c.narr.say(side.name + " Friendly Logistics Phase: no fire missions");
    return;
  }
  if constexpr (Ctx::Narrator::enabled) c.narr.say(side.name + " Friendly Logistics Phase");
  // Each step's lines are narrated under its heading; a run formats nothing (and calls nothing).
  constexpr bool narrating = Ctx::Narrator::enabled;
  auto heading = [&](const char* text, const char* more = "") {
    c.narr.outdent();
    c.narr.say(std::string(text) + more);
    c.narr.indent();
  };
  if constexpr (narrating) {
    c.narr.indent();
    c.narr.indent();
  }
  // Step 1: remove smoke screens fired last turn (no smoke is modelled).
  if constexpr (narrating) heading("1. remove smoke screens: none (smoke is not modelled)");
  // Step 2: attempt to cancel a fire mission (policy).
  if constexpr (narrating) heading("2. cancel fire missions: policy ", word_of(side.cancel));
  if (side.cancel != CancelPolicy::Never) attempt_cancel(c, side_index, turn);  // (the default costs no call)
  // Step 3: adjust fire missions (policy).
  if constexpr (narrating) heading("3. adjust fire missions: policy ", word_of(side.adjust));
  if (side.adjust != AdjustPolicy::None) adjust_fire(c, side_index);
  // Step 4: fire for effect, in battery index order.
  if constexpr (narrating) heading("4. fire for effect");
  for (int mission : side.missions)
    if (c.st.missions[mission].phase != MissionPhase::Ended) mission_fire_step(c, mission, turn);  // an ended one does nothing
  // Step 5: check artillery supply.
  if constexpr (narrating) heading("5. artillery supply", c.sc.ruleset.supply_checks ? "" : ": not checked (supply_checks = false)");
  check_supply(c, side_index, turn);
  if constexpr (narrating) {
    c.narr.outdent();
    c.narr.outdent();
  }
}

}  // namespace volley::barrage
