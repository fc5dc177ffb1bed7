// Schnellfeuer, clauses SF-A to SF-I of the seed, and the policies, with scripted dice.
#include "tests/engine/firefight/firefight_test_support.hpp"

#include <catch2/catch.hpp>

using namespace volley;
using namespace volley::firefight;
using namespace volley::firefight::testing;

namespace {

void fire(Harness& h, int turn) {
  h.begin_turn(turn);
  auto c = h.ctx();
  fire_phase(c);
}

// Step 0 (setup), the scripted dice, then the fire phase of turn 1: where most of these tests start.
void setup_and_fire(Harness& h, std::initializer_list<int> dice) {
  h.setup();
  h.dice.push(dice);
  fire(h, 1);
}

// Who fired a volley, how many dice, at what band: what these tests check of most volleys.
void check_volley(const DiceCall& volley, uint32_t actor, int n, int band) {
  INFO("the volley expected of actor " << actor);
  CHECK(volley.actor == actor);
  CHECK(volley.n == n);
  CHECK(volley.band == band);
}

FirefightScenario always_scenario() {
  auto sc = make_scenario(8);
  sc.sides[Herero].policy.when = WhenPolicy::Always;
  return sc;
}

// The herero in two subgroups, north (0) and south (1), the north one declaring (SF-I); the caller
// adds the units and decoys.
FirefightScenario north_declares_scenario() {
  auto sc = always_scenario();
  sc.sides[Herero].subgroups = {"north", "south"};
  sc.sides[Herero].policy.which = WhichPolicy::Subgroup;
  sc.sides[Herero].policy.subgroup = 0;
  return sc;
}

// N1 (north) and S1 (south), Z1 in reach of both: a group for each subgroup.
FirefightScenario n1_and_s1_against_z1(int z1_figures) {
  auto sc = north_declares_scenario();
  add_unit(sc, Herero, "N1", 8, 10, 10).subgroup = 0;
  add_unit(sc, Herero, "S1", 6, 20, 10).subgroup = 1;
  add_unit(sc, German, "Z1", z1_figures, 15, 18);
  return sc;
}

// Policy charge-after (SF-G): H1 with charge orders, Z1 20" ahead, within its charge reach.
FirefightScenario charge_after_scenario() {
  auto sc = always_scenario();
  sc.sides[Herero].policy.charge_after = true;
  add_unit(sc, Herero, "H1", 8, 10, 0).orders = Orders::Charge;
  add_unit(sc, German, "Z1", 10, 10, 20);
  return sc;
}

// H1 and H2 with Z1 in reach, hidden at the start: no herero unit has a target until Z1 fires.
FirefightScenario hidden_target_scenario() {
  auto sc = always_scenario();
  add_unit(sc, Herero, "H1", 8, 10, 10);
  add_unit(sc, Herero, "H2", 6, 12, 10);
  add_unit(sc, German, "Z1", 10, 10, 20).hidden = true;
  return sc;
}

// H1 with Z1 (one figure) in sight and reach, Z2 out of everyone's sight, and two herero decoys with
// no sight of either; the caller adds H2 (the unit under test).
FirefightScenario one_figure_target_scenario() {
  auto sc = always_scenario();
  add_unit(sc, Herero, "H1", 8, 10, 10);
  add_unit(sc, German, "Z1", 1, 10, 20);
  add_unit(sc, German, "Z2", 10, 40, 30);
  add_decoy(sc, Herero, "blank", 2, 1);
  add_decoy(sc, Herero, "blank", 3, 1);
  return sc;
}

}  // namespace

TEST_CASE("SF-A: the fast-fire side declares at its first firing card, for the whole force", "[engine][firefight][SF-A]") {
  auto sc = always_scenario();
  add_unit(sc, Herero, "H1", 8, 10, 10);
  add_unit(sc, Herero, "H2", 6, 30, 10).hidden = true;  // no target
  add_unit(sc, German, "Z1", 10, 10, 20);
  Harness h(sc);
  // Shuffle: herero, herero, german. Card 1 declares: H1 fires 16 dice at band 6 - 1; H2 has no
  // target and does not fire. Card 2 (herero) is void. Card 3: Z1 fires.
  setup_and_fire(h, {0, 0, 0});  // one Cards draw: herero cards first (the first of 3 orders)
  CHECK(h.st.tally[Herero].schnellfeuer == 1);
  const auto f = h.dice.volleys();
  REQUIRE(f.size() == 2);
  check_volley(f[0], h.actor(Herero, 0), 16, 5);
  CHECK(f[1].actor == h.actor(German, 0));
  CHECK(h.narr.text().find("declares schnellfeuer (SF-A) for the whole force") != std::string::npos);
  CHECK(h.dice.exhausted());
}

