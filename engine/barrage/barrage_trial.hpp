#pragma once
// B-7, one barrage trial: the setup, then `turns` turns of
//   1. both sides roll command dice (B-2);
//   2. in pulse order, each side runs its Friendly Logistics Phase (B-3) and then its Command Pulse:
//      pre-registered calls (PF-PR), then units with a velocity move (not suppressed ones; a Blind
//      moves with its units);
//   3. end of turn: suppression wears off (B-5).
// A template over the random source, with an optional narrator (replay). A pure function of
// (scenario, seed, trial): the state is reset, every random number comes from a stream named by
// (purpose, turn, actor).
#include "engine/barrage/barrage_context.hpp"
#include "engine/barrage/command.hpp"
#include "engine/barrage/logistics_phase.hpp"
#include "engine/barrage/missions.hpp"
#include "engine/barrage/morale_standing.hpp"
#include "engine/rng.hpp"

#include <string>

namespace volley::barrage {

// A zone's centre, uniform over its coordinates (B-1 / F-1). Stream: Purpose::Placement per actor
// (units first, then Blinds), turn 0.
template <class Dice>
Point place_in_zone(Dice& dice, const Rect& zone, uint32_t actor) {
  dice.restart(Purpose::Placement, 0, actor);
  const Coord x = zone.x0 + static_cast<Coord>(dice.below(static_cast<uint32_t>(zone.x1 - zone.x0) + 1));
  const Coord y = zone.y0 + static_cast<Coord>(dice.below(static_cast<uint32_t>(zone.y1 - zone.y0) + 1));
  return {x, y};
}

template <class Ctx>
void setup_trial(Ctx& c) {
  const BarrageScenario& sc = c.sc;
  BarrageState& st = c.st;
  st.reset(sc);
  for (size_t u = 0; u < sc.units.size(); ++u)
    if (sc.units[u].placement.zoned && sc.units[u].blind < 0)
      move_unit(st.units[u], sc.units[u], place_in_zone(c.dice, sc.units[u].placement.zone, static_cast<uint32_t>(u)));
  for (size_t b = 0; b < sc.blinds.size(); ++b)
    if (sc.blinds[b].placement.zoned)
      move_blind(st.blinds[b], sc.blinds[b], place_in_zone(c.dice, sc.blinds[b].placement.zone, static_cast<uint32_t>(sc.units.size() + b)),
                 st.units);
  if constexpr (Ctx::Narrator::enabled) {
    for (int s = 0; s < SideCount; ++s) {
      c.narr.say(sc.sides[s].name + (s == sc.attacker ? " (attacker)" : " (defender)") + ": " + std::to_string(st.sides[s].stock) +
                 " Staff Orders");
      c.narr.indent();
      for (int u : sc.sides[s].units)
        if (sc.units[u].blind < 0) c.narr.say("unit " + sc.units[u].name + " at " + point_text(st.units[u].position));
      for (int b : sc.sides[s].blinds) {
        std::string line = "Blind " + sc.blinds[b].name + " at " + point_text(st.blinds[b].position) + ": ";
        if (sc.blinds[b].dummy()) line += "dummy";
        for (size_t i = 0; i < sc.blinds[b].units.size(); ++i) line += (i ? ", " : "") + sc.units[sc.blinds[b].units[i]].name;
        c.narr.say(line);
      }
      c.narr.outdent();
    }
  }
}

// Command Pulse, second step (B-7): units with a velocity move, unless suppressed; a standing Blind
// moves with its units (not while any of them is suppressed). Footprints stop at the table edge.
template <class Ctx>
void move_units(Ctx& c, int side_index) {
  const BarrageScenario& sc = c.sc;
  BarrageState& st = c.st;
  for (int u : sc.sides[side_index].movers) {
    UnitState& unit = st.units[u];
    if (unit.dispersed || unit.in_blind) continue;
    const UnitSpec& spec = sc.units[u];
    if (unit.suppressed()) {
      if constexpr (Ctx::Narrator::enabled) c.narr.say(spec.name + " is suppressed: does not move");
      continue;
    }
    shift_on_table(unit.position, unit.box, spec.velocity, sc.table);
    if constexpr (Ctx::Narrator::enabled) c.narr.say(spec.name + " moves to " + point_text(unit.position));
  }
  for (int b : sc.sides[side_index].moving_blinds) {
    BlindState& blind = st.blinds[b];
    const BlindSpec& spec = sc.blinds[b];
    if (!blind.standing) continue;
    bool held = false;
    for (int u : spec.units) held = held || (!st.units[u].dispersed && st.units[u].suppressed());
    if (held) {
      if constexpr (Ctx::Narrator::enabled) c.narr.say("Blind " + spec.name + " holds a suppressed unit: does not move");
      continue;
    }
    shift_on_table(blind.position, blind.box, spec.velocity, sc.table);
    move_blind_units(spec, blind, st.units);
    if constexpr (Ctx::Narrator::enabled) c.narr.say("Blind " + spec.name + " moves to " + point_text(blind.position));
  }
}

template <class Ctx>
[[gnu::always_inline]] inline void command_pulse(Ctx& c, int side_index, int turn) {
  if constexpr (Ctx::Narrator::enabled) c.narr.say(c.side_name(side_index) + " Command Pulse");
  if constexpr (Ctx::Narrator::enabled) c.narr.indent();
  const SideSpec& side = c.sc.sides[side_index];
  // Step 1: pre-registered calls (PF-PR).
  if (!side.pre_registered.empty()) call_pre_registered(c, side_index, turn);
  // Step 2: movement (B-7).
  if (!side.movers.empty() || !side.moving_blinds.empty()) move_units(c, side_index);
  if constexpr (Ctx::Narrator::enabled) c.narr.outdent();
}

template <class Ctx>
void play_turn(Ctx& c, int turn) {
  BarrageState& st = c.st;
  st.turn = turn;
  st.fired.clear();
  if constexpr (Ctx::Narrator::enabled) c.narr.say("turn " + std::to_string(turn));
  if constexpr (Ctx::Narrator::enabled) c.narr.indent();
  // Step 1: command dice, Command Failures, Staff Orders, pulse order (B-2).
  command_phase(c, turn);
  // Step 2: each side's Friendly Logistics Phase and Command Pulse, in pulse order (B-3, B-7). When
  // one side is idle (its phases change nothing) and nothing is narrated, only the other's run: the
  // order then cannot matter, and the CPU need not guess which side comes first.
  const auto& sides = c.sc.sides;
  const int active = sides[0].idle() == sides[1].idle() ? -1 : (sides[0].idle() ? 1 : 0);
  if (active >= 0 && !Ctx::Narrator::enabled) {
    friendly_logistics_phase(c, active, turn);
    command_pulse(c, active, turn);
  } else if (st.pulse_order[0] == 0) {
    // Written out for each order (and inlined), so that each side's steps have their own branches,
    // which the CPU then predicts from the side's own history.
    friendly_logistics_phase(c, 0, turn);
    command_pulse(c, 0, turn);
    friendly_logistics_phase(c, 1, turn);
    command_pulse(c, 1, turn);
  } else {
    friendly_logistics_phase(c, 1, turn);
    command_pulse(c, 1, turn);
    friendly_logistics_phase(c, 0, turn);
    command_pulse(c, 0, turn);
  }
  // Step 3: end of turn: units suppressed last turn recover (B-5). Only at the earliest recovery the
  // state knows of is there any to look for.
  if (st.next_recovery != 0 && st.next_recovery <= turn) {
    st.next_recovery = 0;
    for (size_t u = 0; u < st.units.size(); ++u) {
      UnitState& unit = st.units[u];
      if (unit.suppressed_until != 0 && unit.suppressed_until <= turn) {
        unit.suppressed_until = 0;
        if constexpr (Ctx::Narrator::enabled) c.narr.say(c.sc.units[u].name + " recovers from suppression");
      }
      if (unit.suppressed_until != 0 && (st.next_recovery == 0 || unit.suppressed_until < st.next_recovery))
        st.next_recovery = unit.suppressed_until;
    }
  }
  if constexpr (Ctx::Narrator::enabled) c.narr.outdent();
}

// The whole trial: setup and every turn.
template <class Ctx>
void play_trial(Ctx& c) {
  setup_trial(c);
  for (int turn = 1; turn <= c.sc.turns; ++turn) {
    play_turn(c, turn);
    record_morale_standing(c.st, turn);
  }
}

}  // namespace volley::barrage
