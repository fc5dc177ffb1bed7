// F-1 forces and placement, F-2 the turn sequence, F-5 sight and spotting; the integer geometry
// (engine/geometry.hpp) they rest on.
#include "tests/engine/firefight/firefight_test_support.hpp"

#include <catch2/catch.hpp>

using namespace volley;
using namespace volley::firefight;
using namespace volley::firefight::testing;

TEST_CASE("geometry: segments against closed rectangles, exact integer square roots", "[engine][firefight][geometry]") {
  const Rect r{100, 100, 200, 200};
  CHECK(segment_meets_rect({0, 150}, {300, 150}, r));     // straight through
  CHECK(segment_meets_rect({0, 0}, {100, 100}, r));       // touches a corner
  CHECK_FALSE(segment_meets_rect({0, 0}, {99, 100}, r));  // stops short
  CHECK_FALSE(segment_meets_rect({0, 250}, {250, 301}, r));
  CHECK(segment_meets_rect({150, 150}, {150, 150}, r));  // a point inside
  CHECK_FALSE(segment_meets_rect({0, 99}, {400, 99}, r));
  CHECK(segment_meets_rect({0, 301}, {301, 0}, r));        // the diagonal x + y = 301 crosses it
  CHECK_FALSE(segment_meets_rect({0, 199}, {199, 0}, r));  // x + y = 199 passes the corner (100, 100)
  for (int64_t v : {int64_t{0}, int64_t{1}, int64_t{2}, int64_t{3}, int64_t{4}, int64_t{99}, int64_t{100}, int64_t{1} << 40,
                    (int64_t{1} << 40) - 1, int64_t{4611686014132420609}}) {
    const int64_t s = integer_sqrt(v);
    CHECK(s * s <= v);
    CHECK((s + 1) * (s + 1) > v);
  }
  // Below 2^52 the truncated double root is taken as it is: exact just below each square up to there
  // and past it, where the corrections take over.
  int64_t inexact = 0;
  for (int64_t k = (int64_t{1} << 26) - 100000; k <= (int64_t{1} << 26) + 2; ++k)
    for (const int64_t v : {k * k - 1, k * k}) {
      const int64_t s = integer_sqrt(v);
      inexact += s * s > v || (s + 1) * (s + 1) <= v;
    }
  CHECK(inexact == 0);
  CHECK(overlap_area({0, 0, 10, 10}, {5, 5, 20, 20}) == 25);
  CHECK(overlap_area({0, 0, 10, 10}, {10, 0, 20, 10}) == 0);
}

TEST_CASE("F-1: a unit or decoy with a zone is placed uniformly inside it, each on its own stream", "[engine][firefight][F-1]") {
  auto sc = make_scenario();
  auto& h1 = add_unit(sc, Herero, "H1", 8, 0, 0);
  h1.placement.zone = true;
  h1.placement.area = {to_coord(10), to_coord(10), to_coord(12), to_coord(11)};
  add_unit(sc, German, "Z1", 10, 40, 30);
  auto& d = add_decoy(sc, Herero, "blank", 0, 0);
  d.placement.zone = true;
  d.placement.area = {to_coord(20), to_coord(20), to_coord(20), to_coord(22)};
  Harness h(sc);
  h.dice.push({150, 20, 0, 7});
  h.setup();
  CHECK(h.u(Herero, 0).pos == Point{to_coord(11.5), to_coord(10.2)});
  CHECK(h.st.decoys[Herero][0].pos == Point{to_coord(20), to_coord(20.07)});
  const auto draws = h.dice.of("below", Purpose::Placement);
  REQUIRE(draws.size() == 4);
  CHECK(draws[0].n == 201);  // 2" in hundredths, both edges included
  CHECK(draws[1].n == 101);
  CHECK(draws[0].actor == 0);
  CHECK(draws[2].n == 1);
  CHECK(draws[2].actor == 2);  // decoys come after every unit
}