TEST_CASE("F-3: with hidden_fire = hold a card does not activate a hidden unit, but schnellfeuer still fires it",
          "[engine][firefight][F-3][SF-B]") {
  // The [assumed] "a hidden unit with a target always fires when picked" as a side policy. H1 is
  // hidden with Z1 in reach and sight, 8" away (beyond spot_range: it stays a marker); Z1 has a
  // target only once H1 is revealed. The deck holds H1's and Z1's cards, herero's first.
  auto sc = make_scenario(8);
  sc.sides[Herero].hidden_fire = HiddenFire::Hold;
  add_unit(sc, Herero, "H1", 8, 10, 10).hidden = true;
  add_unit(sc, German, "Z1", 10, 10, 18);
  SECTION("always (the default): H1's card activates it; it fires and is revealed, and Z1 fires back") {
    sc.sides[Herero].hidden_fire = HiddenFire::Always;
    Harness h(sc);
    setup_and_fire(h, {deck_rank({Herero, German}), 0, 0});  // H1, then Z1: no hits
    const auto f = h.dice.volleys();
    REQUIRE(f.size() == 2);
    CHECK(f[0].actor == h.actor(Herero, 0));
    CHECK(f[0].n == 8);
    CHECK(f[1].actor == h.actor(German, 0));
    CHECK_FALSE(h.u(Herero, 0).hidden);
    CHECK(h.dice.exhausted());
  }
  SECTION("hold, no schnellfeuer: H1's card is void, it stays hidden, and Z1 finds no target") {
    Harness h(sc);
    setup_and_fire(h, {deck_rank({Herero, German})});
    CHECK(h.dice.volleys().empty());
    CHECK(h.u(Herero, 0).hidden);
    CHECK(h.dice.exhausted());
  }
  SECTION("hold, schnellfeuer policy always: the first herero card declares and H1 must fire (SF-B)") {
    sc.sides[Herero].policy.when = WhenPolicy::Always;
    // Z1 gets a 6" weapon: no unit has a target a card could activate, and only the held H1, which a
    // schnellfeuer would fire, keeps the deck turning until the first herero card.
    sc.ruleset.weapons.push_back({"pistol", to_coord(6), 1, {8, 6, 4, 4}});
    sc.sides[German].units[0].weapon = static_cast<int>(sc.ruleset.weapons.size()) - 1;
    Harness h(sc);
    setup_and_fire(h, {deck_rank({German, Herero}), 0});  // Z1's card is void; then H1's: 16 dice, no hits
    CHECK(h.st.tally[Herero].schnellfeuer == 1);
    REQUIRE(h.dice.volleys().size() == 1);
    CHECK(h.dice.volleys()[0].actor == h.actor(Herero, 0));
    CHECK(h.dice.volleys()[0].n == 16);
    CHECK_FALSE(h.u(Herero, 0).hidden);  // SF-C
    CHECK(h.dice.exhausted());
  }
}

TEST_CASE("SF-A: no declaration without a target in the group; policies never, turns and min-targets", "[engine][firefight][SF-A]") {
  auto sc = always_scenario();
  add_unit(sc, Herero, "H1", 8, 10, 10);
  add_unit(sc, Herero, "H2", 6, 12, 10);
  add_unit(sc, German, "Z1", 10, 10, 20);
  SECTION("no unit of the group has a target: no declaration") {
    sc.sides[German].units[0].hidden = true;
    Harness h(sc);
    setup_and_fire(h, {0, 0});  // shuffle: herero, herero, german; the herero cards are void; Z1 fires
    CHECK(h.st.tally[Herero].schnellfeuer == 0);
    CHECK(h.narr.text().find("no unit of the group has a target") != std::string::npos);
  }
  SECTION("never: normal fire only") {
    sc.sides[Herero].policy.when = WhenPolicy::Never;
    Harness h(sc);
    setup_and_fire(h, {0, 0, 0, 0});  // herero, herero, german; H1 8 dice, H2 6 dice, Z1
    CHECK(h.st.tally[Herero].schnellfeuer == 0);
    const auto f = h.dice.volleys();
    REQUIRE(f.size() == 3);
    CHECK(f[0].n == 8);
    CHECK(f[0].band == 6);
  }
  SECTION("turns:[2]: not in turn 1, in turn 2") {
    sc.sides[Herero].policy.when = WhenPolicy::Turns;
    sc.sides[Herero].policy.turns = {0, 0, 1, 0, 0, 0, 0, 0, 0};
    Harness h(sc);
    setup_and_fire(h, {0, 0, 0, 0});
    CHECK(h.st.tally[Herero].schnellfeuer == 0);
    h.dice.push({0, 0, 0, 0});  // turn 2: herero card declares (H1 16, H2 12 dice), then Z1
    fire(h, 2);
    CHECK(h.st.tally[Herero].schnellfeuer == 1);
    CHECK(h.dice.exhausted());
  }
  SECTION("min-targets:3 with two units with a target: none; min-targets:2: declared; alone and with range:12") {
    for (const int64_t range_squared : {int64_t{-1}, int64_t{to_coord(12)} * to_coord(12)}) {
      auto with = sc;
      with.sides[Herero].policy.when = WhenPolicy::MinTargets;
      with.sides[Herero].policy.min_targets = 3;
      with.sides[Herero].policy.range_squared = range_squared;
      Harness h(with);
      setup_and_fire(h, {0, 0, 0, 0});
      CHECK(h.st.tally[Herero].schnellfeuer == 0);
      h.sc.sides[Herero].policy.min_targets = 2;
      h.dice.push({0, 0, 0, 0});
      fire(h, 3);
      CHECK(h.st.tally[Herero].schnellfeuer == 1);
    }
  }
}

