// B-3: the Friendly Logistics Phase (cancel, adjust, fire for effect, supply, in the seed's order),
// and B-7: the turn.
#include "barrage_fixture.hpp"

#include "engine/barrage/logistics_phase.hpp"
#include "engine/barrage/supply.hpp"
#include "engine/exact_dice.hpp"
#include "engine/trial_dice.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace volley;
using namespace volley::barrage;
using namespace volley::barrage::test;

namespace {

bool fired_at_least_one(const Table& t) { return !t.state.fired.empty(); }

}  // namespace

namespace {}  // namespace

TEST_CASE("B-3: the Friendly Logistics Phase attempts cancels, then adjusts, then fires for effect, then checks supply",
          "[engine][barrage][B-3]") {
  Fixture f;
  f.sc.sides[Red].cancel = CancelPolicy::FriendlyUnder;
  f.sc.sides[Red].adjust = AdjustPolicy::NearestEnemy;
  const auto [a, b] = f.batteries(Red, "A", "B");
  const int dt = f.designated(Red, "DT", {a}, {{pt(36, 30), 3}});
  const int pr = f.pre_registered(Red, "PR", {b}, {pt(10, 10)}, FireMode::Continuous);
  const int friendly = f.unit(Red, "Friendly", pt(36, 30));
  const int enemy = f.unit(Blue, "Enemy", pt(12, 10));
  Table t(f);
  // Turn 1: DT is due and would fall on Friendly: a cancel attempt fails; it fires; supply holds; the
  // pre-registered barrage is called in the Command Pulse and fires at once on Enemy.
  t.quiet_command();
  t.dice.push({0, 1,          // cancel: comms 0 against 1, fails
               0, 0, 0, 0,    // DT on Friendly
               2, 1,          // supply A
               3, 1,          // PR call: comms
               0, 0, 0, 0});  // PR on Enemy
  play_turn(t.ctx, 1);
  REQUIRE(t.mission(dt).phase == MissionPhase::Ongoing);
  REQUIRE(t.mission(pr).phase == MissionPhase::Ongoing);
  CHECK(t.unit(friendly).first_hit == 1);
  CHECK(t.unit(enemy).first_hit == 1);
  // Turn 2: the cancel succeeds; PR is adjusted onto Enemy, fires, and checks supply.
  t.quiet_command();
  const size_t turn2 = t.narrator.text().size();
  t.dice.push({2, 1,        // cancel DT: succeeds
               0, 0, 0, 0,  // PR on Enemy
               2, 1});      // supply B
  play_turn(t.ctx, 2);
  const std::string text = t.narrator.text().substr(turn2);
  const size_t cancel = position(text, "DT would fire on friends at (36, 30): cancel, comms check 4D: 2 against 1: cancelled");
  const size_t adjust = position(text, "PR adjusted from (10, 10) to (12, 10)");
  const size_t fire = position(text, "PR (pre-registered, B): fire for effect");
  const size_t supply = position(text, "supply check, battery B");
  CHECK(cancel < adjust);
  CHECK(adjust < fire);
  CHECK(fire < supply);
  CHECK(t.mission(dt).phase == MissionPhase::Ended);
  CHECK(text.find("DT (designated") == std::string::npos);  // cancelled before it could fire
  CHECK(t.side(Red).missions_cancelled == 0);               // that metric counts Command Failures only
  CHECK(t.dice.exhausted());
}

