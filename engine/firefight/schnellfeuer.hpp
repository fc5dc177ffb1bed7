#pragma once
// Schnellfeuer, clauses SF-A to SF-I of the seed (RULES.md "SF"), and the policies that decide when
// and for which group a side declares it.
#include "engine/firefight/fire.hpp"
#include "engine/firefight/morale.hpp"

namespace volley::firefight {

// SF-A / SF-I: is a unit or decoy of this subgroup in the group the side's policy names? (A unit's
// answer is also kept in UnitSpec::sf_member.)
inline bool in_sf_group(const FirefightScenario& sc, int side, int subgroup) noexcept {
  const Policy& p = sc.sides[side].policy;
  return p.which == WhichPolicy::Force || subgroup == p.subgroup;
}

// SF-A: does `side` declare at its first firing card of this phase? The policy's "when", SF-I (never
// two consecutive turns for the side as a whole), and at least one unit of the group with a target.
template <class Ctx>
bool wants_schnellfeuer(Ctx& c, int side) {
  const Side& s = c.sc.sides[side];
  const Policy& p = s.policy;
  const int t = c.turn();
  const char* reason = nullptr;
  int with_target = 0;
  if (p.when == WhenPolicy::Never) return false;
  if (p.when == WhenPolicy::Turns && (t >= static_cast<int>(p.turns.size()) || p.turns[t] == 0)) {
    reason = "not a listed turn";
  } else if (c.st.tally[side].last_declaration == t - 1) {
    reason = "declared last turn (SF-I)";
  } else {
    for (int g = c.first(side), g_end = c.last(side); g < g_end; ++g)
      if (c.spec(g).sf_member && may_fire(c, g) && target_now(c, g) >= 0) ++with_target;
    if (with_target == 0)
      reason = "no unit of the group has a target";
    else if (p.when == WhenPolicy::MinTargets && with_target < p.min_targets)
      reason = "too few units of the group have a target";
  }
  if constexpr (Ctx::Narrator::enabled) {
    if (reason != nullptr) c.narr.say(text("  ", s.name, " does not declare schnellfeuer: ", reason));
  }
  return reason == nullptr;
}

// SF-H: the order in which eligible markers stay hidden (the first `keep` of it).
inline bool keep_before(KeepHiddenChoice choice, const FirefightState::KeepCandidate& a, const FirefightState::KeepCandidate& b) {
  if (choice == KeepHiddenChoice::UnitsFirst && a.decoy != b.decoy) return !a.decoy;
  if (choice == KeepHiddenChoice::DecoysFirst && a.decoy != b.decoy) return a.decoy;
  if (a.nearest_enemy != b.nearest_enemy) return a.nearest_enemy > b.nearest_enemy;  // farthest first
  if (a.decoy != b.decoy) return !a.decoy;  // Farthest: a unit before a decoy at the same distance
  return a.index < b.index;
}

// Squared distance from p (a decoy) to the nearest enemy unit in action, and whether any has sight
// of p.
template <class Ctx>
std::pair<int64_t, bool> enemy_view(const Ctx& c, int enemy, Point p) {
  int64_t nearest = INT64_MAX;
  bool seen = false;
  for (int h = c.first(enemy), h_end = c.last(enemy); h < h_end; ++h) {
    const UnitState& e = c.st.units[h];
    if (e.out()) continue;
    nearest = std::min(nearest, distance_squared(p, e.pos));
    if (!seen && line_of_sight(c.sc, p, e.pos)) seen = true;
  }
  return {nearest, seen};
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
  SideTally& tally = st.tally[side];
  // Step 1 (SF-A): the declaration. The invariant of SF-I is counted from the record, not assumed.
  if (tally.last_declaration == t - 1) ++tally.consecutive_declarations;
  tally.last_declaration = t;
  ++tally.schnellfeuer;
  // SF-H's n: the group's units in action plus its decoys, counted at declaration.
  int n = 0;
  for (int g = c.first(side), g_end = c.last(side); g < g_end; ++g)
    if (c.spec(g).sf_member && !st.units[g].out()) ++n;
  for (int d = 0; d < st.decoy_count[side]; ++d)
    if (st.decoys[side][d].alive && in_sf_group(c.sc, side, st.decoys[side][d].subgroup)) ++n;
  if constexpr (Ctx::Narrator::enabled)
    c.narr.say(text("  ", s.name, " declares schnellfeuer (SF-A) for ",
                    p.which == WhichPolicy::Force ? std::string("the whole force") : "subgroup " + s.subgroups[p.subgroup], " (",
                    n, " units and decoys)"));
  // SF-H's candidates, judged at the declaration (as SF-B's line of sight is): the group's hidden
  // units and decoys with no sight of any enemy unit in action now. None of them can have a target,
  // so none fires below; an enemy unit the group's fire destroys does not make a unit of the firing
  // line (one whose target fell) a candidate.
  const int keep = p.keep_hidden == KeepHiddenChoice::None ? 0 : std::min(rules.sf_keep_hidden_max, n / rules.sf_keep_hidden_divisor);
  int count = 0;
  auto& order = st.keep_order;
  if (keep > 0) {
    for (int g = c.first(side), g_end = c.last(side); g < g_end; ++g) {
      const UnitState& u = st.units[g];
      if (!u.hidden || u.out() || !c.spec(g).sf_member) continue;
      int64_t nearest = INT64_MAX;
      bool seen = false;
      const auto row = c.row(g);
      for (int h = c.first(enemy), h_end = c.last(enemy), k = 0; h < h_end; ++h, ++k) {
        if (st.units[h].out()) continue;
        nearest = std::min(nearest, row.d2[k * row.stride]);
        seen = seen || row.los[k * row.stride];
      }
      if (!seen) order[count++] = {nearest, g, false};
    }
    for (int d = 0; d < st.decoy_count[side]; ++d) {
      const DecoyState& dec = st.decoys[side][d];
      if (!dec.alive || !in_sf_group(c.sc, side, dec.subgroup)) continue;
      const auto [nearest, seen] = enemy_view(c, enemy, dec.pos);
      if (!seen) order[count++] = {nearest, d, true};
    }
  }
  // Step 2 (SF-B, SF-C): unit by unit in index order, every unit of the group that may fire and has
  // a target fires, at twice its dice and -1. Casualties land at once; a unit whose target fell
  // takes the next (current_target looks again).
  for (int g = c.first(side), g_end = c.last(side); g < g_end; ++g) {
    if (!c.spec(g).sf_member || !may_fire(c, g) || st.units[g].fired) continue;
    if (const int target = target_now(c, g); target >= 0) record_burst(c, target, fire_at(c, g, target, true));
  }
  // Step 3 (SF-H): of the candidates (above), up to min(sf_keep_hidden_max, n /
  // sf_keep_hidden_divisor) stay hidden, chosen by the policy.
  int kept = 0;
  if (keep > 0) {
    // A partial selection sort: `keep` is at most a handful.
    for (int k = 0; k < std::min(keep, count); ++k) {
      int best = k;
      for (int i = k + 1; i < count; ++i)
        if (keep_before(p.keep_hidden, order[i], order[best])) best = i;
      std::swap(order[k], order[best]);
      if (order[k].decoy)
        st.decoys[side][order[k].index].kept = true;
      else
        st.units[order[k].index].kept = true;
      ++kept;
      if constexpr (Ctx::Narrator::enabled)
        c.narr.say(text("  stays hidden (SF-H): ",
                        order[k].decoy ? c.decoy_name(side, order[k].index) : c.name(order[k].index), ", no sight of the enemy"));
    }
  }
  tally.kept_hidden_sf_h += kept;
  // Step 4, one pass over the group's units: SF-E (this turn), they get no more fire this phase;
  // SF-D, every hidden unit of the group that SF-H did not keep is revealed by the muzzle flashes;
  // SF-E (next turn), the group reloads, broken and in-melee units included, except the units SF-H
  // kept hidden.
  for (int g = c.first(side), g_end = c.last(side); g < g_end; ++g) {
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
  for (int d = 0; d < st.decoy_count[side]; ++d) {
    DecoyState& dec = st.decoys[side][d];
    if (!dec.alive || !in_sf_group(c.sc, side, dec.subgroup)) continue;
    if (dec.kept) {
      dec.kept = false;
      continue;
    }
    remove_decoy(c, side, d, "muzzle flashes, SF-D");
    ++tally.revealed_by_sf_d;
  }
}

}  // namespace volley::firefight
