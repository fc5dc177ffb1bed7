#pragma once
// F-5 line of sight, markers and spotting; SF-F re-concealment (it happens right before spotting).
#include "engine/firefight/trial_context.hpp"

namespace volley::firefight {

// F-5: sight between two positions iff their distance is at most `visibility` and the segment
// between them crosses no blocks_sight terrain; a position inside such terrain sees out of it and is
// seen (that rectangle does not block for it).
// sight_clear is the terrain half of the test, for callers that have checked the distance.
// A rectangle that the segment's bounding box misses cannot block (segment_meets_rect's first test,
// made before the two containment tests); nor can any if it misses the bounds of them all, the
// usual answer, tested inline with the walk over the blockers out of line. The walk takes the two
// points only and makes the box again: passing the box made the callers build it in memory for
// every test, though the walk is rarely taken.
namespace detail {
[[gnu::noinline]] inline bool sight_clear_of_blockers(const FirefightScenario& sc, Point a, Point b) noexcept {
  const Rect box = bounding_box(a, b);
  for (const Rect& r : sc.sight_blockers) {
    if (disjoint(r, box)) continue;
    if (contains(r, a) || contains(r, b)) continue;
    if (segment_meets_rect(a, b, r)) return false;
  }
  return true;
}
}  // namespace detail
[[gnu::always_inline]] inline bool sight_clear(const FirefightScenario& sc, Point a, Point b) noexcept {
  return disjoint(sc.sight_bounds, bounding_box(a, b)) || detail::sight_clear_of_blockers(sc, a, b);
}
inline bool line_of_sight(const FirefightScenario& sc, Point a, Point b) noexcept {
  return distance_squared(a, b) <= squared(sc.visibility) && sight_clear(sc, a, b);
}

// Refresh the cached distances and sight between the two sides' units: every pair (all), or the
// pairs with a unit that moved this phase (positions change only in placement and movement).
// Every distance is rewritten (the same value where neither unit moved: cheaper than testing);
// sight, which may cost a walk over the blocking terrain, only where one of them moved.
template <class Ctx>
void refresh_geometry(Ctx& c, bool all) {
  auto& st = c.st;
  const int n0 = c.last(0), n1 = st.side1_units;
  const int64_t visibility2 = squared(c.sc.visibility);
  const UnitState* units = st.units.data();
  int64_t* pair_d2 = st.pair_d2.data();
  uint8_t* pair_los = st.pair_los.data();
  // Side 1's units outside: the inner loop runs over side 0's units (pair entries n1 apart).
  for (int j = 0; j < n1; ++j) {
    const UnitState& v = units[n0 + j];
    const Point b = v.pos;
    const bool moved_j = all | v.moved;
    // One index for both pair arrays: fewer registers for the loop than a pointer into each.
    for (int i = 0, k = j; i < n0; ++i, k += n1) {
      const UnitState& u = units[i];
      const int64_t d2 = distance_squared(u.pos, b);
      pair_d2[k] = d2;
      if (moved_j | u.moved) pair_los[k] = d2 <= visibility2 && sight_clear(c.sc, u.pos, b);
    }
  }
}

// F-1: the cover class of the terrain at a point (the highest of the rectangles holding it).
inline int cover_class_at(const FirefightScenario& sc, Point p) noexcept {
  int c = 0;
  // Without branches on the coordinates (where a unit stands is random).
  for (const Terrain& t : sc.cover_terrain) {
    const Rect& r = t.area;
    const bool in = (p.x >= r.x0) & (p.x <= r.x1) & (p.y >= r.y0) & (p.y <= r.y1);
    c = in && t.cover_class > c ? t.cover_class : c;
  }
  return c;
}

// The cover class of every unit (all: at setup; a placement with the same cover everywhere needs
// no look at the terrain), or of the units that moved this phase (only they can have changed terrain).
template <class Ctx>
void update_cover(Ctx& c, bool all) {
  if (c.sc.cover_terrain.empty()) return;
  UnitState* units = c.st.units.data();
  for (int g = 0, g_end = c.sc.total_units(); g < g_end; ++g) {
    UnitState& u = units[g];
    if (all) {
      const int placement_cover = c.spec(g).placement_cover;
      u.cover_class = placement_cover >= 0 ? placement_cover : cover_class_at(c.sc, u.pos);
    } else if (u.moved) {
      u.cover_class = cover_class_at(c.sc, u.pos);
    }
  }
}

// Reveal a hidden unit (F-5, SF-C, SF-D, charges); `why` is for the narration.
template <class Ctx>
void reveal_unit(Ctx& c, int g, const char* why) {
  UnitState& u = c.st.units[g];
  if (!u.hidden) return;
  u.hidden = false;
  c.st.targets.invalidate(c.side_of(g));  // it may now be a target (fire.hpp, target_now)
  if constexpr (Ctx::Narrator::enabled) c.narr.say(text("  reveal: ", c.name(g), " (", why, ")"));
}

// F-1: a revealed decoy is removed.
template <class Ctx>
void remove_decoy(Ctx& c, int side, int d, const char* why) {
  DecoyState& dec = c.st.decoys[side][d];
  if (!dec.alive) return;
  dec.alive = false;
  if constexpr (Ctx::Narrator::enabled) c.narr.say(text("  reveal: ", c.decoy_name(side, d), " is a decoy, removed (", why, ")"));
}

// Is any unit of `side` in action within `range` of p?
template <class Ctx>
bool unit_of_side_within(const Ctx& c, int side, Point p, Coord range) {
  const int64_t r2 = squared(range);
  const UnitState* units = c.st.units.data();
  bool any = false;
  for (int g = c.first(side), g_end = c.last(side); g < g_end; ++g) {
    const UnitState& u = units[g];
    any |= !u.out() & (distance_squared(u.pos, p) <= r2);
  }
  return any;
}

// Is any unit of [first, last) in action with its entry of `row` (entry k: unit first + k) within r2?
template <class Row>
inline bool unit_in_action_within(const UnitState* units, int first, int last, const Row& row, int64_t r2) noexcept {
  const int64_t* d2 = row.d2;
  bool any = false;
  for (int h = first; h < last; ++h, d2 += row.stride) any |= (*d2 <= r2) & !units[h].out();
  return any;
}

// Is any enemy unit in action within `range` of unit g (cached geometry)?
template <class Ctx>
bool enemy_unit_within(const Ctx& c, int g, Coord range) {
  const int enemy = 1 - c.side_of(g);
  return unit_in_action_within(c.st.units.data(), c.first(enemy), c.last(enemy), c.row(g), squared(range));
}

// F-5 spotting, after movement and at setup: any hidden unit or decoy within spot_range of an enemy
// unit in action (hidden or not) is revealed; a decoy is removed. Symmetric: a reveal changes no
// one's ability to spot, so the order of the checks does not matter. After a movement phase only
// what moved can have come within range (`all` at setup): a hidden unit is checked if it or an
// enemy unit moved, a decoy if an enemy unit moved (the blanks SF-F puts down have no enemy
// within spot_range by construction).
template <class Ctx>
void spot(Ctx& c, bool all) {
  const UnitState* units = c.st.units.data();
  bool moved[SideCount] = {all, all};
  if (!all)
    for (int s = 0; s < SideCount; ++s)
      for (int g = c.first(s), g_end = c.last(s); g < g_end && !moved[s]; ++g) moved[s] = units[g].moved;
  for (int s = 0; s < SideCount; ++s) {
    const bool enemy_moved = moved[1 - s];
    if (!enemy_moved && !moved[s]) continue;
    // The range test reads the distances that refresh_geometry cached for the current positions,
    // walking the side's rows of the pair cache.
    // The enemy's index range read once: a reveal's stores could alias the scenario's.
    const int64_t spot2 = squared(c.sc.spot_range);
    const int enemy_first = c.first(1 - s), enemy_last = c.last(1 - s);
    auto row = c.row(c.first(s));
    const size_t row_step = c.row_step(s);
    for (int g = c.first(s), g_end = c.last(s); g < g_end; ++g, row.d2 += row_step, row.los += row_step) {
      const UnitState& u = units[g];
      if (u.hidden & !u.out() & (enemy_moved | u.moved) && unit_in_action_within(units, enemy_first, enemy_last, row, spot2))
        reveal_unit(c, g, "spotted");
    }
    if (!enemy_moved) continue;
    const DecoyState* decoys = c.st.decoys[s].data();
    for (int d = 0, d_end = c.st.decoy_count[s]; d < d_end; ++d) {
      const DecoyState& dec = decoys[d];
      if (dec.alive && unit_of_side_within(c, 1 - s, dec.pos, c.sc.spot_range)) remove_decoy(c, s, d, "spotted");
    }
  }
}

// Drop removed decoys, keeping the order of the others (their index order is the tie-break of
// SF-H). Called at the start of a turn, so indices stay fixed within every phase.
template <class Ctx>
void compact_decoys(Ctx& c) {
  for (int s = 0; s < SideCount; ++s) {
    DecoyState* list = c.st.decoys[s].data();
    const int count = c.st.decoy_count[s];
    int kept = 0;
    while (kept < count && list[kept].alive) ++kept;  // nothing moves before the first removed one
    for (int d = kept; d < count; ++d)
      if (list[d].alive) list[kept++] = list[d];
    c.st.decoy_count[s] = kept;
  }
}

// SF-F: in its reload turn, a unit revealed by that schnellfeuer (SF-C or SF-D) re-conceals right
// after the movement phase if the side's policy says so, it did not move or charge, is not in melee,
// and no enemy unit is within spot_range. It becomes hidden and reconceal_blanks - 1 decoys of its
// subgroup are put down at its position (the markers "in its place", itself among them).
template <class Ctx>
void reconceal(Ctx& c) {
  // Turn 0 is "none" in sf_revealed_turn: no unit was revealed the turn before turn 1.
  const int last_turn = c.turn() - 1;
  if (last_turn == 0) return;
  for (int s = 0; s < SideCount; ++s) {
    const Policy& policy = c.sc.sides[s].policy;
    if (!policy.reconceal) continue;
    for (int g = c.first(s), g_end = c.last(s); g < g_end; ++g) {
      UnitState& u = c.st.units[g];
      // The turn first: it rules out nearly every unit.
      if (u.sf_revealed_turn != last_turn || u.out() || u.hidden) continue;
      if (u.moved || u.in_melee || enemy_unit_within(c, g, c.sc.spot_range)) continue;
      u.hidden = true;
      ++c.st.tally[s].reconcealed;
      for (int b = 1; b < policy.reconceal_blanks; ++b) {
        DecoyState& dec = c.st.decoys[s][c.st.decoy_count[s]++];
        dec = DecoyState{u.pos, c.sc.unit(g).subgroup, -1 - g, true, false};
      }
      if constexpr (Ctx::Narrator::enabled)
        c.narr.say(text("  re-conceal (SF-F): ", c.name(g), " hides again; ", policy.reconceal_blanks, " markers at ", point_text(u.pos)));
    }
  }
}

}  // namespace volley::firefight
