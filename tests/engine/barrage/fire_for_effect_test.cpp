// B-5: fire for effect: coverage, reaction dice, Disruption, suppression, forced back, dispersal,
// Blinds, several batteries as one.
#include "barrage_fixture.hpp"

#include "engine/barrage/fire_for_effect.hpp"
#include "engine/barrage/missions.hpp"
#include "engine/trial_dice.hpp"

#include <catch2/catch.hpp>

using namespace volley;
using namespace volley::barrage;
using namespace volley::barrage::test;

namespace {

// Red's battery A (4 dice) and a designated mission to fire with; the template is placed by hand.
struct FireTable {
  Fixture f;
  int battery = 0, mission = 0;
  FireTable() {
    battery = f.battery(Red, "A");
    mission = f.designated(Red, "DT", {battery}, {{pt(36, 30), 1}});
  }
  Rect template_at(Point centre) const { return rect_around(centre, f.sc.ruleset.regular_template); }
};

}  // namespace

TEST_CASE("B-5: successes beyond the target's are Disruption Points; suppressed unless it rolled more sixes", "[engine][barrage][B-5]") {
  FireTable ft;
  const int u = ft.f.unit(Blue, "U", pt(36, 30));
  const int v = ft.f.unit(Blue, "V", pt(30, 30));
  Table t(ft.f);
  t.dice.push({1, 2,    // battery on U: one 6, two 4-5s: 3 successes
               0, 1,    // battery on V: one success, no 6
               1, 0,    // U reacts: one 6: 1 success
               1, 2});  // V reacts: one 6, two 4-5s: 3 successes
  fire_for_effect(t.ctx, ft.mission, 4, ft.battery, ft.template_at(pt(33, 30)), 1);
  CHECK(t.unit(u).disruption == 2);
  CHECK(t.unit(u).suppressed());  // one 6 against one 6: not more
  CHECK(t.unit(u).suppressed_until == 2);
  CHECK(t.unit(v).disruption == 0);
  CHECK_FALSE(t.unit(v).suppressed());  // one 6 against none
  CHECK(t.side(Blue).units_hit == 2);
  CHECK(t.side(Blue).suppressed == 1);
  CHECK(t.unit(u).first_hit == 1);
  CHECK(t.dice.exhausted());
}

TEST_CASE("B-5: a unit with a Disruption is forced back toward its home edge, stopping at the edge; 0 switches it off",
          "[engine][barrage][B-5]") {
  SECTION("forced back 6 inches toward the north edge") {
    FireTable ft;
    const int u = ft.f.unit(Blue, "U", pt(36, 30));
    Table t(ft.f);
    t.dice.push({0, 2, 0, 1});  // 2 against 1: one Disruption
    fire_for_effect(t.ctx, ft.mission, 4, ft.battery, ft.template_at(pt(36, 30)), 1);
    CHECK(t.unit(u).position == pt(36, 36));
  }
  SECTION("stops with its footprint at the edge") {
    FireTable ft;
    const int u = ft.f.unit(Blue, "U", pt(36, 45));
    const int w = ft.f.unit(Red, "W", pt(38, 44));  // red's home edge is south
    Table t(ft.f);
    t.dice.push({0, 2, 0, 2, 0, 1, 0, 1});
    fire_for_effect(t.ctx, ft.mission, 4, ft.battery, ft.template_at(pt(36, 45)), 1);
    CHECK(t.unit(u).position == pt(36, 47.2));  // 48 - half of 1.6"
    CHECK(t.unit(w).position == pt(38, 38));
    CHECK(t.side(Red).friendly_hit == 1);  // red's own fire on red's own unit
  }
  SECTION("forced_back = 0") {
    FireTable ft;
    ft.f.sc.ruleset.forced_back = 0;
    const int u = ft.f.unit(Blue, "U", pt(36, 30));
    Table t(ft.f);
    t.dice.push({0, 2, 0, 1});
    fire_for_effect(t.ctx, ft.mission, 4, ft.battery, ft.template_at(pt(36, 30)), 1);
    CHECK(t.unit(u).disruption == 1);
    CHECK(t.unit(u).position == pt(36, 30));
  }
}

