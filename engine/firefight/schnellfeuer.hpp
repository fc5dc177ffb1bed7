#pragma once
// Schnellfeuer, clauses SF-A to SF-I of the seed (docs/rules.md "SF"), and the policies that decide when
// and for which group a side declares it.
#include "engine/firefight/fire.hpp"
#include "engine/firefight/morale.hpp"

#include <optional>

namespace volley::firefight {

// SF-A / SF-I: is a unit or decoy of this subgroup in the group the policy names? (A unit's answer
// is also kept in UnitSpec::sf_member.)
inline bool in_sf_group(const Policy& p, int subgroup) noexcept { return p.which == WhichPolicy::Force || subgroup == p.subgroup; }

// SF-A: does `side` declare at its first firing card of this phase? The policy's "when", SF-I (never
// two consecutive turns for the side as a whole), and at least one unit of the group with a target.
template <class Ctx>
bool wants_schnellfeuer(Ctx& c, int side) {
  const Side& s = c.sc.sides[side];
  const Policy& p = s.policy;
  const int t = c.turn();
  const char* reason = nullptr;
  if (p.when == WhenPolicy::Never) return false;
  if (p.when == WhenPolicy::Turns && (t >= static_cast<int>(p.turns.size()) || p.turns[t] == 0)) {
    reason = "not a listed turn";
  } else if (c.st.tally[side].last_declaration == t - 1) {
    reason = "declared last turn (SF-I)";
  } else {
    // The count stops once it answers every question (any target; enough for min-targets; one
    // within range:R).
    const int enough = p.when == WhenPolicy::MinTargets ? std::max(1, p.min_targets) : 1;
    const bool ranged = p.range_squared >= 0;
    int with_target = 0;
    bool near = !ranged;
    for (int g = c.first(side), g_end = c.last(side); g < g_end && (with_target < enough || !near); ++g) {
      if (!(c.spec(g).sf_member && may_fire(c, g))) continue;
      const int target = target_now(c, g);
      if (target < 0) continue;
      ++with_target;
      if (ranged && c.d2(g, target) <= p.range_squared) near = true;
    }
    if (with_target == 0) reason = "no unit of the group has a target";
    else if (p.when == WhenPolicy::MinTargets && with_target < p.min_targets) reason = "too few units of the group have a target";
    else if (!near) reason = "the group's nearest target is beyond the policy's range";
  }
  if constexpr (Ctx::Narrator::enabled) {
    if (reason != nullptr) c.narr.say(text("  ", s.name, " does not declare schnellfeuer: ", reason));
  }
  return reason == nullptr;
}

// SF-H: which of the candidates order[from .. count) stays hidden next. The policy's choice puts
// real units (UnitsFirst) or decoys (DecoysFirst) first, while any is left; among those, the
// farthest from the nearest enemy unit, ties within tie_distance (F-4 "Measuring") to a unit before
// a decoy, then to the lowest index.
inline int next_kept(KeepHiddenChoice choice, const FirefightState::KeepCandidate* order, int from, int count, int64_t tie) {
  // One pass for the farthest unit and the farthest decoy (-1: none left): which kinds are left, and
  // the farthest of those the policy puts first.
  int64_t farthest_unit = -1, farthest_decoy = -1;
  for (int i = from; i < count; ++i) {
    int64_t& farthest_of_kind = order[i].decoy ? farthest_decoy : farthest_unit;
    farthest_of_kind = std::max(farthest_of_kind, order[i].nearest_enemy);
  }
  const bool only_units = choice == KeepHiddenChoice::UnitsFirst && farthest_unit >= 0;
  const bool only_decoys = choice == KeepHiddenChoice::DecoysFirst && farthest_decoy >= 0;
  const auto eligible = [&](const FirefightState::KeepCandidate& k) { return k.decoy ? !only_units : !only_decoys; };
  const int64_t farthest = only_units ? farthest_unit : only_decoys ? farthest_decoy : std::max(farthest_unit, farthest_decoy);
  // INT64_MAX: no enemy unit in action; only those alike tie.
  const int64_t bound = farthest == INT64_MAX ? INT64_MAX : farthest_tie_bound(farthest, tie);
  int best = -1;
  for (int i = from; i < count; ++i) {
    const auto& k = order[i];
    if (!eligible(k) || k.nearest_enemy < bound) continue;
    if (best < 0 || (k.decoy != order[best].decoy ? !k.decoy : k.index < order[best].index)) best = i;
  }
  return best;
}

// SF-H's candidate test for a decoy at p: the squared distance to the nearest enemy unit in action
// (INT64_MAX: none), or nothing when one of them has sight of p (p is then no candidate, so the
// search stops there). Inlined in the candidates' search: for a few enemy units the test costs less
// than a call and its register saves.
template <class Ctx>
[[gnu::always_inline]] inline std::optional<int64_t> enemy_view(const Ctx& c, int enemy, Point p) {
  int64_t nearest = INT64_MAX;
  for (int h = c.first(enemy), h_end = c.last(enemy); h < h_end; ++h) {
    const UnitState& e = c.st.units[h];
    if (e.out()) continue;
    if (line_of_sight(c.sc, p, e.pos)) return std::nullopt;
    nearest = std::min(nearest, distance_squared(p, e.pos));
  }
  return nearest;
}

// The same for a unit of the group, from the cached geometry.
template <class Ctx>
std::optional<int64_t> enemy_view(const Ctx& c, int enemy, int g) {
  const auto row = c.row(g);
  int64_t nearest = INT64_MAX;
  for (int h = c.first(enemy), h_end = c.last(enemy), k = 0; h < h_end; ++h, ++k) {
    if (c.st.units[h].out()) continue;
    if (row.los[k * row.stride]) return std::nullopt;
    nearest = std::min(nearest, row.d2[k * row.stride]);
  }
  return nearest;
}

// SF-A to SF-H on the side's first firing card, once the policy has declared (wants_schnellfeuer).
template <class Ctx>
void schnellfeuer(Ctx& c, int side) {
  auto& st = c.st;
  const Side& s = c.sc.sides[side];
  const Policy& p = s.policy;
  const Ruleset& rules = c.sc.ruleset;
  const int t = c.turn();
  const int enemy = 1 - side;
  const int first = c.first(side), last = c.last(side);
  DecoyState* const decoys = st.decoys[side].data();
  const int decoy_count = st.decoy_count[side];
  SideTally& tally = st.tally[side];
  // Step 1 (SF-A): the declaration. The invariant of SF-I is counted from the record, not assumed.
  if (tally.last_declaration == t - 1) ++tally.consecutive_declarations;
  tally.last_declaration = t;
  ++tally.schnellfeuer;
  // SF-H's n: the group's units in action plus its decoys, counted at declaration.
  int n = 0;
  for (int g = first; g < last; ++g) n += c.spec(g).sf_member && !st.units[g].out();
  for (int d = 0; d < decoy_count; ++d) n += decoys[d].alive && in_sf_group(p, decoys[d].subgroup);
  if constexpr (Ctx::Narrator::enabled)
    c.narr.say(text("  ", s.name, " declares schnellfeuer (SF-A) for ",
                    p.which == WhichPolicy::Force ? std::string("the whole force") : "subgroup " + s.subgroups[p.subgroup], " (", n,
                    " units and decoys)"));
  const bool may_keep = p.keep_hidden != KeepHiddenChoice::None;
  const int keep = may_keep ? std::min(rules.sf_keep_hidden_max, n / rules.sf_keep_hidden_divisor) : 0;
  // SF-H's candidates: the group's hidden units and decoys with no sight of any enemy unit in
  // action, judged when the policy says (sfh_sight): at the declaration, or (the default) when SF-D
  // reveals, after the group's fire, when a unit whose only target fell to that fire has none left.
  // A unit with a target fires and is revealed (SF-C), so it is never one. Looked for only when the
  // policy may keep any.
  auto& order = st.keep_order;
  int count = 0;
  const auto find_candidates = [&] {
    for (int g = first; g < last; ++g) {
      const UnitState& u = st.units[g];
      if (!c.spec(g).sf_member || u.out() || !u.hidden) continue;
      if (const auto nearest = enemy_view(c, enemy, g)) order[count++] = {*nearest, g, false};
    }
    for (int d = 0; d < decoy_count; ++d) {
      const DecoyState& dec = decoys[d];
      if (!dec.alive || !in_sf_group(p, dec.subgroup)) continue;
      if (const auto nearest = enemy_view(c, enemy, dec.pos)) order[count++] = {*nearest, d, true};
    }
  };
  if (keep > 0 && p.sfh_sight == SfhSight::Declaration) find_candidates();
  // Step 2 (SF-B, SF-C): unit by unit in index order, every unit of the group that may fire and has
  // a target fires, at twice its dice and -1. Casualties land at once; a unit whose target fell
  // takes the next (current_target looks again).
  for (int g = first; g < last; ++g) {
    if (!c.spec(g).sf_member || !may_fire(c, g) || st.units[g].fired) continue;
    if (const int target = target_now(c, g); target >= 0) record_burst(c, target, fire_at(c, g, target, true));
  }
  if (keep > 0 && p.sfh_sight == SfhSight::Reveal) find_candidates();
  // Step 3 (SF-H): of the candidates, up to min(sf_keep_hidden_max, n / sf_keep_hidden_divisor) stay
  // hidden, chosen by the policy (next_kept: `keep` is at most a handful).
  const int kept = std::min(keep, count);
  for (int k = 0; k < kept; ++k) {
    std::swap(order[k], order[next_kept(p.keep_hidden, order.data(), k, count, rules.tie_distance)]);
    if (order[k].decoy) decoys[order[k].index].kept = true;
    else st.units[order[k].index].kept = true;
    if constexpr (Ctx::Narrator::enabled)
      c.narr.say(text("  stays hidden (SF-H): ", order[k].decoy ? c.decoy_name(side, order[k].index) : c.name(order[k].index),
                      ", no sight of the enemy"));
  }
  tally.kept_hidden_sf_h += kept;
  // Step 4, one pass over the group's units: SF-E (this turn), they get no more fire this phase;
  // SF-D, every hidden unit of the group that SF-H did not keep is revealed by the muzzle flashes;
  // SF-E (next turn), the group reloads, broken and in-melee units included, except the units SF-H
  // kept hidden.
  for (int g = first; g < last; ++g) {
    if (!c.spec(g).sf_member) continue;
    UnitState& u = st.units[g];
    u.fired = true;
    if (u.kept) {
      u.kept = false;
      continue;
    }
    u.reload_turn = t + 1;
    if (!u.hidden || u.out()) continue;
    reveal_unit(c, g, "muzzle flashes, SF-D");
    u.sf_revealed_turn = t;
    ++tally.revealed_by_sf_d;
  }
  // Step 5 (SF-D): every decoy of the group that SF-H did not keep is revealed, and so removed.
  for (int d = 0; d < decoy_count; ++d) {
    DecoyState& dec = decoys[d];
    if (!dec.alive || !in_sf_group(p, dec.subgroup)) continue;
    if (dec.kept) {
      dec.kept = false;
      continue;
    }
    remove_decoy(c, side, d, "muzzle flashes, SF-D");
    ++tally.revealed_by_sf_d;
  }
}

}  // namespace volley::firefight
