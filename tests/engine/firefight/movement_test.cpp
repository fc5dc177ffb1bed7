// F-6 movement and charges, with scripted dice.
#include "tests/engine/firefight/firefight_test_support.hpp"

#include <catch2/catch.hpp>

using namespace volley;
using namespace volley::firefight;
using namespace volley::firefight::testing;

namespace {

int64_t distance(Point a, Point b) { return integer_sqrt(distance_squared(a, b)); }

void move(Harness& h, int turn = 1) {
  h.begin_turn(turn);
  auto c = h.ctx();
  movement_phase(c);
  refresh_geometry(c, false);
}

// H1 (herero, 8 figures) with `orders` at (x, y); Z1 (german, 10 figures) at (enemy_x, enemy_y).
FirefightScenario h1_and_z1(Orders orders, double x, double y, double enemy_x, double enemy_y) {
  auto sc = make_scenario();
  add_unit(sc, Herero, "H1", 8, x, y).orders = orders;
  add_unit(sc, German, "Z1", 10, enemy_x, enemy_y);
  return sc;
}

// A blocking wall from x = 5 to 15 across y = 20 to 21: it hides an enemy at (10, 28) from a unit
// advancing up x = 10 until the unit stands in it.
FirefightScenario with_wall_across(FirefightScenario sc) {
  sc.terrain.push_back({"wall", {to_coord(5), to_coord(20), to_coord(15), to_coord(21)}, true, 0});
  return sc;
}

// Step 0 (setup), the scripted dice, then the movement phase of turn 1: where most of these tests start.
void setup_and_move(Harness& h, std::initializer_list<int> dice) {
  h.setup();
  h.dice.push(dice);
  move(h);
}

}  // namespace

TEST_CASE("F-6: hold never moves; a unit with a target does not move and rolls nothing", "[engine][firefight][F-6]") {
  auto sc = make_scenario();
  add_unit(sc, Herero, "H1", 8, 10, 10).orders = Orders::Advance;  // Z1 in reach: has a target
  add_unit(sc, Herero, "H2", 8, 40, 2).orders = Orders::Hold;      // no target, but holds
  add_unit(sc, German, "Z1", 10, 10, 20);
  Harness h(sc);
  h.setup();
  move(h);
  CHECK(h.dice.calls.empty());
  CHECK(h.u(Herero, 0).pos == at(10, 10));
  CHECK(h.u(Herero, 1).pos == at(40, 2));
  CHECK_FALSE(h.u(Herero, 0).moved);
}

TEST_CASE("F-6: an advancing unit stops at the first point where it has a target, within reach", "[engine][firefight][F-6]") {
  Harness h(h1_and_z1(Orders::Advance, 10, 0, 10, 28));  // herero rifle: reach min(24, 12) = 12"
  setup_and_move(h, {6, 6, 6});                          // 3d6 = 18"
  const auto moves = h.dice.of("die", Purpose::Movement);
  REQUIRE(moves.size() == 3);
  CHECK(h.u(Herero, 0).pos == at(10, 16));  // 16" moved, 12" from Z1: the first point in reach
  CHECK(h.u(Herero, 0).moved);

  SECTION("on a slant the rounded stop point is still within reach, and one hundredth earlier is not") {
    Harness h2(h1_and_z1(Orders::Advance, 8, 6, 27.37, 23.11));
    setup_and_move(h2, {6, 6, 6});
    const Point end = h2.u(Herero, 0).pos;
    const Point z = h2.u(German, 0).pos;
    CHECK(distance_squared(end, z) <= squared(to_coord(12)));
    const Path path(at(8, 6), z);
    const int64_t moved = integer_sqrt(distance_squared(at(8, 6), end));
    CHECK(moved < to_coord(18));
    CHECK(distance_squared(path.at(moved - 2), z) > squared(to_coord(12)));
    auto c = h2.ctx();
    CHECK(has_target_now(c, h2.unit(Herero, 0)));
  }
  SECTION("a target out of sight behind blocking terrain does not stop the unit") {
    Harness h3(with_wall_across(h1_and_z1(Orders::Advance, 10, 0, 10, 28)));
    setup_and_move(h3, {6, 6, 6});
    // In reach from y = 16 but the wall hides Z1 until the unit stands in it (y = 20).
    CHECK(h3.u(Herero, 0).pos == at(10, 18));  // the full 18": y = 20 is not reached
  }
}

