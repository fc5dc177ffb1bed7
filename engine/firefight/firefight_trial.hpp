#pragma once
// One firefight trial: the turn sequence of F-2, a template over the random source (TrialDice for
// runs, ScriptedDice for rules tests) and the narrator (NullNarrator for runs, TextNarrator for
// `volley replay --trace`), so that a replay goes through the very same code as a run.
#include "engine/firefight/fire_phase.hpp"
#include "engine/firefight/melee.hpp"
#include "engine/firefight/morale.hpp"
#include "engine/firefight/movement.hpp"
#include "engine/firefight/spotting.hpp"
#include "engine/firefight/victory.hpp"

namespace volley::firefight {

// F-1: units and decoys with a zone are placed uniformly at random inside it. Each unit has its own
// Placement stream (actor: its global index); the decoys of one scenario entry (`count` of them)
// share one, drawn in turn (actors after all units, side 0's entries first).
template <class Ctx>
void place_forces(Ctx& c) {
  auto uniform_in = [&](const Rect& r) {
    const Coord x = r.x0 + static_cast<Coord>(c.dice.below(static_cast<uint32_t>(r.x1 - r.x0) + 1));
    const Coord y = r.y0 + static_cast<Coord>(c.dice.below(static_cast<uint32_t>(r.y1 - r.y0) + 1));
    return Point{x, y};
  };
  for (int g = 0, g_end = c.sc.total_units(); g < g_end; ++g) {
    const Placement& pl = c.spec(g).placement;
    if (!pl.zone) continue;
    c.dice.restart(Purpose::Placement, 0, static_cast<uint32_t>(g));
    c.st.units[g].pos = uniform_in(pl.area);
  }
  uint32_t actor = static_cast<uint32_t>(c.sc.total_units());
  for (int s = 0; s < SideCount; ++s) {
    const auto& listed = c.sc.sides[s].decoys;
    for (size_t d = 0; d < listed.size(); ++d) {
      const bool same_entry = d > 0 && listed[d].entry >= 0 && listed[d].entry == listed[d - 1].entry;
      if (!same_entry) ++actor;
      if (!listed[d].placement.zone) continue;
      if (!same_entry || !listed[d - 1].placement.zone) c.dice.restart(Purpose::Placement, 0, actor - 1);
      c.st.decoys[s][d].pos = uniform_in(listed[d].placement.area);
    }
  }
}

// Step 0 of a trial: reset, placement (F-1), geometry and cover, spotting at setup (F-5).
template <class Ctx>
void setup_trial(Ctx& c) {
  auto& st = c.st;
  st.reset(c.sc);
  place_forces(c);
  refresh_geometry(c, true);
  update_cover(c, true);
  if constexpr (Ctx::Narrator::enabled) {
    c.narr.say("setup");
    for (int g = 0, g_end = c.sc.total_units(); g < g_end; ++g)
      c.narr.say(text("  ", c.name(g), ": ", st.units[g].figures, " figures at ", point_text(st.units[g].pos),
                      st.units[g].hidden ? ", hidden" : "",
                      st.units[g].cover_class > 0 ? text(", cover class ", st.units[g].cover_class) : ""));
    for (int s = 0; s < SideCount; ++s)
      for (int d = 0; d < st.decoy_count[s]; ++d)
        c.narr.say(text("  ", c.decoy_name(s, d), ": decoy at ", point_text(st.decoys[s][d].pos)));
  }
  spot(c, true);
  c.narr.setup_done(st);
}

// The start of a turn: the flags of the last turn are cleared (moved, charged, took_casualties,
// stood_up), and the decoys removed last turn are dropped (compact_decoys).
template <class Ctx>
void begin_turn(Ctx& c, int t) {
  auto& st = c.st;
  st.turn = t;
  for (UnitState& u : st.units) u.clear_turn_flags();
  compact_decoys(c);
  if constexpr (Ctx::Narrator::enabled) c.narr.say(text("turn ", t));
}

// One turn of F-2; returns whether the trial is decided (F-9).
template <class Ctx>
bool play_turn(Ctx& c, int t) {
  auto& st = c.st;
  // Step 0: the start of the turn.
  begin_turn(c, t);
  // Step 1: movement phase (F-6), then re-concealment (SF-F), then spotting (F-5).
  if constexpr (Ctx::Narrator::enabled) c.narr.say(" movement phase");
  // Sight, spotting and cover change only where a unit moved: with no move they are skipped. Only
  // a side that declared schnellfeuer last turn has units to re-conceal (SF-F).
  const bool moved = movement_phase(c);
  if (moved) refresh_geometry(c, false);
  if (st.tally[0].last_declaration == t - 1 || st.tally[1].last_declaration == t - 1) reconceal(c);
  if (moved) {
    spot(c, false);
    update_cover(c, false);
  }
  // Step 2: fire phase (F-3, F-4, SF-*).
  fire_phase(c);
  // Step 3: melee phase (F-7).
  melee_phase(c);
  // Step 4: morale phase (F-8b).
  morale_phase(c);
  // Step 5: end of turn. Reloading (SF-E) was booked at the declaration (reload_turn = t + 1);
  // victory check (F-9): a decided trial stops here.
  c.narr.turn_end(st, t);
  return check_victory(c);
}

template <class Dice, class Narrator>
void play_trial(const FirefightScenario& sc, FirefightState& st, Dice& dice, Narrator& narr) {
  TrialContext<Dice, Narrator> c{sc, st, dice, narr};
  setup_trial(c);
  for (int t = 1; t <= sc.turns; ++t)
    if (play_turn(c, t)) return;
  // F-9: none decided after `turns`: an undecided draw, reported with turn = turns.
  st.outcome = Outcome::Undecided;
  st.turn_decided = sc.turns;
  if constexpr (Narrator::enabled) narr.say(text("undecided after ", sc.turns, " turns: a draw"));
}

}  // namespace volley::firefight