TEST_CASE("B-3: a successful cancel frees the battery for a new mission this turn", "[engine][barrage][B-3]") {
  Fixture f;
  f.sc.sides[Red].cancel = CancelPolicy::FriendlyUnder;
  const auto [a, rb] = f.lone_rolling(pt(36, 18));
  const int pr = f.pre_registered(Red, "PR", {a}, {pt(60, 10)}, FireMode::Single);
  f.unit(Red, "Friendly", pt(36, 25));  // under the barrage's second position, (36, 24)
  f.unit(Blue, "Enemy", pt(60, 12));
  Table t(f);
  t.quiet_command();  // turn 1: RB starts and fires on nobody; A is busy, so PR is not called
  play_turn(t.ctx, 1);
  CHECK(t.side(Red).missions_started == 1);
  CHECK(t.state.batteries[a].mission == rb);
  t.quiet_command();
  t.dice.push({2, 1,          // turn 2: cancel RB before it moves onto Friendly: succeeds
               3, 1,          // A is free and has not fired: PR is called
               0, 0, 0, 0});  // and fires on Enemy
  play_turn(t.ctx, 2);
  CHECK(t.mission(rb).phase == MissionPhase::Ended);
  CHECK(t.side(Red).missions_started == 2);
  CHECK(t.state.batteries[a].fired_turn == 2);
  CHECK(t.mission(pr).phase == MissionPhase::Waiting);
  CHECK(t.side(Red).friendly_hit == 0);
  CHECK(t.dice.exhausted());
}

TEST_CASE("B-3: a battery that fails its supply check loses its template and the mission ends; missions not yet firing do not check",
          "[engine][barrage][B-3]") {
  Fixture f;
  const auto [a, b] = f.batteries(Red, "A", "B");
  const int rb = f.rolling(Red, "RB", {a}, pt(36, 10), pt(0, 6));
  const int later = f.rolling(Red, "Later", {b}, pt(10, 10), pt(0, 6), 3);
  Table t(f);
  t.quiet_command();
  t.dice.push({2, 1});  // 4 supply dice: 2 against 1: keeps firing
  play_turn(t.ctx, 1);
  CHECK(t.mission(rb).phase == MissionPhase::Ongoing);
  t.quiet_command();
  t.dice.push({1, 1});  // a tie is not more: out of ammunition
  play_turn(t.ctx, 2);
  CHECK(t.mission(rb).phase == MissionPhase::Ended);
  CHECK(t.side(Red).missions_ended_supply == 1);
  CHECK(t.state.batteries[a].mission == -1);
  CHECK(says(t, "supply check, battery A: 4D: 1 against 1: out of ammunition"));
  CHECK(t.mission(later).phase == MissionPhase::Waiting);  // no check before its first fire
  t.quiet_command();
  t.dice.push({3, 0});  // Later starts and checks
  play_turn(t.ctx, 3);
  CHECK(fired_at_least_one(t));
  CHECK(t.mission(later).phase == MissionPhase::Ongoing);
  CHECK(t.side(Red).missions_ended_supply == 1);
  CHECK_FALSE(says(t, "supply check, battery A: 4D: 3"));
  CHECK(t.dice.exhausted());
}

TEST_CASE("B-3: the supply bonus policy buys one die with a Staff Order; supply_checks = false skips the check", "[engine][barrage][B-3]") {
  Fixture f;
  f.sc.sides[Red].supply_bonus = true;
  f.sc.sides[Red].supply_dice = 3;
  const int a = f.battery(Red, "A");
  f.rolling(Red, "RB", {a}, pt(36, 10), pt(0, 6));
  Table t(f);
  t.quiet_command();
  t.dice.push({2, 1});
  play_turn(t.ctx, 1);
  CHECK(says(t, "supply check, battery A: 4D (one bought with a Staff Order): 2 against 1: keeps firing"));
  CHECK(t.side(Red).staff_spent == 3);

  Fixture g;
  g.sc.ruleset.supply_checks = false;
  const int b = g.battery(Red, "A");
  g.rolling(Red, "RB", {b}, pt(36, 10), pt(0, 6));
  Table u(g);
  for (int turn = 1; turn <= 5; ++turn) {
    u.quiet_command();
    play_turn(u.ctx, turn);
  }
  CHECK_FALSE(says(u, "supply check"));
  CHECK(u.dice.exhausted());
}