TEST_CASE("B-5: at its cohesion a unit is dispersed and its side loses D3 army morale", "[engine][barrage][B-5]") {
  FireTable ft;
  const int u = ft.f.unit(Blue, "U", pt(36, 30));
  Table t(ft.f);
  t.unit(u).disruption = 2;
  t.dice.push({0, 1, 0, 0,  // one Disruption: 3 of cohesion 3
               2});         // the D3
  fire_for_effect(t.ctx, ft.mission, 4, ft.battery, ft.template_at(pt(36, 30)), 1);
  CHECK(t.unit(u).dispersed);
  CHECK(t.unit(u).position == pt(36, 30));  // removed where it stood, not forced back
  CHECK(t.side(Blue).dispersed == 1);
  CHECK(t.side(Blue).morale_lost == 2);
  CHECK(says(t, "loses 2 army morale (D3)"));
  // A dispersed unit is never hit again.
  fire_for_effect(t.ctx, ft.mission, 4, ft.battery, ft.template_at(pt(36, 30)), 2);
  CHECK(t.dice.exhausted());
}

TEST_CASE("B-5: less than half the footprint covered adds a reaction die; exactly half is not less; cover adds dice",
          "[engine][barrage][B-5]") {
  FireTable ft;
  // Template x 33..39; footprints 2.4" wide. Half: centre at 39 (37.8..40.2, 1.2" covered);
  // less than half: centre at 39.1 (1.1" covered).
  const int half = ft.f.unit(Blue, "Half", pt(39, 20), Cover::Medium);
  const int less = ft.f.unit(Blue, "Less", pt(39.1, 30), Cover::Heavy);
  const int touching = ft.f.unit(Blue, "Touching", pt(40.2, 40));  // 39..41.4: touches only, not hit
  Table t(ft.f);
  t.dice.push({0, 0, 0, 0, 0, 0, 0, 0});
  fire_for_effect(t.ctx, ft.mission, 4, ft.battery, rect_around(pt(36, 30), {600, 4000}), 1);
  CHECK(t.unit(half).first_hit == 1);
  CHECK(t.unit(less).first_hit == 1);
  CHECK(t.unit(touching).first_hit == 0);
  CHECK(says(t, "Half (blue, medium cover): battery 4 dice at 4+: 0 successes (0 sixes); reaction 6 dice at 4+"));
  CHECK(says(t, "Less (blue, heavy cover, less than half covered): battery 4 dice at 4+: 0 successes (0 sixes); reaction 8 dice at 4+"));
  REQUIRE(t.dice.calls.size() == 4);  // battery on Half, on Less; reactions of Half, of Less
  CHECK(t.dice.calls[2].dice == 4 + 2);
  CHECK(t.dice.calls[3].dice == 4 + 3 + 1);
  CHECK(t.dice.exhausted());
}

TEST_CASE("B-5: a suppressed unit's reaction dice succeed at 5+; separate missions attack in battery order", "[engine][barrage][B-5]") {
  Fixture f;
  const auto [a, b] = f.batteries(Red, "A", "B");
  f.designated(Red, "Second", {b}, {{pt(36, 30), 1}});  // listed first, fires second (battery order)
  f.designated(Red, "First", {a}, {{pt(36, 30), 1}});
  f.sc.ruleset.supply_checks = false;
  const int u = f.unit(Blue, "U", pt(36, 30), Cover::Light);
  Table t(f);
  t.quiet_command();
  t.dice.push({0, 0, 0, 0,    // First: nothing, but U rolled no six against none: suppressed
               0, 0, 0, 0});  // Second: U reacts at 5+
  play_turn(t.ctx, 1);
  const std::string& text = t.narrator.text();
  const size_t first = position(text, "First (designated, A)");
  const size_t second = position(text, "Second (designated, B)");
  CHECK(first < second);
  CHECK(position(text, "reaction 5 dice at 4+: 0") < second);
  CHECK(position(text, "reaction 5 dice at 5+ (suppressed)") > second);
  // The dice as drawn: command dice (two calls), then battery, reaction, battery, reaction.
  REQUIRE(t.dice.calls.size() == 6);
  CHECK(t.dice.calls[2].dice == 4);
  CHECK(t.dice.calls[2].groups == std::vector<int>{1, 2});  // the battery: sixes, then fours and fives
  CHECK(t.dice.calls[3].dice == 5);                         // 4 + light cover
  CHECK(t.dice.calls[3].groups == std::vector<int>{1, 2});  // 4+: sixes, then fours and fives
  CHECK(t.dice.calls[5].dice == 5);
  CHECK(t.dice.calls[5].groups == std::vector<int>{1, 1});  // 5+ while suppressed: sixes, then fives
  CHECK(t.unit(u).suppressed());
  CHECK(t.dice.exhausted());
}

TEST_CASE("B-5: suppression wears off at the end of the turn after the one it came in", "[engine][barrage][B-5]") {
  Fixture f;
  f.lone_designated({{pt(36, 30), 1}});
  const int u = f.unit(Blue, "U", pt(36, 30));
  Table t(f);
  t.quiet_command();
  t.dice.push({0, 0, 0, 0});
  play_turn(t.ctx, 1);
  CHECK(t.unit(u).suppressed());
  t.quiet_turn(2);
  CHECK_FALSE(t.unit(u).suppressed());
  CHECK(t.side(Blue).suppressed == 1);
}