TEST_CASE("F-6: an advance behind a blocker stops exactly where sight opens", "[engine][firefight][F-6]") {
  // H1 advances east along y = 10 toward a german decoy (the nearest enemy marker). Z2, north-east,
  // comes within reach (12") at x = 7.367 but a rock at x 9..10, y 13..14 hides it until the segment
  // to Z2 passes east of the rock's corner (10, 13): x + 0.3 (14 - x) > 10, x > 8.2857. The first
  // point of the path with sight is x = 8.29 (at 8.28 the segment still meets the corner's
  // rectangle). Sampling the path every 0.25" from where reach begins stopped at 8.37.
  auto sc = make_scenario();
  add_unit(sc, Herero, "H1", 8, 2, 10).orders = Orders::Advance;
  add_unit(sc, German, "Z2", 10, 14, 20);
  add_decoy(sc, German, "blank", 16, 10);
  sc.terrain.push_back({"rock", {to_coord(9), to_coord(13), to_coord(10), to_coord(14)}, true, 0});
  Harness h(sc);
  h.setup();
  REQUIRE(h.alive_decoys(German) == 1);
  h.dice.push({6, 6, 6});  // 3d6 = 18": the decoy's contact gap would stop it at x = 15
  move(h);
  CHECK(h.u(Herero, 0).pos == at(8.29, 10));
  CHECK_FALSE(sight_clear(h.sc, at(8.28, 10), at(14, 20)));
  CHECK(sight_clear(h.sc, at(8.29, 10), at(14, 20)));
  auto c = h.ctx();
  CHECK(has_target_now(c, h.unit(Herero, 0)));

  SECTION("a path that enters the blocker first sees out of it where it enters") {
    // Z2 straight ahead beyond a wall across the path: sight opens at the wall's near edge, y = 20,
    // within the roll (a charge of 4d6 is not in question: H1 advances).
    Harness h2(with_wall_across(h1_and_z1(Orders::Advance, 10, 2, 10, 28)));
    setup_and_move(h2, {6, 6, 6});  // 18": up to y = 20
    CHECK(h2.u(Herero, 0).pos == at(10, 20));
  }
}

TEST_CASE("F-6: an advance heads for the nearest enemy, ties within tie_distance to the lowest index", "[engine][firefight][F-6]") {
  // docs/rules.md F-4 "Measuring", for F-6: Z2 is 30" from H1, Z1 (the lower index) 30.2" or 30.3".
  const auto goal_with_z1_at = [](double distance, bool decoy_nearest) {
    auto sc = make_scenario();
    add_unit(sc, Herero, "H1", 8, 2, 2).orders = Orders::Advance;
    add_unit(sc, German, "Z1", 10, 2 + distance, 2);
    add_unit(sc, German, "Z2", 10, 2, 32);
    if (decoy_nearest) add_decoy(sc, German, "blank", 2 + 29.9, 2);  // nearer than both, a decoy
    Harness h(sc);
    auto c = h.setup_to_turn(1);
    const int g = h.unit(Herero, 0);
    return nearest_enemy_marker_or_unit(c, g, h.u(Herero, 0).pos, -1);
  };
  const int z1 = 1, z2 = 2;                   // global indices: H1 is unit 0
  CHECK(goal_with_z1_at(30.2, false) == z1);  // a tie: the lower index
  CHECK(goal_with_z1_at(30.3, false) == z2);  // told apart: the nearer
  // With a decoy 29.9" away, nearer than both: Z2 (30") ties with it, and Z1 too at 30.1" (a unit
  // before a decoy, then the lower index), but not at 30.3" (0.4" from the decoy).
  CHECK(goal_with_z1_at(30.1, true) == z1);
  CHECK(goal_with_z1_at(30.3, true) == z2);
}

TEST_CASE("F-6: an advance never comes closer than contact_gap to an enemy marker or unit", "[engine][firefight][F-6]") {
  auto sc = make_scenario();
  add_unit(sc, German, "Z1", 10, 10, 0).orders = Orders::Advance;
  add_unit(sc, Herero, "H1", 8, 40, 30).hidden = true;  // far
  add_decoy(sc, Herero, "blank", 10, 9);
  Harness h(sc);
  setup_and_move(h, {6, 6});  // 2d6 = 12": the decoy is 9" away
  const Point end = h.u(German, 0).pos;
  CHECK(end == at(10, 8));  // stops 1" short of the decoy
  // Spotting after movement reveals (removes) the decoy, now within 6".
  auto c = h.ctx();
  spot(c, false);
  CHECK(h.alive_decoys(Herero) == 0);
}