TEST_CASE("SF-A policy range:R: declared only when the group's nearest target is within R inches", "[engine][firefight][SF-A]") {
  auto sc = always_scenario();
  add_unit(sc, Herero, "H1", 8, 10, 10);  // 10" from Z1: the group's nearest target
  add_unit(sc, Herero, "H2", 6, 12, 10);  // sqrt(104) = 10.2" from Z1
  add_unit(sc, German, "Z1", 10, 10, 20);
  const auto range = [](double inches) { return int64_t{to_coord(inches)} * to_coord(inches); };
  SECTION("range:9.9: the nearest target is beyond it, no declaration; range:10: declared") {
    sc.sides[Herero].policy.range_squared = range(9.9);
    Harness h(sc);
    setup_and_fire(h, {0, 0, 0, 0});  // herero, herero, german; H1 8 dice, H2 6 dice, Z1: normal fire
    CHECK(h.st.tally[Herero].schnellfeuer == 0);
    CHECK(h.narr.text().find("nearest target is beyond the policy's range") != std::string::npos);
    REQUIRE(h.dice.volleys().size() == 3);
    CHECK(h.dice.volleys()[0].n == 8);
    h.sc.sides[Herero].policy.range_squared = range(10);
    h.dice.push({0, 0, 0, 0});  // turn 3: herero card declares (H1 16, H2 12 dice), then Z1
    fire(h, 3);
    CHECK(h.st.tally[Herero].schnellfeuer == 1);
  }
}

TEST_CASE("SF-B: every unit of the group with a target fires, in index order, twice its dice at -1; a fallen target is replaced",
          "[engine][firefight][SF-B]") {
  auto sc = always_scenario();
  add_unit(sc, Herero, "H1", 8, 10, 10);
  add_unit(sc, Herero, "H2", 6, 12, 10);
  add_unit(sc, German, "Z1", 3, 10, 18);   // nearest to both
  add_unit(sc, German, "Z2", 10, 20, 18);  // 11.3" from H2, 12.8" from H1
  Harness h(sc);
  // Shuffle: herero, german, herero, german. Card 1: schnellfeuer: H1 (16
  // dice) scores 3 on Z1 (1 killed): Z1 is destroyed; H2 takes Z2 (12 dice), no hits. Card 2: Z2
  // fires at H2. Card 3: void (the group fired). Card 4: Z1 is gone: void.
  setup_and_fire(h, {deck_rank({Herero, German, Herero, German}), 3, 1, 0, 0});
  const auto f = h.dice.volleys();
  REQUIRE(f.size() == 3);
  check_volley(f[0], h.actor(Herero, 0), 16, 5);
  check_volley(f[1], h.actor(Herero, 1), 12, 5);
  CHECK(h.narr.text().find("schnellfeuer: herero H2 (6 figures) at german Z2") != std::string::npos);
  CHECK(f[2].actor == h.actor(German, 1));
  CHECK(h.u(German, 0).out());
  CHECK(h.dice.exhausted());
}

TEST_CASE("SF-C: a hidden unit that fires is revealed", "[engine][firefight][SF-C]") {
  auto sc = always_scenario();
  add_unit(sc, Herero, "H1", 8, 10, 10).hidden = true;
  add_unit(sc, German, "Z1", 10, 10, 18);
  SECTION("by schnellfeuer: it counts as revealed by that schnellfeuer (SF-F)") {
    Harness h(sc);
    h.setup();
    REQUIRE(h.u(Herero, 0).hidden);
    h.dice.push({0, 0, 0});
    fire(h, 1);
    CHECK_FALSE(h.u(Herero, 0).hidden);
    CHECK(h.u(Herero, 0).sf_revealed_turn == 1);
  }
  SECTION("by normal fire too (F-5)") {
    sc.sides[Herero].policy.when = WhenPolicy::Never;
    Harness h(sc);
    setup_and_fire(h, {0, 0, 0});
    CHECK_FALSE(h.u(Herero, 0).hidden);
    CHECK(h.u(Herero, 0).sf_revealed_turn == 0);
  }
}

TEST_CASE("SF-D: afterwards every other hidden unit and decoy of the group is revealed; decoys are removed", "[engine][firefight][SF-D]") {
  auto sc = always_scenario();
  sc.visibility = to_coord(20);
  add_unit(sc, Herero, "H1", 8, 10, 10).hidden = true;           // fires
  add_unit(sc, Herero, "H2", 8, 10, 3, OldRifle).hidden = true;  // 15" from Z1: sight, no target in range
  add_decoy(sc, Herero, "blank", 30, 12);
  add_unit(sc, German, "Z1", 10, 10, 18);
  Harness h(sc);
  // n = 2 units + 1 decoy = 3: SF-H keeps none. Shuffle herero, herero, german; H1; Z1.
  setup_and_fire(h, {0, 0, 0});
  CHECK_FALSE(h.u(Herero, 1).hidden);
  CHECK(h.u(Herero, 1).sf_revealed_turn == 1);
  CHECK(h.alive_decoys(Herero) == 0);
  CHECK(h.st.tally[Herero].revealed_by_sf_d == 2);
  CHECK(h.st.tally[Herero].kept_hidden_sf_h == 0);
}

