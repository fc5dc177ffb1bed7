// F-3 fire phase cards and F-4 fire resolution, with scripted dice.
#include "tests/engine/firefight/firefight_test_support.hpp"

#include <catch2/catch.hpp>

using namespace volley;
using namespace volley::firefight;
using namespace volley::firefight::testing;

TEST_CASE("F-4: a die hits on band or less; the target is the nearest revealed enemy in reach and sight", "[engine][firefight][F-4]") {
  auto sc = make_scenario();
  add_unit(sc, Herero, "H1", 8, 10, 10);                   // herero rifle: bands 6 4 4 2 on d20
  add_unit(sc, German, "Z1", 10, 10, 20);                  // 10" away
  add_unit(sc, German, "Z2", 10, 10, 21);                  // 11" away
  add_unit(sc, German, "Z3", 10, 17, 10).hidden = true;    // 7": nearer, but hidden (a marker)
  add_unit(sc, German, "Z4", 10, 10, 9.5).placement.position = at(10, 22.5);  // 12.5": out of sight
  Harness h(sc);
  h.setup();
  REQUIRE(h.u(German, 2).hidden);  // beyond spot_range: still a marker
  h.begin_turn(1);
  auto c = h.ctx();
  build_candidates(c);
  REQUIRE(current_target(c, h.unit(Herero, 0)) == h.unit(German, 0));
  // Hits: 3 of 8 dice at band 6 (class 1) on a d20; of the 3 casualties 1 is killed (kill chance 1/4).
  h.dice.push({3, 1});
  fire_unit(c, h.unit(Herero, 0), false);
  const auto pools = h.dice.calls;
  REQUIRE(pools.size() == 2);
  CHECK(pools[0].kind == "successes");
  CHECK(pools[0].purpose == Purpose::Fire);
  CHECK(pools[0].n == 8);
  CHECK(pools[0].band == 6);
  CHECK(pools[0].faces == 20);
  CHECK(pools[1].purpose == Purpose::Fire);  // the volley's stream serves its casualties too
  CHECK(pools[1].actor == pools[0].actor);
  CHECK(pools[1].n == 3);
  CHECK(pools[1].band == 1);
  CHECK(pools[1].faces == 4);
  CHECK(h.u(German, 0).figures == 7);
  CHECK(h.st.tally[Herero].hits == 3);
  CHECK(h.st.hits_turn[Herero][1] == 3);
  CHECK(h.st.tally[German].killed == 1);
  CHECK(h.st.tally[German].wounded == 2);
  CHECK(h.dice.exhausted());
}

TEST_CASE("F-4: ties go to the lowest index; units in melee cannot be targeted", "[engine][firefight][F-4]") {
  auto sc = make_scenario();
  add_unit(sc, Herero, "H1", 8, 10, 10);
  add_unit(sc, German, "Z1", 10, 16, 10);  // 6" east: in melee below
  add_unit(sc, German, "Z2", 10, 10, 17);  // 7" north
  add_unit(sc, German, "Z3", 10, 3, 10);   // 7" west
  Harness h(sc);
  h.setup();
  h.begin_turn(1);
  h.u(German, 0).in_melee = true;
  auto c = h.ctx();
  build_candidates(c);
  CHECK(current_target(c, h.unit(Herero, 0)) == h.unit(German, 1));
  // The tie breaks on index even when the lower index lies farther along the list of units.
  h.u(German, 1).hidden = true;
  CHECK(current_target(c, h.unit(Herero, 0)) == h.unit(German, 2));
}

TEST_CASE("F-4: each -1 lowers the band by one face, clamped to [0, faces]; natural_one_hits", "[engine][firefight][F-4]") {
  auto sc = make_scenario();
  add_unit(sc, Herero, "H1", 5, 10, 10);
  add_unit(sc, German, "Z1", 10, 10, 15, Mauser, 4);  // class 4: herero rifle band 2
  add_unit(sc, German, "Z2", 10, 30, 30);
  Harness h(sc);
  h.setup();
  h.begin_turn(1);
  auto c = h.ctx();
  build_candidates(c);
  const int g = h.unit(Herero, 0);
  SECTION("prone: band 2 - 1 = 1") {
    h.u(Herero, 0).prone = true;
    h.dice.push({0});
    fire_unit(c, g, false);
    CHECK(h.dice.calls[0].band == 1);
    CHECK(h.dice.calls[0].n == 5);
  }
  SECTION("schnellfeuer and prone: band 2 - 2 = 0, no die can hit and none is drawn") {
    h.u(Herero, 0).prone = true;
    fire_unit(c, g, true);
    CHECK(h.dice.calls[0].band == 0);
    CHECK(h.dice.calls[0].n == 10);
    CHECK(h.st.tally[Herero].hits == 0);
    CHECK(h.dice.exhausted());
  }
  SECTION("natural_one_hits: a 1 hits whatever the band") {
    h.sc.ruleset.natural_one_hits = true;
    h.u(Herero, 0).prone = true;
    h.dice.push({1, 0});
    fire_unit(c, g, true);
    CHECK(h.dice.calls[0].band == 1);
    CHECK(h.st.tally[Herero].hits == 1);
  }
  SECTION("the band never exceeds the die") {
    h.sc.ruleset.weapons[HereroRifle].bands = {30, 30, 30, 30};
    h.dice.push({1});  // every die hits: 5 hits, no pool drawn; 1 of the 5 casualties killed
    fire_unit(c, g, false);
    CHECK(h.dice.calls[0].band == 20);
    CHECK(h.st.tally[Herero].hits == 5);
    CHECK(h.u(German, 0).figures == 5);
  }
}