TEST_CASE("F-1: terrain cover raises a unit's target class; prone is class 4", "[engine][firefight][F-1]") {
  auto sc = make_scenario();
  add_unit(sc, Herero, "H1", 8, 10, 30, HereroRifle, 2);  // open order, in the bush: class 3
  add_unit(sc, Herero, "H2", 8, 20, 30, HereroRifle, 4);  // already class 4
  add_unit(sc, Herero, "H3", 8, 30, 10, HereroRifle, 2);  // in the open
  add_unit(sc, German, "Z1", 10, 40, 10);
  sc.terrain.push_back({"bush", {0, to_coord(25), to_coord(48), to_coord(36)}, false, 3});
  Harness h(sc);
  h.setup();
  auto c = h.ctx();
  CHECK(c.target_class(h.unit(Herero, 0)) == 3);
  CHECK(c.target_class(h.unit(Herero, 1)) == 4);
  CHECK(c.target_class(h.unit(Herero, 2)) == 2);
  h.u(Herero, 2).prone = true;
  CHECK(c.target_class(h.unit(Herero, 2)) == 4);
}

TEST_CASE("F-1: a placement with one cover class everywhere has it at setup; a zone across an edge has the class where the unit lands",
          "[engine][firefight][F-1]") {
  auto sc = make_scenario();
  auto& h1 = add_unit(sc, Herero, "H1", 8, 0, 0);  // a zone inside the bush
  h1.placement.zone = true;
  h1.placement.area = {to_coord(10), to_coord(30), to_coord(12), to_coord(32)};
  auto& h2 = add_unit(sc, Herero, "H2", 8, 0, 0);  // a zone across the bush's edge
  h2.placement.zone = true;
  h2.placement.area = {to_coord(20), to_coord(24), to_coord(22), to_coord(26)};
  add_unit(sc, Herero, "H3", 8, 30, 10);   // in the open
  add_unit(sc, German, "Z1", 10, 20, 18);  // in the zariba
  sc.terrain.push_back({"bush", {0, to_coord(25), to_coord(48), to_coord(36)}, false, 3});
  sc.terrain.push_back({"zariba", {to_coord(17), to_coord(16), to_coord(31), to_coord(20)}, false, 4});
  Harness h(sc);
  CHECK(h.sc.unit(0).placement_cover == 3);
  CHECK(h.sc.unit(1).placement_cover == -1);
  CHECK(h.sc.unit(2).placement_cover == 0);
  CHECK(h.sc.unit(3).placement_cover == 4);
  h.dice.push({0, 0, 100, 50});  // H1 at (10, 30); H2 at (21, 24.5), just out of the bush
  h.setup();
  CHECK(h.u(Herero, 0).cover_class == 3);
  CHECK(h.u(Herero, 1).cover_class == 0);
  CHECK(h.u(Herero, 2).cover_class == 0);
  CHECK(h.u(German, 0).cover_class == 4);
}

TEST_CASE("F-5: sight needs the distance within visibility and no blocking terrain; inside it a unit sees out",
          "[engine][firefight][F-5]") {
  auto sc = make_scenario();
  sc.terrain.push_back({"bank", {to_coord(0), to_coord(20), to_coord(48), to_coord(21)}, true, 0});
  sc.finalize();
  CHECK(line_of_sight(sc, at(10, 5), at(10, 17)));           // 12": at visibility
  CHECK_FALSE(line_of_sight(sc, at(10, 5), at(10, 17.01)));  // beyond it
  CHECK_FALSE(line_of_sight(sc, at(10, 15), at(12, 25)));    // across the bank
  CHECK(line_of_sight(sc, at(10, 20.5), at(12, 25)));        // from inside the bank
  CHECK(line_of_sight(sc, at(10, 15), at(12, 20)));          // onto its edge: inside
  CHECK(line_of_sight(sc, at(10, 15), at(20, 19.99)));       // beside it, not through it
}

