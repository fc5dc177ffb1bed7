#pragma once
// F-4 fire resolution: targets, dice, hit bands, casualties; SF-C (a hidden unit that fires is
// revealed) holds for all fire. The fire phase's card loop is fire_phase.hpp.
#include "engine/firefight/spotting.hpp"

namespace volley::firefight {

// F-3: a unit may fire this phase (gets a card) unless broken, destroyed, in melee or reloading
// (SF-E).
template <class Ctx>
bool may_fire(const Ctx& c, int g) {
  const UnitState& u = c.st.units[g];
  return !u.out() && !u.in_melee && u.reload_turn != c.turn();
}

// F-4 targets, once per fire phase (positions and contacts do not change in it): for each unit that
// may fire, the enemy units in reach and sight that are not in melee or out of action, nearest
// first, ties to the lowest index. Whether each is revealed and still in action is checked when the unit fires.
template <class Ctx>
void build_candidates(Ctx& c) {
  auto& st = c.st;
  for (int g = 0; g < c.sc.total_units(); ++g) {
    int& count = st.candidate_count[g];
    count = 0;
    if (!may_fire(c, g)) continue;  // only a unit that may fire asks for its target
    int* list = st.candidates.data() + static_cast<size_t>(g) * st.stride;
    const int enemy = 1 - c.side_of(g);
    const int64_t r2 = squared(c.reach(g));
    const auto row = c.row(g);
    const int first = c.first(enemy), last = c.last(enemy);
    for (int h = first; h < last; ++h) {
      const size_t at = static_cast<size_t>(h - first) * row.stride;
      const int64_t d2 = row.d2[at];
      if (d2 > r2 || !row.los[at]) continue;
      const UnitState& e = st.units[h];
      if (e.out() || e.in_melee) continue;
      // Insertion by distance; h grows, so equal distances keep the lower index first.
      int k = count++;
      while (k > 0 && row.d2[static_cast<size_t>(list[k - 1] - first) * row.stride] > d2) {
        list[k] = list[k - 1];
        --k;
      }
      list[k] = h;
    }
  }
}

// F-4: the unit's target now: the nearest candidate that is revealed and still in action; -1: none.
template <class Ctx>
int current_target(const Ctx& c, int g) {
  const int* list = c.st.candidates.data() + static_cast<size_t>(g) * c.st.stride;
  for (int k = 0; k < c.st.candidate_count[g]; ++k) {
    const UnitState& e = c.st.units[list[k]];
    if (!e.hidden && !e.out()) return list[k];
  }
  return -1;
}

// F-8a bookkeeping: a card's fire on one target is one burst; record its casualties per target.
template <class Ctx>
void record_burst(Ctx& c, int target, int casualties) {
  auto& st = c.st;
  if (st.burst_casualties[target] < 0) {
    st.burst_casualties[target] = 0;
    st.burst_targets[st.burst_target_count++] = target;
  }
  st.burst_casualties[target] += casualties;
}

// F-4: unit g fires at its current target (which exists). Schnellfeuer (SF-B): twice the dice
// (sf_dice_multiplier) at -1 (sf_fire_modifier). A prone firer is at -1 too (F-8a).
template <class Ctx>
void fire_unit(Ctx& c, int g, bool schnellfeuer) {
  auto& st = c.st;
  const Ruleset& rules = c.sc.ruleset;
  UnitState& u = st.units[g];
  const int side = c.side_of(g);
  const int target = current_target(c, g);
  UnitState& t = st.units[target];
  const Weapon& w = c.weapon(g);
  const uint32_t turn = static_cast<uint32_t>(c.turn());
  // Invariant (SF-E): a reloading unit never fires. Counted, and asserted zero by the tests.
  if (u.reload_turn == c.turn()) ++st.tally[side].reloading_fired;
  // Step 1: dice and band. Each -1 lowers the band by one face; clamped to [0, faces]; option
  // natural_one_hits makes a 1 hit whatever the band.
  const int dice = u.figures * w.dice_per_figure * (schnellfeuer ? rules.sf_dice_multiplier : 1);
  const int target_class = c.target_class(target);
  int band = w.bands[target_class - 1] + (schnellfeuer ? rules.sf_fire_modifier : 0) + (u.prone ? rules.prone_fire_modifier : 0);
  band = std::clamp(band, 0, rules.fire_die);
  if (rules.natural_one_hits && band < 1) band = 1;
  // Step 2: hits, one binomial pool (a die hits on <= band).
  c.dice.restart(Purpose::Fire, turn, static_cast<uint32_t>(g));
  const int hits = c.dice.successes(dice, band, rules.fire_die);
  st.tally[side].hits += hits;
  st.hits_turn[side][c.turn()] += hits;
  // Step 3: casualties at once; hits beyond the target's figures are lost. Each is killed with
  // kill_chance, otherwise wounded: one pool of `casualties` dice of kill_chance.den faces.
  const int casualties = std::min(hits, t.figures);
  c.dice.restart(Purpose::Casualties, turn, static_cast<uint32_t>(g));
  const int killed = c.dice.successes(casualties, rules.kill_chance.num, rules.kill_chance.den);
  t.lose_figures(casualties);
  st.tally[1 - side].killed += killed;
  st.tally[1 - side].wounded += casualties - killed;
  u.fired = true;
  if constexpr (Ctx::Narrator::enabled)
    c.narr.say(text("  ", schnellfeuer ? "schnellfeuer: " : "fire: ", c.name(g), " (", u.figures, " figures) at ", c.name(target),
                    " (class ", target_class, ", ", inches(integer_sqrt(distance_squared(u.pos, t.pos))), "\"): ", dice,
                    " dice needing ", band, " or less on d", rules.fire_die, ": ", hits, " hits; ", casualties, " casualties (",
                    killed, " killed, ", casualties - killed, " wounded), ", t.figures, " left", t.figures == 0 ? ", destroyed" : ""));
  // Step 4: SF-C: a hidden unit that fires is revealed (it is then "revealed by this schnellfeuer"
  // for SF-F when the fire is schnellfeuer).
  if (u.hidden) {
    reveal_unit(c, g, "fired");
    if (schnellfeuer) u.sf_revealed_turn = c.turn();
  }
  record_burst(c, target, casualties);
}

}  // namespace volley::firefight