TEST_CASE("B-3: the supply check matches the exact opposed law for 3 to 6 supply dice", "[engine][barrage][B-3][exact]") {
  // 100,000 checks per pool through the kernel's check; bound: 5 standard errors.
  constexpr uint64_t N = 100'000;
  const Ruleset rules;
  for (int n = 3; n <= 6; ++n) {
    uint64_t kept = 0;
    for (uint64_t trial = 0; trial < N; ++trial) {
      TrialDice dice(99, trial);
      kept += supply_check(dice, rules, n, 1, 0).success ? 1 : 0;
    }
    const double exact = opposed_more_successes(n, 3, 3, 3, 6);
    const double p = static_cast<double>(kept) / N;
    INFO(n << " supply dice: simulated " << p << ", exact " << exact);
    CHECK(std::abs(p - exact) <= 5 * std::sqrt(exact * (1 - exact) / N));
  }
}

TEST_CASE("B-7: each side's Logistics Phase precedes its Command Pulse, in pulse order; units move unless suppressed; Blinds move",
          "[engine][barrage][B-7]") {
  Fixture f;
  f.sc.ruleset.supply_checks = false;
  const int a = f.battery(Blue, "A");
  f.designated(Blue, "DT", {a}, {{pt(36, 30), 2}});
  const int walker = f.unit(Red, "Walker", pt(36, 28));  // under the DT's template
  const int free = f.unit(Red, "Free", pt(10, 10));
  const int hidden = f.unit(Red, "Hidden", {});
  const int blind = f.blind(Red, "B", pt(60, 10), {{hidden, pt(0, 0)}});
  const int sheltered = f.unit(Red, "Sheltered", {});
  const int held = f.blind(Red, "Held", pt(31, 30), {{sheltered, pt(0, 0)}});  // its edge under the template
  f.sc.units[walker].velocity = pt(0, 4);
  f.sc.units[free].velocity = pt(0, 4);
  f.sc.units[hidden].velocity = pt(0, 4);
  f.sc.units[sheltered].velocity = pt(2, 0);
  f.sc.blinds[blind].velocity = pt(2, 0);
  f.sc.blinds[held].velocity = pt(2, 0);
  Table t(f);
  t.command(1, 1, 1, 1, 1);   // red
  t.command(2, 1, 1, 1, 1);   // blue: more sixes, first
  t.dice.push({0, 0, 0, 0,    // DT: battery on Walker, on Sheltered
               0, 0, 0, 0});  // their reactions: both suppressed before red's pulse
  play_turn(t.ctx, 1);
  const std::string& text = t.narrator.text();
  CHECK(position(text, "blue Friendly Logistics Phase") < position(text, "blue Command Pulse"));
  CHECK(position(text, "blue Command Pulse") < position(text, "red Friendly Logistics Phase"));
  CHECK(position(text, "red Friendly Logistics Phase") < position(text, "red Command Pulse"));
  CHECK(t.unit(walker).position == pt(36, 28));  // suppressed: does not move
  CHECK(t.unit(free).position == pt(10, 14));
  CHECK(t.state.blinds[blind].position == pt(62, 10));  // a Blind moves with its units
  CHECK(t.state.blinds[held].position == pt(31, 30));   // not while one of them is suppressed
  t.quiet_command();                                    // turn 2: red first; both still suppressed
  t.dice.push({0, 0, 0, 0, 0, 0, 0, 0});                // blue's second turn on the target: suppressed again
  play_turn(t.ctx, 2);
  CHECK(t.unit(walker).position == pt(36, 28));
  t.quiet_turn(3);  // suppressed until the end of turn 3
  CHECK(t.unit(walker).position == pt(36, 28));
  CHECK(t.state.blinds[held].position == pt(31, 30));
  CHECK_FALSE(t.unit(walker).suppressed());
  t.quiet_turn(4);
  CHECK(t.unit(walker).position == pt(36, 32));
  CHECK(t.unit(free).position == pt(10, 26));
  CHECK(t.state.blinds[held].position == pt(33, 30));
  CHECK(t.dice.exhausted());
}