TEST_CASE("F-6: movement is simultaneous: every unit moves from the positions at the start of the phase", "[engine][firefight][F-6]") {
  auto sc = make_scenario();
  sc.visibility = to_coord(4);  // nobody gets a target on the way
  add_unit(sc, Herero, "H1", 8, 10, 0).orders = Orders::Advance;
  add_unit(sc, German, "Z1", 10, 10, 40).orders = Orders::Advance;
  Harness h(sc);
  setup_and_move(h, {5, 5, 5, 4, 4});  // H1 3d6 = 15", Z1 2d6 = 8"
  CHECK(h.u(Herero, 0).pos == at(10, 15));
  CHECK(h.u(German, 0).pos == at(10, 32));  // measured from H1's start: no stop 1" from its new spot
}

TEST_CASE("F-6: a charge short of the distance moves the roll and halts", "[engine][firefight][F-6]") {
  Harness h(h1_and_z1(Orders::Charge, 10, 0, 10, 20));  // 4d6 charge, reach 24"
  setup_and_move(h, {4, 4, 4, 3});                      // 15" < 20"
  CHECK(h.u(Herero, 0).pos == at(10, 15));
  CHECK_FALSE(h.u(Herero, 0).in_melee);
  CHECK(h.dice.of("die", Purpose::Charge).size() == 4);
}

TEST_CASE("F-6: a charger failing its test to go in halts 1 inch short", "[engine][firefight][F-6]") {
  Harness h(h1_and_z1(Orders::Charge, 10, 0, 10, 20));
  setup_and_move(h, {6, 6, 6, 6, 2});  // 24" >= 20"; go-in 2 < 3
  CHECK(h.u(Herero, 0).pos == at(10, 19));
  CHECK_FALSE(h.u(Herero, 0).in_melee);
  CHECK(h.dice.exhausted());
}

TEST_CASE("F-6: a leaderless charger needs 4 to go in; the defender tests to stand or breaks", "[engine][firefight][F-6]") {
  auto sc = make_scenario();
  auto& h1 = add_unit(sc, Herero, "H1", 8, 10, 0);
  h1.orders = Orders::Charge;
  h1.leader = false;
  h1.hidden = true;
  add_unit(sc, German, "Z1", 10, 10, 20).hidden = true;
  Harness h(sc);
  h.setup();
  SECTION("3 does not go in without a leader") {
    h.dice.push({6, 6, 6, 6, 3});
    move(h);
    CHECK(h.u(Herero, 0).pos == at(10, 19));
    CHECK_FALSE(h.u(Herero, 0).hidden);  // a charger is revealed when it charges (F-5)
    CHECK(h.u(German, 0).hidden);        // a charge that never made contact reveals nobody
  }
  SECTION("the defender stands: both in melee and revealed") {
    h.dice.push({6, 6, 6, 6, 4, 3});
    move(h);
    CHECK(h.u(Herero, 0).in_melee);
    CHECK(h.u(German, 0).in_melee);
    CHECK_FALSE(h.u(German, 0).hidden);
    CHECK(h.u(Herero, 0).charged);
    CHECK(distance(h.u(Herero, 0).pos, h.u(German, 0).pos) == to_coord(0.5));
    CHECK(h.st.contact_count == 1);
  }
  SECTION("the defender fails to stand: it breaks") {
    h.dice.push({6, 6, 6, 6, 4, 2});
    move(h);
    CHECK(h.u(German, 0).broken);
    CHECK(h.u(German, 0).out());
    CHECK_FALSE(h.u(Herero, 0).in_melee);
  }
}

TEST_CASE("F-6: a charge on a decoy reveals and removes it; the charger ends on its spot", "[engine][firefight][F-6]") {
  auto sc = make_scenario();
  add_unit(sc, German, "Z1", 10, 10, 0).orders = Orders::Charge;  // 3d6 charge, reach 18"
  add_unit(sc, Herero, "H1", 8, 40, 30).hidden = true;
  add_decoy(sc, Herero, "blank", 10, 12);
  Harness h(sc);
  setup_and_move(h, {5, 5, 5, 3});
  CHECK(h.alive_decoys(Herero) == 0);
  CHECK(h.u(German, 0).pos == at(10, 12));
  CHECK_FALSE(h.u(German, 0).in_melee);
}