TEST_CASE("SF-E: the group fires no more this phase and gets no card in the next turn", "[engine][firefight][SF-E]") {
  auto sc = always_scenario();
  add_unit(sc, Herero, "H1", 8, 10, 10);
  add_unit(sc, Herero, "H2", 8, 30, 10).hidden = true;  // its target Z2 is hidden at first
  add_unit(sc, German, "Z1", 10, 10, 20);
  add_unit(sc, German, "Z2", 10, 30, 20).hidden = true;
  Harness h(sc);
  // Shuffle herero, german, german, herero. Card 1: schnellfeuer by H1; H2 (no target) is revealed
  // (SF-D). Cards 2, 3: Z1 fires at H1, Z2 fires at H2 and is revealed: H2 now has a target, but
  // its group is spent: H2 never fires this turn.
  setup_and_fire(h, {deck_rank({Herero, German, German, Herero}), 0, 0, 0});
  for (const auto& call : h.dice.volleys()) CHECK(call.actor != h.actor(Herero, 1));
  CHECK_FALSE(h.u(German, 1).hidden);
  CHECK(h.u(Herero, 0).reload_turn == 2);
  CHECK(h.u(Herero, 1).reload_turn == 2);
  // Turn 2: the deck holds the two German cards only (no shuffle draw is needed).
  const size_t before = h.dice.calls.size();
  h.dice.push({0, 0});
  fire(h, 2);
  for (size_t i = before; i < h.dice.calls.size(); ++i) {
    CHECK(h.dice.calls[i].purpose != Purpose::Cards);
    CHECK(h.dice.calls[i].actor >= h.actor(German, 0));
  }
  CHECK(h.narr.text().find("deck of 0 herero and 2 german cards") != std::string::npos);
  CHECK(h.st.tally[Herero].reloading_fired == 0);
  CHECK(h.dice.exhausted());
}

TEST_CASE("SF-F: in its reload turn a unit revealed by schnellfeuer may re-conceal with blanks", "[engine][firefight][SF-F]") {
  Harness h(h1_against_z1({8, 10, 10}, {10, 10, 20}, always_scenario()));
  h.setup();
  auto revealed_by_sf = [&] {
    UnitState& u = h.u(Herero, 0);
    u.hidden = false;
    u.sf_revealed_turn = 1;
    u.reload_turn = 2;
  };
  auto reconceal_in_turn_2 = [&] {
    auto c = h.ctx();
    reconceal(c);
  };
  SECTION("it did not move, is not in melee, no enemy within spot_range: hidden again, 3 markers") {
    revealed_by_sf();
    h.begin_turn(2);
    reconceal_in_turn_2();
    CHECK(h.u(Herero, 0).hidden);
    CHECK(h.alive_decoys(Herero) == 2);
    CHECK(h.st.decoys[Herero][0].pos == at(10, 10));
    CHECK(h.st.tally[Herero].reconcealed == 1);
  }
  SECTION("reconceal_blanks = 2: one decoy beside it") {
    h.sc.sides[Herero].policy.reconceal_blanks = 2;
    revealed_by_sf();
    h.begin_turn(2);
    reconceal_in_turn_2();
    CHECK(h.alive_decoys(Herero) == 1);
  }
  SECTION("not if it moved") {
    revealed_by_sf();
    h.begin_turn(2);
    h.u(Herero, 0).moved = true;
    reconceal_in_turn_2();
    CHECK_FALSE(h.u(Herero, 0).hidden);
  }
  SECTION("not with an enemy unit within spot_range") {
    revealed_by_sf();
    h.begin_turn(2);
    h.u(German, 0).pos = at(10, 15);
    h.u(German, 0).moved = true;
    auto c = h.ctx();
    refresh_geometry(c, false);
    reconceal_in_turn_2();
    CHECK_FALSE(h.u(Herero, 0).hidden);
  }
  SECTION("not outside its reload turn, nor when the policy says no") {
    revealed_by_sf();
    h.begin_turn(3);
    reconceal_in_turn_2();
    CHECK_FALSE(h.u(Herero, 0).hidden);
    h.sc.sides[Herero].policy.reconceal = false;
    h.begin_turn(2);
    reconceal_in_turn_2();
    CHECK_FALSE(h.u(Herero, 0).hidden);
  }
  SECTION("not a unit revealed by normal fire") {
    h.u(Herero, 0).hidden = false;
    h.begin_turn(2);
    reconceal_in_turn_2();
    CHECK_FALSE(h.u(Herero, 0).hidden);
  }
}

TEST_CASE("SF-G: reloading units may still move and charge; charge-after charges only in the reload turn", "[engine][firefight][SF-G]") {
  auto sc = charge_after_scenario();
  Harness h(sc);
  h.setup();
  SECTION("in its reload turn it charges") {
    h.u(Herero, 0).reload_turn = 2;
    h.begin_turn(2);
    h.dice.push({4, 4, 4, 3});  // 15": short
    auto c = h.ctx();
    movement_phase(c);
    CHECK(h.dice.of("die", Purpose::Charge).size() == 4);
    CHECK(h.u(Herero, 0).pos == at(10, 15));
  }
  SECTION("outside it, with charge-after, it advances instead (it has no target at 20\")") {
    h.begin_turn(2);
    h.dice.push({3, 3, 3});  // 9": stops at the first point in reach, 12" from Z1 (8")
    auto c = h.ctx();
    movement_phase(c);
    CHECK(h.dice.of("die", Purpose::Charge).empty());
    CHECK(h.u(Herero, 0).pos == at(10, 8));
  }
}

TEST_CASE("SF-H: up to min(3, n/4) markers without sight of the enemy stay hidden: forces of 3, 4, 12 and 20",
          "[engine][firefight][SF-H]") {
  const auto [markers, kept] = GENERATE(table<int, int>({{3, 0}, {4, 1}, {12, 3}, {20, 3}}));
  CAPTURE(markers);
  auto sc = h1_against_z1({8, 10, 10}, {10, 10, 20}, always_scenario());
  for (int k = 1; k < markers; ++k) add_decoy(sc, Herero, "blank " + std::to_string(k), 2 * k, 1);
  Harness h(sc);
  setup_and_fire(h, {0, 0, 0});
  CHECK(h.st.tally[Herero].kept_hidden_sf_h == kept);
  CHECK(h.alive_decoys(Herero) == kept);
  CHECK(h.st.tally[Herero].revealed_by_sf_d == markers - 1 - kept);
}

