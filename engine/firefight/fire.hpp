#pragma once
// F-4 fire resolution: targets, dice, hit bands, casualties; SF-C (a hidden unit that fires is
// revealed) holds for all fire. The fire phase's card loop is fire_phase.hpp.
#include "engine/binomial_table.hpp"
#include "engine/firefight/spotting.hpp"
#include "engine/firefight/targets.hpp"

namespace volley::firefight {

// F-3: a unit may fire this phase (gets a card) unless broken, destroyed, in melee or reloading
// (SF-E).
inline bool may_fire(const UnitState& u, int turn) noexcept { return !u.out() && !u.in_melee && u.reload_turn != turn; }
template <class Ctx>
bool may_fire(const Ctx& c, int g) {
  return may_fire(c.st.units[g], c.turn());
}

// F-4: the unit's target now (targets.hpp, nearest_target). Out of line: target_now inlines only
// its remembered answer.
template <class Ctx>
[[gnu::noinline]] int current_target(const Ctx& c, int g) {
  return nearest_target(c, g);
}

// F-4 targets, once per fire phase: which units may fire and have a possible target, i.e. an enemy
// unit in reach and sight that is not out of action nor (unless fire_into_melee) in melee (candidate_count[g]: 1 or 0).
// Positions, sight and contacts do not change in the fire phase, and a unit out of action stays
// out, so whether a possible target is the unit's target now is decided when it fires
// (current_target): revealed and still in action. The same pass finds each unit's target now, for
// target_now: the nearest of its possible targets that are revealed, as nearest_target finds it.
template <class Ctx>
void build_candidates(Ctx& c) {
  auto& st = c.st;
  // Positions, sight and contacts may have changed since the last phase: every remembered target
  // is stale.
  st.targets.invalidate(0);
  st.targets.invalidate(1);
  const uint64_t epoch[SideCount] = {st.targets.epoch[0], st.targets.epoch[1]};
  const UnitState* units = st.units.data();
  const int turn = c.turn();
  const int64_t tie = c.sc.ruleset.tie_distance;
  // What each unit is to the enemy's fire, read once rather than once per pair: bit 0, a possible
  // target (in action, not in melee unless fire_into_melee; hidden or not); bit 1, a target too
  // (revealed: targets.hpp, targetable). A pair adds sight and reach to it.
  uint8_t* screen = st.screen.data();
  const bool melee_screens = c.melee_screens_fire();
  for (int h = 0, n = c.sc.total_units(); h < n; ++h) {
    const UnitState& e = units[h];
    const bool possible = !e.gone & !(e.in_melee & melee_screens);
    screen[h] = static_cast<uint8_t>(possible | ((possible & !e.hidden) << 1));
  }
  // The answers are written through pointers held across the walk: through the vectors, each
  // unit's three stores would load their data pointers again.
  int* candidate_count = st.candidate_count.data();
  int* target_of = st.targets.target_of.data();
  uint64_t* stamp = st.targets.stamp.data();
  for (int side = 0; side < SideCount; ++side) {
    const int enemy = 1 - side, first = c.first(enemy), count_enemies = c.last(enemy) - first;
    const uint8_t* enemy_screen = screen + first;
    const uint64_t enemy_epoch = epoch[enemy];
    for (int g = c.first(side), g_end = c.last(side); g < g_end; ++g) {
      int count = 0, best = -1;
      if (may_fire(units[g], turn)) {  // only a unit that may fire asks for its target
        // One walk over the enemies for both answers, without branches on the data: any possible
        // target within reach and sight, and the nearest target among them (ties within
        // tie_distance to the lowest index, F-4 "Measuring").
        const int64_t r2 = squared(c.reach(g));
        const auto row = c.row(g);
        const int k = nearest_within_tie(count_enemies, tie, [&](int i) {
          const int64_t d2 = row.d2[i * row.stride];
          const int in_view = (d2 <= r2) & (row.los[i * row.stride] != 0) ? enemy_screen[i] : 0;
          count |= in_view & 1;
          return (in_view & 2) != 0 ? d2 : int64_t{-1};
        });
        best = k < 0 ? -1 : first + k;
      }
      candidate_count[g] = count;
      target_of[g] = best;
      stamp[g] = enemy_epoch;
    }
  }
}

// current_target, remembered within a fire phase until the enemy side's epoch moves on (a reveal or
// a unit out of action). Only the fire phase asks it (after build_candidates). The remembered answer
// is the common case (a card looks at several units, most of them unchanged since the last card):
// inlined, with the search out of line. `epoch` is the enemy side's, which a caller asking for
// several units of one side reads once.
template <class Ctx>
[[gnu::always_inline]] inline int target_now(Ctx& c, int g, uint64_t epoch) {
  auto& memo = c.st.targets;
  if (memo.stamp[g] != epoch) [[unlikely]] {
    memo.target_of[g] = current_target(c, g);
    memo.stamp[g] = epoch;
  }
  return memo.target_of[g];
}
template <class Ctx>
[[gnu::always_inline]] inline int target_now(Ctx& c, int g) {
  return target_now(c, g, c.st.targets.epoch[1 - c.side_of(g)]);
}

// F-8a bookkeeping: a card's fire on one target is one burst; record its casualties per target.
template <class Ctx>
void record_burst(Ctx& c, int target, int casualties) {
  auto& st = c.st;
  // A target's first burst of the card is listed (without a branch: whether it is the first is
  // often a coin toss).
  const bool first = st.burst_casualties[target] < 0;
  st.burst_targets[st.burst_target_count] = target;
  st.burst_target_count += first;
  st.burst_casualties[target] = (first ? 0 : st.burst_casualties[target]) + casualties;
}

// F-4: unit g fires at `target`, its current target (which exists). Schnellfeuer (SF-B): twice the
// dice (sf_dice_multiplier) at -1 (sf_fire_modifier). A prone firer is at -1 too (F-8a). Returns the
// casualties, for the F-8a prone test: a card of one volley tests its target at once, and only a
// schnellfeuer card, several volleys, records its bursts (record_burst). Inlined in its callers (the
// card loop, schnellfeuer): each knows `schnellfeuer`, and a call with its register saves cost more
// than the copy.
template <class Ctx>
[[gnu::always_inline]] inline int fire_at(Ctx& c, int g, int target, bool schnellfeuer) {
  auto& st = c.st;
  const Ruleset& rules = c.sc.ruleset;
  UnitState& u = st.units[g];
  const int side = c.side_of(g);
  const int turn = c.turn();
  UnitState& t = st.units[target];
  const Weapon& w = c.weapon(g);
  // Invariant (SF-E): a reloading unit never fires. Counted, and asserted zero by the tests.
  if (u.reload_turn == turn) ++st.tally[side].reloading_fired;
  // Step 1: dice and band. Each -1 lowers the band by one face; clamped to [0, faces]; option
  // natural_one_hits makes a 1 hit whatever the band.
  const int dice = u.figures * w.dice_per_figure * (schnellfeuer ? rules.sf_dice_multiplier : 1);
  const int target_class = c.target_class(target);
  int band = w.bands[target_class - 1] + (schnellfeuer ? rules.sf_fire_modifier : 0) + (u.prone ? rules.prone_fire_modifier : 0);
  band = std::clamp(band, 0, rules.fire_die);
  if (rules.natural_one_hits && band < 1) band = 1;
  // Step 2: hits, one binomial pool (a die hits on <= band). The unit's Fire stream for this turn
  // serves its whole volley: the hits, then the casualties, then the prone tests the card causes
  // (fire_phase): one Philox block instead of three.
  c.dice.restart(Purpose::Fire, static_cast<uint32_t>(turn), static_cast<uint32_t>(g));
  const int hits = c.dice.successes(dice, band, rules.fire_die);
  st.tally[side].hits += hits;
  st.hits_turn[side][turn] += hits;
  st.luck.add(LuckKind::Hits, side, int64_t{hits} * rules.fire_die - int64_t{dice} * band);
  // Step 3: casualties at once; hits beyond the target's figures are lost. Each is killed with
  // kill_chance, otherwise wounded: one pool of `casualties` dice of kill_chance.den faces.
  const int casualties = std::min(hits, t.figures);
  if (dice <= ChunkDice && band > 0 && band < rules.fire_die)
    st.luck.figures.add_pool(1 - side, t.figures, dice, BinomialTables::instance().thresholds(rules.fire_die, band, dice),
                             c.dice.pool_word(), casualties);
  const int killed = c.dice.successes(casualties, rules.kill_chance.num, rules.kill_chance.den);
  t.lose_figures(casualties);
  if (t.out()) st.targets.invalidate(1 - side);
  st.tally[1 - side].killed += killed;
  st.tally[1 - side].wounded += casualties - killed;
  u.fired = true;
  if constexpr (Ctx::Narrator::enabled)
    c.narr.say(text("  ", schnellfeuer ? "schnellfeuer: " : "fire: ", c.name(g), " (", u.figures, " figures) at ", c.name(target),
                    " (class ", target_class, ", ", inches(integer_sqrt(distance_squared(u.pos, t.pos))), "\"): ", dice, " dice needing ",
                    band, " or less on d", rules.fire_die, ": ", hits, " hits; ", casualties, " casualties (", killed, " killed, ",
                    casualties - killed, " wounded), ", t.figures, " left", t.figures == 0 ? ", destroyed" : ""));
  // Step 4: SF-C: a hidden unit that fires is revealed (it is then "revealed by this schnellfeuer"
  // for SF-F when the fire is schnellfeuer).
  if (u.hidden) {
    reveal_unit(c, g, "fired");
    if (schnellfeuer) u.sf_revealed_turn = turn;
  }
  return casualties;
}

// F-4: unit g fires at its current target (which exists); returns the casualties.
template <class Ctx>
int fire_unit(Ctx& c, int g, bool schnellfeuer) {
  return fire_at(c, g, current_target(c, g), schnellfeuer);
}

}  // namespace volley::firefight