TEST_CASE("F-4: hits beyond the target's figures are lost; dice per figure", "[engine][firefight][F-4]") {
  auto sc = make_scenario();
  add_unit(sc, German, "MG", 3, 10, 10, Maxim);  // 3 dice per figure
  add_unit(sc, Herero, "H1", 2, 10, 20);
  Harness h(sc);
  h.setup();
  h.begin_turn(1);
  auto c = h.ctx();
  build_candidates(c);
  h.dice.push({5, 2});
  fire_unit(c, h.unit(German, 0), false);
  CHECK(h.dice.calls[0].n == 9);
  CHECK(h.dice.calls[0].band == 8);      // mauser-class bands on a class 1 target
  CHECK(h.dice.calls[1].n == 2);         // only 2 figures to lose
  CHECK(h.st.tally[German].hits == 5);   // dice that hit
  CHECK(h.st.tally[Herero].killed == 2);
  CHECK(h.st.tally[Herero].wounded == 0);
  CHECK(h.u(Herero, 0).figures == 0);
  CHECK(h.u(Herero, 0).out());
}

TEST_CASE("F-3: one card per unit that may fire; a card activates its side's unit with the most figures", "[engine][firefight][F-3]") {
  auto sc = make_scenario();
  add_unit(sc, Herero, "H1", 6, 10, 12);
  add_unit(sc, Herero, "H2", 8, 14, 10);
  add_unit(sc, Herero, "H3", 9, 40, 30);   // no target: its card may be drawn but cannot activate it
  add_unit(sc, German, "Z1", 10, 10, 20);
  Harness h(sc);
  h.setup();
  h.begin_turn(1);
  auto c = h.ctx();
  // The shuffle first: card 1 is index 0 of 4 (herero: indices 0..2), card 2 index 2 of 3 (german:
  // index 2 >= 2 herero cards left); then only herero cards are left and none is drawn.
  // Card 1: H2 (8 figures, has a target) fires, no hits. Card 2: Z1 fires at H1 (nearest), no hits.
  // Card 3: H1 fires. Then nobody is left to activate (H3 has no target): the last card is void.
  h.dice.push({0, 2, 0, 0, 0});
  fire_phase(c);
  const auto cards = h.dice.of("below", Purpose::Cards);
  REQUIRE(cards.size() == 2);
  CHECK(cards[0].n == 4);
  CHECK(cards[1].n == 3);
  CHECK(h.dice.calls[0].purpose == Purpose::Cards);
  CHECK(h.dice.calls[1].purpose == Purpose::Cards);
  const auto fire = h.dice.volleys();
  REQUIRE(fire.size() == 3);
  CHECK(fire[0].actor == static_cast<uint32_t>(h.unit(Herero, 1)));
  CHECK(fire[1].actor == static_cast<uint32_t>(h.unit(German, 0)));
  CHECK(fire[2].actor == static_cast<uint32_t>(h.unit(Herero, 0)));
  CHECK(h.dice.exhausted());
}

TEST_CASE("F-3: units broken, in melee or reloading get no card; casualties take effect at once", "[engine][firefight][F-3]") {
  auto sc = make_scenario();
  add_unit(sc, Herero, "H1", 4, 14, 10);   // 10.8" from Z1
  add_unit(sc, Herero, "H2", 8, 10, 12);   // 8": nearest to Z1
  add_unit(sc, Herero, "H3", 8, 30, 12);   // reloading
  add_unit(sc, Herero, "H4", 8, 34, 12);   // broken
  add_unit(sc, German, "Z1", 10, 10, 20);
  Harness h(sc);
  h.setup();
  h.begin_turn(1);
  h.u(Herero, 2).reload_turn = 1;
  h.u(Herero, 3).broken = h.u(Herero, 3).gone = true;
  auto c = h.ctx();
  // Deck: H1, H2 and Z1. Card 1 (index 2 of 3): german; the rest are herero (no draw). Z1 hits H2
  // twice (0 killed). Card 2: H2, down to 6 figures, still has more than H1 (4) and fires 6 dice;
  // then H1's card fires 4 dice.
  h.dice.push({2, 2, 0, 0, 0});
  fire_phase(c);
  const auto cards = h.dice.of("below", Purpose::Cards);
  REQUIRE(cards.size() == 1);
  CHECK(cards[0].n == 3);
  const auto fire = h.dice.volleys();
  REQUIRE(fire.size() == 3);
  CHECK(fire[1].actor == static_cast<uint32_t>(h.unit(Herero, 1)));
  CHECK(fire[1].n == 6);
  CHECK(fire[2].n == 4);
  CHECK(h.st.tally[Herero].reloading_fired == 0);
  CHECK(h.dice.exhausted());
}

TEST_CASE("F-3: a card that finds no unit to activate is void; a unit reduced to 0 figures does not fire", "[engine][firefight][F-3]") {
  auto sc = make_scenario();
  add_unit(sc, Herero, "H1", 2, 10, 12);
  add_unit(sc, German, "Z1", 10, 10, 20);
  Harness h(sc);
  h.setup();
  h.begin_turn(1);
  auto c = h.ctx();
  // Card 1: german (index 1 of 2); Z1 scores 2 hits, both killed: H1 is destroyed before its card.
  h.dice.push({1, 2, 2});
  fire_phase(c);
  CHECK(h.u(Herero, 0).out());
  CHECK(h.dice.volleys().size() == 1);
  CHECK(h.dice.exhausted());
}