TEST_CASE("SF-H: real units first, then farthest from the nearest enemy unit; kept units fire normally next turn",
          "[engine][firefight][SF-H]") {
  auto sc = always_scenario();
  add_unit(sc, Herero, "H1", 8, 10, 10);
  add_unit(sc, Herero, "H2", 8, 40, 2).hidden = true;  // no sight of Z1
  add_unit(sc, Herero, "H3", 6, 30, 1).hidden = true;  // no sight, nearer than H2
  add_unit(sc, German, "Z1", 10, 10, 20);
  // 9 decoys: n = 3 units + 9 = 12, keep 3. The farthest decoy is at (47, 0).
  for (int k = 0; k < 8; ++k) add_decoy(sc, Herero, "blank " + std::to_string(k), 2 + k, 1);
  add_decoy(sc, Herero, "far blank", 47, 0);
  SECTION("units first") {
    Harness h(sc);
    setup_and_fire(h, {0, 0, 0});  // shuffle: 3 herero cards first; H1 (schnellfeuer); Z1
    CHECK(h.u(Herero, 1).hidden);
    CHECK(h.u(Herero, 2).hidden);
    REQUIRE(h.alive_decoys(Herero) == 1);
    int alive = -1;
    for (int d = 0; d < h.st.decoy_count[Herero]; ++d)
      if (h.st.decoys[Herero][d].alive) alive = d;
    CHECK(h.st.decoys[Herero][alive].label == 8);  // the far blank
    CHECK(h.u(Herero, 1).reload_turn == 0);        // exempt from SF-E
    CHECK(h.u(Herero, 0).reload_turn == 2);
    // Turn 2: H2 has come within reach of Z1 (placed there): it fires normally, 8 dice at band 6.
    h.u(Herero, 1).pos = at(12, 12);
    h.u(Herero, 1).hidden = false;
    h.u(Herero, 1).moved = true;
    h.begin_turn(2);
    h.u(Herero, 1).moved = true;
    auto c = h.ctx();
    refresh_geometry(c, false);
    // Shuffle herero, herero, german; H2 fires (SF-I forbids a declaration in turn 2); Z1.
    h.dice.push({0, 0, 0});
    fire_phase(c);
    const auto f = h.dice.volleys();
    REQUIRE(f.size() == 4);
    check_volley(f[2], h.actor(Herero, 1), 8, 6);
  }
  SECTION("farthest first, units and decoys together") {
    sc.sides[Herero].policy.keep_hidden = KeepHiddenChoice::Farthest;
    Harness h(sc);
    setup_and_fire(h, {0, 0, 0});
    // Distances to Z1 (10, 20): far blank 41.2", H2 35.1", H3 27.7", blank 7 (9, 1) 19.0".
    CHECK(h.u(Herero, 1).hidden);
    CHECK(h.u(Herero, 2).hidden);
    CHECK(h.alive_decoys(Herero) == 1);
  }
  SECTION("none: the policy never keeps any") {
    sc.sides[Herero].policy.keep_hidden = KeepHiddenChoice::None;
    Harness h(sc);
    setup_and_fire(h, {0, 0, 0});
    CHECK_FALSE(h.u(Herero, 1).hidden);
    CHECK(h.alive_decoys(Herero) == 0);
  }
}

TEST_CASE("SF-H: farthest ties within tie_distance go to the lower index", "[engine][firefight][SF-H]") {
  // docs/rules.md F-4 "Measuring", for SF-H: H2 is 20" from Z1, H3 (the higher index) 20.2" or 20.3";
  // neither has sight of Z1. n = 3 units + 1 decoy = 4: one marker stays hidden, a real unit first.
  const auto kept_with_h3_at = [](double distance) {
    auto sc = always_scenario();
    add_unit(sc, Herero, "H1", 8, 10, 10);
    add_unit(sc, Herero, "H2", 8, 30, 20).hidden = true;
    add_unit(sc, Herero, "H3", 8, 10 + distance, 20).hidden = true;
    add_unit(sc, German, "Z1", 10, 10, 20);
    add_decoy(sc, Herero, "blank", 40, 2);
    Harness h(sc);
    setup_and_fire(h, {0, 0, 0});  // shuffle: the herero cards first; H1 (schnellfeuer) scores nothing
    REQUIRE(h.st.tally[Herero].kept_hidden_sf_h == 1);
    CHECK(h.u(Herero, 1).hidden != h.u(Herero, 2).hidden);
    return h.u(Herero, 1).hidden ? 2 : 3;
  };
  CHECK(kept_with_h3_at(20.2) == 2);  // a tie: the lower index
  CHECK(kept_with_h3_at(20.3) == 3);  // told apart: the farther
}

