#pragma once
// F-6 movement and charges (with the prone stand-up of F-8a and the charge-after option of the SF
// policies). Movement is simultaneous: every unit chooses and rolls from the positions at the start
// of the phase; charges are resolved after the other moves, in index order.
#include "engine/firefight/contacts.hpp"
#include "engine/firefight/morale.hpp"
#include "engine/firefight/spotting.hpp"
#include "engine/firefight/targets.hpp"

#include <span>

namespace volley::firefight {

// A straight path from a point toward another, with points at whole hundredths along it. Positions
// along it are d * s / |d|, computed by multiplying with a 2^40-scaled reciprocal of |d| (no division
// in the hot loops). Since |dx| <= |d|, dx * s * inverse <= s * 2^40 < 2^58: int64 never overflows
// on tables up to 1000" (2^17 hundredths). Each coordinate errs by far less than a hundredth before
// rounding, and every decision made on a point is an exact integer test on that point.
struct Path {
  static constexpr int Shift = 40;
  Point from;
  int64_t dx = 0, dy = 0;
  int64_t length = 0;   // floor(|d|), hundredths
  int64_t inverse = 0;  // round(2^Shift / |d|) (0 for a path of length 0)

  Path(Point a, Point b) noexcept : from(a), dx(int64_t{b.x} - a.x), dy(int64_t{b.y} - a.y) {
    const int64_t d2 = dx * dx + dy * dy;
    if (d2 == 0) return;
    // |d| * 2^10 (10 bits of fraction), then the reciprocal 2^50 / (|d| * 2^10).
    const int64_t scaled = integer_sqrt(d2 << 20);
    length = scaled >> 10;
    inverse = ((int64_t{1} << (Shift + 10)) + scaled / 2) / scaled;
  }
  // v / |d| rounded (half up), for |v| <= |d| * 2^17.
  int64_t over_length(int64_t v) const noexcept { return (v * inverse + (int64_t{1} << (Shift - 1))) >> Shift; }
  // The point `s` hundredths along (0 <= s <= length).
  Point at(int64_t s) const noexcept {
    return {static_cast<Coord>(from.x + over_length(dx * s)), static_cast<Coord>(from.y + over_length(dy * s))};
  }
  // Is at(s) within the disk of squared radius r2 around e (strictly inside when `Strict`)?
  template <bool Strict>
  bool within(int64_t s, Point e, int64_t r2) const noexcept {
    const int64_t d2 = distance_squared(at(s), e);
    return Strict ? d2 < r2 : d2 <= r2;
  }
};

// The first s in [0, s_max] (s_max <= path.length) with at(s) within the disk of squared radius r2
// around e (strictly inside when `Strict`), or -1. The chord of the line through the disk is computed
// first; the rounded points are then checked exactly, stepping a hundredth at a time around the
// estimate. Near the disk's edge the rounded points can go in, out and in again: the estimate's
// clamp to s_max then decides which run of them is found, so a caller that lowers s_max between
// searches makes their order part of the result.
template <bool Strict>
[[gnu::always_inline]] inline int64_t first_within(const Path& path, Point e, int64_t r2, int64_t r, int64_t s_max) noexcept {
  // r = integer_sqrt(r2) + 1, a bound on the radius given by the caller.
  const int64_t wx = int64_t{e.x} - path.from.x, wy = int64_t{e.y} - path.from.y;
  const int64_t w2 = wx * wx + wy * wy;
  if (Strict ? w2 < r2 : w2 <= r2) return s_max >= 0 ? 0 : -1;  // at(0) is the start itself
  if (s_max <= 0 || w2 > squared(s_max + r + 2)) return -1;     // out of reach on this stretch (or no path)
  // Projection of e on the path, and the half chord.
  const int64_t p = path.over_length(wx * path.dx + wy * path.dy);  // |w.d| <= |w| |d|
  const int64_t perp2 = w2 - p * p;
  if (perp2 > r2) return -1;
  const int64_t half = integer_sqrt(r2 - perp2);
  if (p + half < 0) return -1;
  int64_t s = std::clamp<int64_t>(p - half, 0, s_max);
  if (path.within<Strict>(s, e, r2)) {
    // Back to the first point of this run: usually s itself, so the point before it is tested ahead
    // of the loop, whose set-up costs more than that test.
    if (s == 0 || !path.within<Strict>(s - 1, e, r2)) return s;
    for (--s; s > 0 && path.within<Strict>(s - 1, e, r2);) --s;
    return s;
  }
  const int64_t stop = std::min(s_max, p + half + 4);
  for (++s; s <= stop; ++s)
    if (path.within<Strict>(s, e, r2)) return s;
  return -1;
}
inline int64_t first_within(const Path& path, Point e, int64_t r2, int64_t r, bool strict, int64_t s_max) noexcept {
  return strict ? first_within<true>(path, e, r2, r, s_max) : first_within<false>(path, e, r2, r, s_max);
}

// F-6: where on a path the shadow of blocking rectangle r, seen from tp, ends. A point p is in the
// shadow when the segment p-tp meets r (tp outside r); the shadow is convex, so the path crosses it
// in one stretch, and at(s) is in it. Returns the first point after s out of it, or the first point
// after s inside r (from inside r a unit sees out: F-5), whichever comes first; limit + 1 when
// neither comes by limit. Both are found by bisection on exact integer tests of the path's points:
// out of the shadow, first by doubling the step from s; inside r, on the segment from at(s), whose
// meeting r only ever starts as it grows.
inline int64_t end_of_shadow(const Path& path, Point tp, const Rect& r, int64_t s, int64_t limit) noexcept {
  const auto shadowed = [&](int64_t t) { return segment_meets_rect(path.at(t), tp, r); };
  // Step 1: the exit of the shadow: the last point in it found doubling the step, then bisection.
  int64_t in = s, out = limit + 1;
  for (int64_t step = 1; in < limit;) {
    const int64_t probe = std::min(in + step, limit);
    if (!shadowed(probe)) {
      out = probe;
      break;
    }
    in = probe;
    step *= 2;
  }
  while (out - in > 1) {
    const int64_t mid = in + (out - in) / 2;
    (shadowed(mid) ? in : out) = mid;
  }
  // Step 2: r itself, if the path enters it before that exit: the first point whose segment from
  // at(s) meets r, and then the first point inside r (a path that only grazes r's corner between
  // two points has none).
  const int64_t last = std::min(out, limit);
  const Point from = path.at(s);
  if (last <= s || !segment_meets_rect(from, path.at(last), r)) return out;
  int64_t before = s, meets = last;
  while (meets - before > 1) {
    const int64_t mid = before + (meets - before) / 2;
    (segment_meets_rect(from, path.at(mid), r) ? meets : before) = mid;
  }
  for (int64_t t = meets; t < out && t <= last; ++t)
    if (contains(r, path.at(t))) return t;
  return out;
}

// F-6 advance: the path entered reach (squared reach2) of the enemy unit at tp at s_in, without sight
// there; the first later point up to `limit` with sight, or limit. Found exactly (docs/rules.md F-6), not
// by sampling the path: while a rectangle blocks sight from the point, the walk jumps to where its
// shadow ends (end_of_shadow), then tests the point again, as another rectangle may block there.
// Out of line: sight is usually open where reach begins.
[[gnu::noinline]] inline int64_t first_sight_after(const FirefightScenario& sc, const Path& path, Point tp, int64_t reach2, int64_t s_in,
                                                   int64_t limit) noexcept {
  for (int64_t s = s_in; s <= limit && path.within<false>(s, tp, reach2);) {  // a disk is left only once
    const Point p = path.at(s);
    const Rect* blocker = nullptr;
    for (const Rect& r : sc.sight_blockers) {
      if (contains(r, p) || contains(r, tp) || !segment_meets_rect(p, tp, r)) continue;
      blocker = &r;
      break;
    }
    if (blocker == nullptr) return s;
    s = end_of_shadow(path, tp, *blocker, s, limit);
  }
  return limit;  // out of reach again, or at the limit
}

// F-6 advance: the first point of the path up to `limit` where the enemy unit at tp would be a target,
// within reach (squared reach2; reach is integer_sqrt(reach2) + 1 as first_within wants) and sight,
// or limit. Within reach is within visibility: reach is at most visibility (FirefightScenario::finalize).
[[gnu::always_inline]] inline int64_t stop_for_target(const FirefightScenario& sc, const Path& path, Point tp, int64_t reach2,
                                                      int64_t reach, int64_t limit) noexcept {
  const int64_t s = first_within<false>(path, tp, reach2, reach, limit);
  if (s < 0) return limit;
  return sight_clear(sc, path.at(s), tp) ? s : first_sight_after(sc, path, tp, reach2, s, limit);
}

// F-6 advance: `limit` lowered so that the path never comes closer than the contact gap (squared
// gap2; gap is integer_sqrt(gap2) + 1) to the enemy marker or unit at e. One already that close is
// ignored unless it is the one the unit heads for.
[[gnu::always_inline]] inline int64_t keep_off(const Path& path, Point e, bool heading_for, int64_t gap2, int64_t gap,
                                               int64_t limit) noexcept {
  const int64_t w2 = distance_squared(path.from, e);
  if (w2 < gap2) return heading_for ? 0 : limit;
  if (limit <= 0 || w2 > squared(limit + gap + 2)) return limit;  // first_within's own first test
  const int64_t s = first_within<true>(path, e, gap2, gap, limit);
  return s >= 0 ? std::min(limit, s - 1) : limit;
}

// Sum of n d6 in inches, as hundredths.
template <class Ctx>
int64_t roll_d6_inches(Ctx& c, int n) {
  int64_t total = 0;
  for (int i = 0; i < n; ++i) total += c.dice.die(6);
  return total * CoordPerInch;
}

// F-4 target test at the start-of-phase positions (the cached geometry is theirs until the moves
// are applied): a targetable enemy unit (targets.hpp) within reach (squared r2) and sight. `enemies` are the enemy units and `row` the
// unit's pair-cache row over them (c.row(g)): the movement phase walks a side's rows and reads its
// enemies once rather than per unit.
template <class Row>
[[gnu::always_inline]] inline bool has_target_in_row(std::span<const UnitState> enemies, Row row, int64_t r2, bool melee_screens) noexcept {
  const int64_t* d2 = row.d2;
  const uint8_t* los = row.los;
  bool any = false;  // without branches on the data
  for (const UnitState& e : enemies) {
    any |= targetable(e, melee_screens) & (*d2 <= r2) & (*los != 0);
    d2 += row.stride;
    los += row.stride;
  }
  return any;
}
template <class Ctx>
bool has_target_now(const Ctx& c, int g) {
  const int enemy = 1 - c.side_of(g);
  const std::span<const UnitState> enemies(c.st.units.data() + c.first(enemy), c.st.units.data() + c.last(enemy));
  return has_target_in_row(enemies, c.row(g), squared(c.reach(g)), c.melee_screens_fire());
}

// The nearest enemy unit in action (hidden or not) or decoy, ties within tie_distance (F-4
// "Measuring") to the lowest index, units before decoys. Returns a global unit index, -1 - decoy
// index, or NoEnemy; only those within `range` when range >= 0. Inlined in its callers (plan_charge,
// plan_advance), out of line themselves: with a few enemies, a call and its set-up cost more than
// the search.
inline constexpr int NoEnemy = 1 << 30;
template <class Ctx>
[[gnu::always_inline]] inline int nearest_enemy_marker_or_unit(const Ctx& c, int g, Point p, int64_t range) {
  const int enemy = 1 - c.side_of(g);
  const int first = c.first(enemy), unit_count = c.last(enemy) - first;
  const UnitState* units = c.st.units.data() + first;
  const DecoyState* decoys = c.st.decoys[enemy].data();
  const int64_t range2 = range >= 0 ? squared(range) : INT64_MAX;
  // One index over both lists: the enemy's units, then its decoys (candidate k >= unit_count is
  // decoy k - unit_count).
  const int k = nearest_within_tie(unit_count + c.st.decoy_count[enemy], c.sc.ruleset.tie_distance, [&](int i) {
    const bool unit = i < unit_count;
    const int64_t d2 = distance_squared(p, unit ? units[i].pos : decoys[i - unit_count].pos);
    return (unit ? !units[i].out() : decoys[i - unit_count].alive) & (d2 <= range2) ? d2 : int64_t{-1};
  });
  if (k < 0) return NoEnemy;
  return k < unit_count ? first + k : -1 - (k - unit_count);
}

// F-6 advance: the end point of a unit with no target moving `roll` hundredths toward `goal`, the
// nearest enemy marker or unit (nearest_enemy_marker_or_unit), from the start-of-phase positions. It stops at the first point where it
// would have a target, and never comes closer than contact_gap to any enemy marker or unit. Inlined
// in its one caller, plan_advance, which is out of line.
template <class Ctx>
[[gnu::always_inline]] inline Point advance_end(const Ctx& c, int g, int64_t roll, int goal) {
  const UnitState* units = c.st.units.data();
  const Point a = units[g].pos;
  const int enemy = 1 - c.side_of(g);
  const int first = c.first(enemy), last = c.last(enemy);
  const DecoyState* decoys = c.st.decoys[enemy].data();
  const Point b = goal >= 0 ? units[goal].pos : decoys[-1 - goal].pos;
  const Path path(a, b);
  int64_t limit = std::min(roll, path.length);
  // Both constraints below only ever lower `limit` to a point of the path, in a fixed order (see
  // first_within: the order can matter where rounded points flicker at a disk's edge). The reach test
  // comes first: it usually stops the unit well short of every enemy, so that the keep-off tests after
  // it are rejected at their first check.
  //
  // Stop at the first point with a target: inside reach of a revealed enemy unit not in melee (unless
  // fire_into_melee), with sight. On the edge of reach the exact test on the rounded point keeps the
  // unit within reach.
  const bool melee_screens = c.melee_screens_fire();
  const int64_t reach2 = squared(c.reach(g)), reach = c.reach(g) + 1;
  for (int h = first; h < last && limit > 0; ++h) {
    if (!targetable(units[h], melee_screens)) continue;
    limit = stop_for_target(c.sc, path, units[h].pos, reach2, reach, limit);
  }
  // Never closer than contact_gap to an enemy marker or unit (only a charge makes contact).
  const int64_t gap2 = squared(c.sc.ruleset.contact_gap), gap = c.sc.ruleset.contact_gap + 1;
  for (int h = first; h < last; ++h)
    if (!units[h].out()) limit = keep_off(path, units[h].pos, h == goal, gap2, gap, limit);
  for (int d = 0, d_end = c.st.decoy_count[enemy]; d < d_end; ++d)
    if (decoys[d].alive) limit = keep_off(path, decoys[d].pos, -1 - d == goal, gap2, gap, limit);
  return path.at(std::max<int64_t>(limit, 0));
}

// F-6 charge: a unit with charge orders charges an enemy unit or marker within charge_reach, even
// if it has a target. Policy charge-after: only in its reload turn (SF-E). A unit that stood up
// from prone this phase moves 1d6 and does not charge (F-8a).
template <class Ctx>
bool may_charge(const Ctx& c, const UnitState& u, const UnitSpec& spec) {
  return spec.orders == Orders::Charge && !u.stood_up && (!c.sc.sides[spec.side].policy.charge_after || u.reload_turn == c.turn());
}

// F-6 charge: plans the charge of a unit that may charge at the nearest enemy unit or marker within
// charge_reach; false (and no plan) if there is none. Out of line, as the charge is rare.
template <class Ctx>
[[gnu::noinline]] bool plan_charge(Ctx& c, int g) {
  const int target = nearest_enemy_marker_or_unit(c, g, c.st.units[g].pos, c.spec(g).charge_reach);
  if (target == NoEnemy) return false;
  auto& plan = c.st.planned[g];
  plan.kind = FirefightState::Plan::Charge;
  plan.target = target;
  return true;
}

// F-6 advance of a unit with no target: plans its move toward the nearest enemy marker or unit;
// false (and no plan) if there is none. Out of line: many units are told apart before (holding
// ones, those with a target), and this plan's register saves would cost them more than their tests.
template <class Ctx>
[[gnu::noinline]] bool plan_advance(Ctx& c, int g) {
  const UnitState& u = c.st.units[g];
  const int goal = nearest_enemy_marker_or_unit(c, g, u.pos, -1);
  if (goal == NoEnemy) return false;
  c.dice.restart(Purpose::Movement, static_cast<uint32_t>(c.turn()), static_cast<uint32_t>(g));
  const int dice_count = u.stood_up ? c.sc.ruleset.prone_move_dice : c.spec(g).move_dice;
  const int64_t roll = roll_d6_inches(c, dice_count);
  auto& plan = c.st.planned[g];
  plan.kind = FirefightState::Plan::Move;
  plan.to = advance_end(c, g, roll, goal);
  if constexpr (Ctx::Narrator::enabled)
    c.narr.say(text("  move (F-6): ", c.name(g), " rolls ", dice_count, "d6 = ", inches(roll), "\", advances ",
                    inches(integer_sqrt(distance_squared(u.pos, plan.to))), "\" to ", point_text(plan.to)));
  return true;
}

// Step 2 of the movement phase for one unit: plan a charge, a move, or nothing (`row`, `enemies` and
// `melee_screens` as has_target_in_row wants them). Returns whether it planned a charge or a move;
// st.planned[g] is written only then.
template <class Ctx, class Row>
[[gnu::always_inline]] inline bool plan_unit(Ctx& c, int g, Row row, std::span<const UnitState> enemies, bool melee_screens) {
  const UnitState& u = c.st.units[g];
  const UnitSpec& spec = c.spec(g);
  if (u.out() || u.in_melee || spec.orders == Orders::Hold) return false;  // F-6: in melee, no move
  if (may_charge(c, u, spec) && plan_charge(c, g)) return true;
  // F-6 advance: a unit with a target does not move and rolls nothing.
  if (has_target_in_row(enemies, row, squared(spec.reach), melee_screens)) return false;
  return plan_advance(c, g);
}

// A charge (F-6), resolved after the other moves, in index order.
template <class Ctx>
void resolve_charge(Ctx& c, int g) {
  UnitState& u = c.st.units[g];
  const auto& plan = c.st.planned[g];
  const int enemy = 1 - c.side_of(g);
  const bool at_decoy = plan.target < 0;
  // Step 1: a charger broken or engaged by an earlier charge does not go; nor does a charge whose
  // target was removed or broken earlier in the phase (the unit stays where it is).
  if (u.out() || u.in_melee) return;
  const bool gone = at_decoy ? !c.st.decoys[enemy][-1 - plan.target].alive : c.st.units[plan.target].out();
  if (gone) {
    if constexpr (Ctx::Narrator::enabled) c.narr.say(text("  charge (F-6): ", c.name(g), "'s target is gone; it stays"));
    return;
  }
  const Point tp = at_decoy ? c.st.decoys[enemy][-1 - plan.target].pos : c.st.units[plan.target].pos;
  // Step 2: the charger is revealed (F-5) and rolls its charge dice.
  c.dice.restart(Purpose::Charge, static_cast<uint32_t>(c.turn()), static_cast<uint32_t>(g));
  reveal_unit(c, g, "charges");
  u.moved = true;
  const int64_t total = roll_d6_inches(c, c.spec(g).charge_dice);
  const Path path(u.pos, tp);
  const int64_t d2 = distance_squared(u.pos, tp);
  if (const int n = c.spec(g).charge_dice; n <= ChargeControlDice) {
    // The fewest pips that reach, (pips x CoordPerInch)^2 >= d2 as step 3 tests (6n + 1: none
    // reach): pips x CoordPerInch at least sqrt(d2) rounded up.
    const int64_t root = integer_sqrt(d2), root_up = root + (root * root < d2);
    const int need = static_cast<int>(std::min<int64_t>((root_up + CoordPerInch - 1) / CoordPerInch, 6 * n + 1));
    c.st.luck.add(LuckKind::Charge, c.side_of(g), charge_term(n, need, squared(total) >= d2));
  }
  if constexpr (Ctx::Narrator::enabled)
    c.narr.say(text("  charge (F-6): ", c.name(g), " charges ", at_decoy ? std::string("a marker") : c.name(plan.target), " at ",
                    inches(integer_sqrt(d2)), "\": ", c.spec(g).charge_dice, "d6 = ", inches(total), "\""));
  // Step 3: short of the distance, it moves the roll and halts.
  if (squared(total) < d2) {
    u.pos = path.at(total);
    if constexpr (Ctx::Narrator::enabled) c.narr.say("    falls short and halts");
    return;
  }
  // Step 4: the test to go in; failing, it halts halt_short from the target.
  const int go_in = c.spec(g).leader ? c.sc.ruleset.go_in_leader : c.sc.ruleset.go_in_no_leader;
  const int go_roll = c.dice.die(6);
  c.st.luck.add(LuckKind::Tests, c.side_of(g), 6 * int64_t{go_roll >= go_in} - d6_faces_passing(go_in, 0));
  if (go_roll < go_in) {
    if (d2 > squared(c.sc.ruleset.halt_short)) u.pos = path.at(path.length - c.sc.ruleset.halt_short);
    if constexpr (Ctx::Narrator::enabled) c.narr.say(text("    test to go in: ", go_roll, " needing ", go_in, "+: halts short"));
    return;
  }
  if constexpr (Ctx::Narrator::enabled) c.narr.say(text("    test to go in: ", go_roll, " needing ", go_in, "+: goes in"));
  u.charged = true;
  // Step 5: a decoy is revealed and removed; the charger ends on its spot, with no melee.
  if (at_decoy) {
    remove_decoy(c, enemy, -1 - plan.target, "charged");
    u.pos = tp;
    return;
  }
  // Step 6: the defender is revealed and tests to stand; failing, it breaks. The charger ends in
  // contact (contact_distance from the defender) either way.
  const int defender = plan.target;
  reveal_unit(c, defender, "charged");
  const Path back(tp, u.pos);
  if (back.length > c.sc.ruleset.contact_distance) u.pos = back.at(c.sc.ruleset.contact_distance);
  const int stand = c.spec(defender).leader ? c.sc.ruleset.stand_leader : c.sc.ruleset.stand_no_leader;
  const int stand_roll = c.dice.die(6);
  c.st.luck.add(LuckKind::Tests, c.side_of(defender),
                (6 * int64_t{stand_roll >= stand} - d6_faces_passing(stand, 0)) * c.st.units[defender].figures);
  c.st.luck.figures.add_break_test(c.side_of(defender), c.st.units[defender].figures, 6 - static_cast<int>(d6_faces_passing(stand, 0)),
                                   stand_roll < stand);
  if constexpr (Ctx::Narrator::enabled)
    c.narr.say(text("    ", c.name(defender), " tests to stand: ", stand_roll, " needing ", stand, "+"));
  if (stand_roll < stand) {
    break_unit(c, defender, "failed to stand");
    return;
  }
  add_contact(c, g, defender);
  if constexpr (Ctx::Narrator::enabled) c.narr.say(text("    ", c.name(g), " and ", c.name(defender), " are in melee"));
}

// F-6 movement phase (with F-8a's stand-up). Returns whether any unit moved or charged (only then
// can sight, cover and spotting have changed).
template <class Ctx>
bool movement_phase(Ctx& c) {
  auto& st = c.st;
  const int n = c.sc.total_units();
  bool any_moved = false;
  // Step 1: prone units stand; class restored; they move only prone_move_dice d6 (F-8a).
  for (int g = 0; g < n; ++g) {
    UnitState& u = st.units[g];
    if (u.prone && !u.out()) {
      u.prone = false;
      u.stood_up = true;
      if constexpr (Ctx::Narrator::enabled) c.narr.say(text("  ", c.name(g), " stands up (F-8a)"));
    }
  }
  // Step 2: every unit plans from the start-of-phase positions (simultaneous movement: the plans
  // change no position before step 3), a side at a time, walking its rows of the pair cache. The
  // units with a plan are listed, in index order, so that steps 3 and 4 read only their plans (and
  // no plan need be cleared for the others).
  int* with_plan = st.unit_list.data();
  int plan_count = 0;
  const bool melee_screens = c.melee_screens_fire();
  for (int side = 0; side < SideCount; ++side) {
    const std::span<const UnitState> enemies(st.units.data() + c.first(1 - side), st.units.data() + c.last(1 - side));
    auto row = c.row(c.first(side));
    const size_t row_step = c.row_step(side);
    for (int g = c.first(side), g_end = c.last(side); g < g_end; ++g, row.d2 += row_step, row.los += row_step) {
      with_plan[plan_count] = g;
      plan_count += plan_unit(c, g, row, enemies, melee_screens);
    }
  }
  // Step 3: the moves happen together; a hidden unit that moves stays hidden (F-5 may reveal it).
  bool any_charge = false;
  for (int i = 0; i < plan_count; ++i) {
    const int g = with_plan[i];
    const auto& plan = st.planned[g];
    if (plan.kind != FirefightState::Plan::Move) {
      any_charge = true;
      continue;
    }
    UnitState& u = st.units[g];
    if (!(plan.to == u.pos)) u.moved = any_moved = true;
    u.pos = plan.to;
  }
  // Step 4: charges after the other moves, in index order (a charger is marked moved when it goes).
  if (any_charge) {
    for (int i = 0; i < plan_count; ++i)
      if (st.planned[with_plan[i]].kind == FirefightState::Plan::Charge) resolve_charge(c, with_plan[i]);
    refresh_contacts(c);
    any_moved = true;
  }
  return any_moved;
}

}  // namespace volley::firefight