TEST_CASE("F-6: charges come after the other moves, in index order; a charge whose target broke does not happen",
          "[engine][firefight][F-6]") {
  auto sc = make_scenario();
  add_unit(sc, Herero, "H1", 8, 10, 2).orders = Orders::Charge;
  add_unit(sc, Herero, "H2", 8, 14, 2).orders = Orders::Charge;
  add_unit(sc, German, "Z1", 10, 12, 20);
  Harness h(sc);
  // H1: 24", goes in (5), Z1 fails to stand (1) and breaks. H2's charge does not happen.
  setup_and_move(h, {6, 6, 6, 6, 5, 1});
  CHECK(h.u(German, 0).broken);
  CHECK(h.u(Herero, 1).pos == at(14, 2));
  CHECK_FALSE(h.u(Herero, 1).moved);
  CHECK(h.dice.exhausted());
}

TEST_CASE("F-6: a unit in melee does not move", "[engine][firefight][F-6]") {
  Harness h(h1_and_z1(Orders::Charge, 10, 10, 10, 10.5));
  h.setup();
  auto c = h.ctx();
  add_contact(c, h.unit(Herero, 0), h.unit(German, 0));
  move(h);
  CHECK(h.dice.calls.empty());
  CHECK(h.u(Herero, 0).pos == at(10, 10));
}

TEST_CASE("F-6: a charger engaged by an earlier charge in the same phase does not charge", "[engine][firefight][F-6]") {
  auto sc = make_scenario();
  add_unit(sc, Herero, "H1", 8, 10, 2).orders = Orders::Charge;
  add_unit(sc, German, "Z1", 10, 10, 14).orders = Orders::Charge;  // 12" apart: both charge
  Harness h(sc);
  // H1 (index 0) first: 4d6 = 24", goes in (5), Z1 stands (4): melee. Z1's charge does not happen.
  setup_and_move(h, {6, 6, 6, 6, 5, 4});
  CHECK(h.u(Herero, 0).in_melee);
  CHECK(h.dice.of("die", Purpose::Charge).size() == 6);
  CHECK(h.dice.exhausted());
  CHECK(h.u(German, 0).pos == at(10, 14));
}

// Edge cases found by mutation testing (each mutation survived every other test).

TEST_CASE("F-6: an enemy exactly at charge_reach is charged; a charge roll equal to the distance reaches it", "[engine][firefight][F-6]") {
  // H1's 4d6 charge has a reach of 24"; Z1 is exactly 24" away: within reach.
  Harness h(h1_and_z1(Orders::Charge, 10, 0, 10, 24));
  setup_and_move(h, {6, 6, 6, 6, 6, 6});  // 24" = the distance: not short; go in on 6; Z1 stands on 6
  CHECK(h.dice.of("die", Purpose::Charge).size() == 6);
  CHECK(h.dice.of("die", Purpose::Movement).empty());
  CHECK(h.u(Herero, 0).in_melee);
  CHECK(h.u(German, 0).in_melee);
  CHECK(h.dice.exhausted());
}

TEST_CASE("F-6: an enemy a hundredth beyond charge_reach is not charged: the unit advances", "[engine][firefight][F-6]") {
  Harness h(h1_and_z1(Orders::Charge, 10, 0, 10, 24.01));
  setup_and_move(h, {1, 1, 1});  // 3d6 move
  CHECK(h.dice.of("die", Purpose::Charge).empty());
  CHECK(h.dice.of("die", Purpose::Movement).size() == 3);
  CHECK_FALSE(h.u(Herero, 0).in_melee);
}

TEST_CASE("F-8a, F-6: a unit that stood up from prone moves 1d6 and does not charge", "[engine][firefight][F-8][F-6]") {
  auto sc = make_scenario();
  add_unit(sc, Herero, "H1", 8, 10, 0).orders = Orders::Charge;
  add_unit(sc, German, "Z1", 10, 10, 12).hidden = true;  // within its 24" charge reach; hidden: no target
  Harness h(sc);
  h.setup();
  h.u(Herero, 0).prone = true;
  h.begin_turn(2);
  h.dice.push({5});
  move(h, 2);
  CHECK(h.dice.of("die", Purpose::Charge).empty());
  CHECK(h.dice.of("die", Purpose::Movement).size() == 1);
  CHECK_FALSE(h.u(Herero, 0).in_melee);
  CHECK(h.u(Herero, 0).pos == at(10, 5));
  CHECK(h.dice.exhausted());
}