TEST_CASE("SF-H and SF-I: n counts the declaring subgroup only; other subgroups stay as they are", "[engine][firefight][SF-H][SF-I]") {
  auto sc = north_declares_scenario();
  add_unit(sc, Herero, "N1", 8, 10, 10).subgroup = 0;
  for (int k = 0; k < 3; ++k) add_decoy(sc, Herero, "north blank", 2 + 2 * k, 1, 0);  // n = 4: keep 1
  auto& s1 = add_unit(sc, Herero, "S1", 8, 45, 2);
  s1.subgroup = 1;
  s1.hidden = true;
  for (int k = 0; k < 8; ++k) add_decoy(sc, Herero, "south blank", 30 + k, 1, 1);
  add_unit(sc, German, "Z1", 10, 10, 20);
  Harness h(sc);
  setup_and_fire(h, {0, 0, 0});  // herero, herero, german; N1; Z1
  CHECK(h.st.tally[Herero].kept_hidden_sf_h == 1);
  CHECK(h.st.tally[Herero].revealed_by_sf_d == 2);
  CHECK(h.u(Herero, 1).hidden);  // the south subgroup is not revealed
  CHECK(h.u(Herero, 1).reload_turn == 0);
  int south = 0;
  for (int d = 0; d < h.st.decoy_count[Herero]; ++d) south += h.st.decoys[Herero][d].alive && h.st.decoys[Herero][d].subgroup == 1;
  CHECK(south == 8);
}

TEST_CASE("SF-I: one subgroup declares on the first card; the other fires normally on a later card", "[engine][firefight][SF-I]") {
  Harness h(n1_and_s1_against_z1(10));
  setup_and_fire(h, {0, 0, 0, 0});  // herero, herero, german; N1 16 dice; S1 6 dice; Z1
  const auto f = h.dice.volleys();
  REQUIRE(f.size() == 3);
  CHECK(f[0].actor == h.actor(Herero, 0));
  CHECK(f[0].n == 16);
  check_volley(f[1], h.actor(Herero, 1), 6, 6);
  CHECK(h.u(Herero, 0).reload_turn == 2);
  CHECK(h.u(Herero, 1).reload_turn == 0);
  CHECK(h.narr.text().find("for subgroup north") != std::string::npos);
}

TEST_CASE("SF-I: never two turns in a row, for any subgroup: a declaration attempt in two consecutive turns", "[engine][firefight][SF-I]") {
  Harness h(n1_and_s1_against_z1(30));
  setup_and_fire(h, {0, 0, 0, 0});
  REQUIRE(h.st.tally[Herero].schnellfeuer == 1);
  // Turn 2: the player now wants the south subgroup to declare: refused, S1 fires normally.
  h.sc.sides[Herero].policy.subgroup = 1;
  h.sc.finalize();
  h.dice.push({0, 0, 0});  // herero (S1 alone: N1 reloads), german
  fire(h, 2);
  CHECK(h.st.tally[Herero].schnellfeuer == 1);
  CHECK(h.narr.text().find("declared last turn (SF-I)") != std::string::npos);
  const auto f = h.dice.volleys();
  CHECK(f[f.size() - 2].n == 6);  // S1: normal dice
  // Turn 3: allowed again (now for the south subgroup: S1 12 dice; N1 fires normally).
  h.dice.push({0, 0, 0, 0});
  fire(h, 3);
  CHECK(h.st.tally[Herero].schnellfeuer == 2);
  CHECK(h.st.tally[Herero].consecutive_declarations == 0);
  CHECK(h.dice.exhausted());
}

TEST_CASE("SF-H: sight of a hidden enemy unit counts too; units that fired are not eligible", "[engine][firefight][SF-H]") {
  auto sc = always_scenario();
  add_unit(sc, Herero, "H1", 8, 10, 10).hidden = true;  // fires: revealed (SF-C), not eligible
  add_unit(sc, Herero, "H2", 8, 40, 2).hidden = true;   // 9" from the hidden Z2: it has sight of it
  add_unit(sc, German, "Z1", 10, 10, 20);
  add_unit(sc, German, "Z2", 10, 40, 11).hidden = true;
  for (int k = 0; k < 6; ++k) add_decoy(sc, Herero, "blank " + std::to_string(k), 2 + k, 1);  // n = 8: keep 2
  Harness h(sc);
  // Shuffle: herero, herero, german, german. H1 fires (schnellfeuer); H2's only candidate Z2 is
  // hidden: no fire. Z1 fires at H1; Z2 has H2 in reach and fires (it is revealed by then).
  setup_and_fire(h, {0, 0, 0, 0});
  CHECK(h.dice.exhausted());
  CHECK_FALSE(h.u(Herero, 0).hidden);
  CHECK_FALSE(h.u(Herero, 1).hidden);  // revealed by SF-D despite room for 2: it has sight of Z2
  CHECK(h.alive_decoys(Herero) == 2);  // two decoys kept instead
  CHECK(h.st.tally[Herero].kept_hidden_sf_h == 2);
}