TEST_CASE("B-5: a Blind's units are attacked with its footprint; one with a Disruption reveals it; dummies waste fire",
          "[engine][barrage][B-5]") {
  FireTable ft;
  const int u1 = ft.f.unit(Blue, "U1", {});
  const int u2 = ft.f.unit(Blue, "U2", {});
  const int blind = ft.f.blind(Blue, "B", pt(36, 30), {{u1, pt(-1.5, 0)}, {u2, pt(1.5, 0)}});
  const int dummy = ft.f.blind(Blue, "D", pt(36, 35));
  const int quiet = ft.f.blind(Blue, "Q", pt(60, 30), {});
  Table t(ft.f);
  REQUIRE(t.unit(u1).in_blind);
  // Template y 30..36 over the Blind's 28..32: exactly half covered, no extra die.
  t.dice.push({0, 2, 0, 0,    // battery: U1 2 successes, U2 none
               0, 1, 0, 0});  // reaction: U1 1 (one Disruption), U2 0
  fire_for_effect(t.ctx, ft.mission, 4, ft.battery, ft.template_at(pt(36, 33)), 1);
  CHECK(says(t, "U1 (blue, in Blind B, none cover): battery 4 dice at 4+: 2 successes (0 sixes); reaction 4 dice"));
  CHECK_FALSE(t.state.blinds[blind].standing);
  CHECK(t.unit(u1).position == pt(34.5, 36));  // at its offset, then forced back
  CHECK(t.unit(u2).position == pt(37.5, 30));  // at its offset
  CHECK_FALSE(t.unit(u1).in_blind);
  CHECK(t.side(Blue).blinds_hit == 2);  // B and the dummy D
  CHECK(t.side(Blue).dummies_hit == 1);
  CHECK(t.state.blinds[dummy].standing);
  CHECK(t.state.blinds[quiet].standing);
  CHECK(says(t, "Blind D (blue) under the template: a dummy, the fire on it is wasted"));
  CHECK(t.dice.exhausted());
}

TEST_CASE("B-5: a Blind whose units took no Disruption stays; one whose unit was dispersed is revealed", "[engine][barrage][B-5]") {
  FireTable ft;
  const int u1 = ft.f.unit(Blue, "U1", {}, Cover::None, 4, 1);
  const int blind = ft.f.blind(Blue, "B", pt(36, 30), {{u1, pt(0, 0)}});
  Table t(ft.f);
  t.dice.push({0, 1, 0, 1});  // 1 against 1: nothing
  fire_for_effect(t.ctx, ft.mission, 4, ft.battery, ft.template_at(pt(36, 30)), 1);
  CHECK(t.state.blinds[blind].standing);
  CHECK(t.unit(u1).suppressed());
  t.dice.push({0, 1, 0, 0, 3});  // one Disruption at cohesion 1: dispersed, D3 = 3
  fire_for_effect(t.ctx, ft.mission, 4, ft.battery, ft.template_at(pt(36, 30)), 2);
  CHECK(t.unit(u1).dispersed);
  CHECK_FALSE(t.state.blinds[blind].standing);
  CHECK(t.side(Blue).morale_lost == 3);
  CHECK(t.dice.exhausted());
}

TEST_CASE("B-5: one mission of several batteries rolls the largest's dice plus half of each other's, rounded up",
          "[engine][barrage][B-5]") {
  Fixture f;
  const int a = f.battery(Red, "A", 4);
  const int b = f.battery(Red, "B", 3);
  const int c = f.battery(Red, "C", 5);
  const int m = f.designated(Red, "DT", {a, b, c}, {{pt(36, 30), 3}});
  Table t(f);
  assign_batteries(t.sc, t.state, m);
  int lead = -1;
  CHECK(mission_fire_dice(t.sc, t.state, m, lead) == 5 + 2 + 2);
  CHECK(lead == a);
  t.state.batteries[a].mission = -1;  // A dropped out (supply)
  CHECK(mission_fire_dice(t.sc, t.state, m, lead) == 5 + 2);
  CHECK(lead == b);
}