TEST_CASE("F-5: spotting reveals hidden units and removes decoys within spot_range of an enemy unit, hidden or not",
          "[engine][firefight][F-5]") {
  auto sc = make_scenario();
  add_unit(sc, Herero, "H1", 8, 10, 16).hidden = true;     // 6.00" from Z1: revealed
  add_unit(sc, Herero, "H2", 8, 20, 16.01).hidden = true;  // 6.01" from Z2: stays
  add_decoy(sc, Herero, "blank", 30, 15);                  // 5" from the hidden Z3: removed
  add_unit(sc, German, "Z1", 10, 10, 10);
  add_unit(sc, German, "Z2", 10, 20, 10);
  add_unit(sc, German, "Z3", 10, 30, 10).hidden = true;  // a hidden unit spots too
  Harness h(sc);
  h.setup();
  CHECK_FALSE(h.u(Herero, 0).hidden);
  CHECK(h.u(Herero, 1).hidden);
  CHECK(h.alive_decoys(Herero) == 0);
  CHECK(h.u(German, 2).hidden);  // 5" from a decoy only: decoys do not spot
  // Hidden units cannot be targeted.
  h.begin_turn(1);
  auto c = h.ctx();
  build_candidates(c);
  CHECK(current_target(c, h.unit(Herero, 0)) == h.unit(German, 0));
  CHECK(current_target(c, h.unit(Herero, 1)) == h.unit(German, 1));
  CHECK(current_target(c, h.unit(German, 1)) != h.unit(Herero, 1));
  CHECK(current_target(c, h.unit(German, 2)) == -1);  // H1 is out of reach, H2 hidden
}

TEST_CASE("F-2: a turn runs movement, re-concealment and spotting, fire, melee, morale, then the victory check",
          "[engine][firefight][F-2]") {
  auto sc = make_scenario(3);
  sc.spot_range = to_coord(12.5);
  add_unit(sc, Herero, "H1", 8, 10, 0).hidden = true;
  sc.sides[Herero].units[0].orders = Orders::Advance;
  add_unit(sc, Herero, "H2", 4, 30, 10);
  add_unit(sc, German, "Z1", 10, 10, 20);
  add_unit(sc, German, "Z2", 4, 30, 10.5);
  Harness h(sc);
  h.setup();
  auto c = h.ctx();
  add_contact(c, h.unit(Herero, 1), h.unit(German, 1));
  h.dice.push({6, 6, 6,                 // movement: H1 advances 3d6 = 18", stops 12" from Z1
               0,                       // fire: shuffle (H1 first; the units in melee get no card)
               5, 0,                    // H1 hits Z1 5 times, all wounded
               0,                       // Z1 (5 figures) fires at H1 (spotted): no hits
               6, 2, 6, 2, 1, 1, 1, 1,  // melee H2 x Z2: Z2 loses 2 figures
               6,                       // Z2's melee morale at -1: holds
               2, 4});                  // morale phase: Z1 fails (breaks), Z2 holds
  CHECK(h.turn(1));
  CHECK(h.dice.exhausted());
  // (A pool of 0 dice is asked for and draws nothing: Z1's casualties.)
  // Each volley's casualties come from its own Fire stream.
  std::vector<Purpose> order = {Purpose::Movement, Purpose::Movement, Purpose::Movement, Purpose::Cards,
                                Purpose::Fire,     Purpose::Fire,     Purpose::Fire,     Purpose::Fire};
  order.insert(order.end(), 9, Purpose::Melee);  // 4 pairs of dice, then Z2's melee morale
  order.insert(order.end(), 2, Purpose::Morale);
  INFO(h.narr.text());
  REQUIRE(h.dice.calls.size() == order.size());
  for (size_t i = 0; i < order.size(); ++i) CHECK(h.dice.calls[i].purpose == order[i]);
  const std::string& t = h.narr.text();
  const size_t move = t.find("move (F-6)"), spotted = t.find("(spotted)"), fire = t.find(" fire phase"), melee = t.find("melee (F-7)"),
               morale = t.find("morale test (F-8b)"), victory = t.find("victory (F-9)");
  CHECK(move < spotted);
  CHECK(spotted < fire);
  CHECK(fire < melee);
  CHECK(melee < morale);
  CHECK(morale < victory);
  CHECK(victory != std::string::npos);
  CHECK(h.st.outcome == Outcome::Win0);
  CHECK(h.u(German, 0).broken);
  CHECK(h.u(Herero, 0).pos == at(10, 8));
}