TEST_CASE("SF-B, SF-E, SF-H: units in melee or broken do not fire schnellfeuer but reload; n counts units in action only",
          "[engine][firefight][SF-B][SF-E][SF-H]") {
  // Found by mutation testing: letting broken or in-melee units fire, sparing in-melee units the
  // reload, and counting broken units in n each survived every other test.
  auto sc = always_scenario();
  add_unit(sc, Herero, "H1", 8, 10, 10);
  add_unit(sc, Herero, "H2", 8, 12, 10);               // in melee (below): Z1 in sight, but may not fire
  add_unit(sc, Herero, "H3", 8, 14, 10);               // broken (below): out of action
  add_unit(sc, Herero, "H4", 8, 40, 2).hidden = true;  // no sight of Z1: could stay hidden if n were 4
  add_unit(sc, German, "Z1", 10, 10, 20);
  Harness h(sc);
  h.setup();
  h.u(Herero, 1).in_melee = true;
  h.u(Herero, 2).broken = h.u(Herero, 2).gone = true;
  // Cards: H1 and H4 (herero), Z1. Card 1: schnellfeuer, H1 alone fires (16 dice, no hits); card 2:
  // void (the group is spent); card 3: Z1 at H1 (H2 is in melee), no hits.
  h.dice.push({deck_rank({Herero, Herero, German}), 0, 0});
  fire(h, 1);
  const auto f = h.dice.volleys();
  REQUIRE(f.size() == 2);
  CHECK(f[0].actor == h.actor(Herero, 0));
  CHECK(f[0].n == 16);
  CHECK(f[1].actor == h.actor(German, 0));
  CHECK(h.dice.exhausted());
  // SF-E: the whole group reloads, the unit in melee and the broken one included.
  for (int k = 0; k < 4; ++k) CHECK(h.u(Herero, k).reload_turn == 2);
  // SF-H: n = 3 (H1, H2, H4: H3 is broken), 3 / 4 = 0 kept: H4 is revealed (SF-D).
  CHECK(h.st.tally[Herero].kept_hidden_sf_h == 0);
  CHECK_FALSE(h.u(Herero, 3).hidden);
}

TEST_CASE(
    "SF-A: german cards before the first herero card: the declaration comes at the first herero card, at a german unit revealed by its own "
    "fire",
    "[engine][firefight][SF-A]") {
  Harness h(hidden_target_scenario());
  // Shuffle: german, herero, herero. Card 1: Z1 fires at H1 (no hits) and is revealed. Card 2, the
  // first herero card: schnellfeuer, H1 16 dice and H2 12 dice at Z1, band 6 - 1. Card 3: void.
  setup_and_fire(h, {deck_rank({German, Herero, Herero}), 0, 0, 0});
  CHECK(h.st.tally[Herero].schnellfeuer == 1);
  const auto f = h.dice.volleys();
  REQUIRE(f.size() == 3);
  CHECK(f[0].actor == h.actor(German, 0));
  check_volley(f[1], h.actor(Herero, 0), 16, 5);
  CHECK(f[2].actor == h.actor(Herero, 1));
  CHECK(f[2].n == 12);
  CHECK(h.u(Herero, 0).reload_turn == 2);
  CHECK(h.u(Herero, 1).reload_turn == 2);
  CHECK(h.dice.exhausted());
}

TEST_CASE("SF-A: a first herero card with no target in the group declares nothing; no later card of the phase declares",
          "[engine][firefight][SF-A]") {
  Harness h(hidden_target_scenario());
  // Shuffle: herero, german, herero. Card 1: Z1 is hidden, no herero unit has a target: no
  // declaration, void. Card 2: Z1 fires at H1 and is revealed. Card 3: normal fire, H1 (the most
  // figures) 8 dice at band 6; no declaration.
  setup_and_fire(h, {deck_rank({Herero, German, Herero}), 0, 0});
  CHECK(h.st.tally[Herero].schnellfeuer == 0);
  const auto f = h.dice.volleys();
  REQUIRE(f.size() == 2);
  CHECK(f[0].actor == h.actor(German, 0));
  check_volley(f[1], h.actor(Herero, 0), 8, 6);
  CHECK(h.u(Herero, 0).reload_turn == 0);
  CHECK(h.dice.exhausted());
}

TEST_CASE(
    "SF-F through the turn sequence: a unit revealed by schnellfeuer that holds re-conceals in its reload turn; one that moves does not",
    "[engine][firefight][SF-F]") {
  auto sc = always_scenario();
  add_unit(sc, Herero, "H1", 8, 10, 10).hidden = true;  // fires: SF-C
  add_unit(sc, Herero, "H2", 8, 40, 10).hidden = true;  // no sight: SF-D (n = 2)
  sc.sides[Herero].units[1].orders = Orders::Advance;
  add_unit(sc, German, "Z1", 10, 10, 22);
  Harness h(sc);
  // Turn 1, fire only: herero, herero, german. Schnellfeuer: H1 fires (revealed, SF-C), H2 is
  // revealed by SF-D; Z1 fires at H1. No hits.
  setup_and_fire(h, {0, 0, 0});
  REQUIRE(h.u(Herero, 0).sf_revealed_turn == 1);
  REQUIRE(h.u(Herero, 1).sf_revealed_turn == 1);
  // Turn 2, the reload turn, through play_turn: H2 advances 9" (3d6 = 3, 3, 3); H1 holds and
  // re-conceals, 3 markers at its place (itself and 2 blanks). Z1's only possible target is now
  // hidden: its card is void, no dice.
  h.dice.push({3, 3, 3});
  CHECK_FALSE(h.turn(2));
  CHECK(h.u(Herero, 0).hidden);
  CHECK_FALSE(h.u(Herero, 1).hidden);
  CHECK(h.st.tally[Herero].reconcealed == 1);
  REQUIRE(h.alive_decoys(Herero) == 2);
  for (int d = 0; d < h.st.decoy_count[Herero]; ++d) CHECK(h.st.decoys[Herero][d].pos == at(10, 10));
  CHECK(h.narr.text().find("re-conceal (SF-F): herero H1 hides again; 3 markers") != std::string::npos);
  CHECK(h.st.tally[Herero].reloading_fired == 0);
  CHECK(h.dice.exhausted());
}