TEST_CASE("B-5: each battery of a mission checks supply on its own; the mission ends when none is left", "[engine][barrage][B-5][B-3]") {
  Fixture f;
  const int a = f.battery(Red, "A", 4);
  const int b = f.battery(Red, "B", 4);
  const int m = f.designated(Red, "DT", {a, b}, {{pt(36, 30), 5}});
  Table t(f);
  t.quiet_command();
  t.dice.push({0, 3,    // supply A: 0 against 3: out
               2, 1});  // supply B: 2 against 1: keeps firing
  play_turn(t.ctx, 1);
  CHECK(t.state.batteries[a].mission == -1);
  CHECK(t.state.batteries[b].mission == m);
  CHECK(t.mission(m).phase == MissionPhase::Ongoing);
  t.quiet_command();
  t.dice.push({1, 1});  // supply B: 1 against 1: out
  play_turn(t.ctx, 2);
  CHECK(t.mission(m).phase == MissionPhase::Ended);
  CHECK(t.side(Red).missions_ended_supply == 1);
  CHECK(says(t, "DT (designated, A+B): fire for effect, regular sheaf at (36, 30), 6 dice per target"));  // turn 1: 4 + 4/2
  CHECK(says(t, "DT (designated, A+B): fire for effect, regular sheaf at (36, 30), 4 dice per target"));  // turn 2: B alone
  CHECK(t.dice.exhausted());
}

TEST_CASE("B-5: a unit is tested with its own footprint, its standing Blind's, or none once dispersed, whatever moves",
          "[engine][barrage][B-5][B-1]") {
  // The kernel keeps each unit's test rectangle in its state (barrage_state.hpp) rather than working
  // it out at every fire: check it against the rule after every turn of many random trials, with
  // units and Blinds that move (a zoned, moving Blind too), are forced back, revealed and dispersed.
  Fixture f;
  const auto [a, b, c] = f.batteries(Red, "A", "B", "C");
  f.rolling(Red, "RB1", {a}, pt(30, 20), pt(0, 4));
  f.rolling(Red, "RB2", {b}, pt(38, 20), pt(0, 4));
  f.designated(Red, "DT", {c}, {{pt(34, 30), 3}, {pt(34, 36), 3}});
  f.sc.ruleset.supply_checks = false;
  for (double x : {29.0, 33.0, 37.0}) {
    const int u = f.unit(Red, "R" + std::to_string(static_cast<int>(x)), pt(x, 14), Cover::None, 4, 2);
    f.sc.units[u].velocity = pt(0, 4);  // walks into its own barrage
  }
  f.unit(Blue, "Open1", pt(31, 30), Cover::Light, 4, 2);
  f.unit(Blue, "Open2", pt(37, 34), Cover::None, 4, 2);
  const int g1 = f.unit(Blue, "G1", {}, Cover::Medium, 4, 2);
  const int g2 = f.unit(Blue, "G2", {}, Cover::None, 4, 2);
  const int g3 = f.unit(Blue, "G3", {}, Cover::None, 4, 2);
  const int moving = f.blind(Blue, "Moving", pt(34, 40), {{g1, pt(-1.5, 0)}, {g2, pt(1.5, 0)}});
  f.sc.blinds[moving].placement.zoned = true;
  f.sc.blinds[moving].placement.zone = {to_coord(30), to_coord(38), to_coord(38), to_coord(42)};
  f.sc.blinds[moving].velocity = pt(0, -3);
  f.blind(Blue, "Still", pt(36, 28), {{g3, pt(0, 0)}});
  f.blind(Blue, "Dummy", pt(30, 26));
  index_scenario(f.sc);
  const BarrageScenario& sc = f.sc;
  BarrageState st(sc);
  int revealed = 0, dispersed = 0;
  for (uint64_t trial = 0; trial < 300; ++trial) {
    TrialDice dice(77, trial);
    NullNarrator silent;
    BarrageContext<TrialDice> ctx{sc, st, dice, silent};
    setup_trial(ctx);
    for (int turn = 1; turn <= sc.turns; ++turn) {
      play_turn(ctx, turn);
      for (size_t u = 0; u < sc.units.size(); ++u) {
        const UnitState& unit = st.units[u];
        const int blind = sc.units[u].blind;
        const Rect expected = unit.dispersed  ? NoBox
                              : unit.in_blind ? rect_around(st.blinds[blind].position, sc.blinds[blind].footprint)
                                              : rect_around(unit.position, sc.units[u].footprint);
        INFO("trial " << trial << ", turn " << turn << ", unit " << sc.units[u].name);
        REQUIRE(unit.box == expected);
      }
      for (size_t bl = 0; bl < sc.blinds.size(); ++bl)
        REQUIRE(st.blinds[bl].box == rect_around(st.blinds[bl].position, sc.blinds[bl].footprint));
    }
    for (const auto& blind : st.blinds) revealed += blind.standing ? 0 : 1;
    dispersed += st.sides[Blue].dispersed + st.sides[Red].dispersed;
  }
  CHECK(revealed > 0);  // the cases the rectangles change in happened
  CHECK(dispersed > 0);
}