TEST_CASE("SF-G: a unit that charges in its reload turn still reloads: it fires the turn after", "[engine][firefight][SF-G]") {
  auto sc = charge_after_scenario();
  Harness h(sc);
  h.setup();
  // It declared in turn 1 (SF-A) and reloads in turn 2.
  h.u(Herero, 0).reload_turn = 2;
  h.st.tally[Herero].last_declaration = 1;
  h.st.turn = 1;
  // Turn 2: it charges (4d6 = 15": short of 20", it halts at (10, 15)); no herero card; Z1 fires
  // at it (deck of one side: no shuffle draw), no hits.
  h.dice.push({4, 4, 4, 3, 0});
  CHECK_FALSE(h.turn(2));
  CHECK(h.u(Herero, 0).pos == at(10, 15));
  CHECK(h.narr.text().find("deck of 0 herero and 1 german cards") != std::string::npos);
  // Turn 3: reloaded. With charge-after it does not charge outside its reload turn; it has a
  // target, so it does not move; SF-I allows a declaration again: schnellfeuer, 16 dice.
  const size_t before = h.dice.volleys().size();
  h.dice.push({deck_rank({Herero, German}), 0, 0});
  CHECK_FALSE(h.turn(3));
  const auto f = h.dice.volleys();
  REQUIRE(f.size() == before + 2);
  CHECK(f[before].actor == h.actor(Herero, 0));
  CHECK(f[before].n == 16);
  CHECK(h.st.tally[Herero].schnellfeuer == 1);
  CHECK(h.st.tally[Herero].reloading_fired == 0);
  CHECK(h.dice.exhausted());
}

TEST_CASE("SF-H: a unit whose only target fell before its turn stays hidden with sfh_sight = reveal and is revealed with declaration",
          "[engine][firefight][SF-H][SF-D]") {
  // Seed D and H: SF-D reveals the still-hidden units "after all Herero units that have line of
  // sight have fired", and SF-H exempts those with no line of sight then. H2 sees Z1 at the
  // declaration, but H1's fire destroys Z1 before H2's turn to fire: H2 fires nothing, and when SF-D
  // reveals it has no sight of any German unit in action (Z2 is out of sight).
  auto sc = one_figure_target_scenario();
  add_unit(sc, Herero, "H2", 8, 12, 9).hidden = true;  // Z1 in sight and reach
  const auto play = [](FirefightScenario scenario, SfhSight when) {
    scenario.sides[Herero].policy.sfh_sight = when;
    Harness h(scenario);
    // n = 4: one marker may stay hidden. Shuffle: herero, herero, german, german. Card 1:
    // schnellfeuer, H1 scores 1 hit on Z1 (1 figure): destroyed, wounded; H2 has no target left.
    // Z2 has no target.
    setup_and_fire(h, {deck_rank({Herero, Herero, German, German}), 1, 0});
    REQUIRE(h.u(German, 0).out());
    CHECK(h.st.tally[Herero].kept_hidden_sf_h == 1);
    CHECK(h.dice.exhausted());
    return h;
  };
  SECTION("reveal (the default): judged after the group's fire, H2 is a real unit with no sight: it stays hidden") {
    REQUIRE(FirefightScenario{}.sides[Herero].policy.sfh_sight == SfhSight::Reveal);
    const Harness h = play(sc, SfhSight::Reveal);
    CHECK(h.st.units[h.unit(Herero, 1)].hidden);
    CHECK(h.st.units[h.unit(Herero, 1)].reload_turn != 2);  // exempt from SF-E
    CHECK(h.alive_decoys(Herero) == 0);                     // both decoys revealed (SF-D)
  }
  SECTION("declaration: judged before the fire, H2 had sight of a German target: revealed, and it reloads") {
    const Harness h = play(sc, SfhSight::Declaration);
    CHECK_FALSE(h.st.units[h.unit(Herero, 1)].hidden);  // SF-D
    CHECK(h.st.units[h.unit(Herero, 1)].sf_revealed_turn == 1);
    CHECK(h.st.units[h.unit(Herero, 1)].reload_turn == 2);  // SF-E
    CHECK(h.alive_decoys(Herero) == 1);                     // a decoy stays hidden instead
  }
}

TEST_CASE("SF-H, SF-E: a unit revealed before the declaration is not kept hidden, sight or none, and reloads",
          "[engine][firefight][SF-H][SF-E]") {
  // Seed H spares markers that "need not be revealed"; H2 was revealed before the declaration (by
  // its own fire in an earlier turn), so although it has no sight of a German target it is not one
  // of them: it reloads with the rest, and a decoy is kept hidden instead.
  auto sc = one_figure_target_scenario();
  add_unit(sc, Herero, "H2", 8, 40, 2);  // revealed; no German in sight
  Harness h(sc);
  h.setup();
  REQUIRE_FALSE(h.u(Herero, 1).hidden);
  // n = 4: one marker may stay hidden. Shuffle: herero, herero, german, german. Card 1:
  // schnellfeuer, H1 scores 1 hit on Z1 (1 figure): destroyed, wounded. The german cards are void.
  h.dice.push({deck_rank({Herero, Herero, German, German}), 1, 0});
  fire(h, 1);
  REQUIRE(h.u(German, 0).out());
  CHECK(h.u(Herero, 1).reload_turn == 2);           // SF-E: not exempt
  CHECK(h.st.tally[Herero].kept_hidden_sf_h == 1);  // the one kept is a decoy
  CHECK(h.alive_decoys(Herero) == 1);
  CHECK(h.dice.exhausted());
}
