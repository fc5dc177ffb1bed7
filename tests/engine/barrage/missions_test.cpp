// B-4, the planned fire missions: PF-RB rolling barrage, PF-DT designated targets, PF-PR
// pre-registered barrage.
#include "barrage_fixture.hpp"

#include "engine/barrage/missions.hpp"
#include "engine/trial_dice.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>

using namespace volley;
using namespace volley::barrage;
using namespace volley::barrage::test;

namespace {

// The centre of the template a mission fired this turn, or {-1, -1}.
Point fired_at(const Table& t, int mission) {
  for (const auto& f : t.state.fired)
    if (f.mission == mission) return {(f.rect.x0 + f.rect.x1) / 2, (f.rect.y0 + f.rect.y1) / 2};
  return {-1, -1};
}

// B-4: Red's lone rolling barrage RB from (36, 10), on a stock one Staff Order short of start_cost on
// its turn (1, restocked by 1 a turn). Returns the mission.
int rolling_short_of_staff_orders(Fixture& f) {
  f.sc.sides[Red].staff_orders = 1;
  f.sc.sides[Red].restock = RestockRule::Fixed;
  f.sc.sides[Red].restock_fixed = 1;
  return f.lone_rolling(pt(36, 10)).mission;
}

}  // namespace

// --- PF-RB ---------------------------------------------------------------------------------------

TEST_CASE("PF-RB: fires at its start on its first turn, then moves its speed along its direction before each fire",
          "[engine][barrage][PF-RB]") {
  Fixture f;
  const int a = f.battery(Red, "A");
  const int rb = f.rolling(Red, "RB", {a}, pt(36, 10), pt(3, 4), 2);  // 5" per turn along (3, 4)
  f.sc.ruleset.supply_checks = false;
  f.sc.sides[Red].adjust = AdjustPolicy::NearestEnemy;  // a rolling barrage cannot be adjusted
  f.unit(Blue, "Bait", pt(60, 40));
  Table t(f);
  t.quiet_turn(1);
  CHECK(fired_at(t, rb) == Point{-1, -1});  // scheduled for turn 2
  t.quiet_turn(2);
  CHECK(fired_at(t, rb) == pt(36, 10));
  CHECK(t.side(Red).missions_started == 1);
  CHECK(t.side(Red).staff_spent == 2);  // two Staff Orders to begin
  t.quiet_turn(3);
  CHECK(fired_at(t, rb) == pt(39, 14));
  t.quiet_turn(4);
  CHECK(fired_at(t, rb) == pt(42, 18));
  CHECK(t.side(Red).staff_spent == 2);  // nothing more to keep it going
  CHECK(t.dice.exhausted());
}

TEST_CASE("PF-RB: the rounded step is never shorter than the speed, whatever the direction", "[engine][barrage][PF-RB]") {
  // The seed: "The Fire Template must move at least 4" per turn". 4" along (1, 3) is (1.2649, 3.7947);
  // the nearest hundredths, (1.26, 3.79), would move it 3.994".
  CHECK(rolling_step(1, 3, 400) == Point{127, 380});
  CHECK(rolling_step(-1, -3, 400) == Point{-127, -380});
  // Exact steps stay exact; a step the nearest hundredths keep long enough stays nearest.
  CHECK(rolling_step(0, 1, 600) == Point{0, 600});
  CHECK(rolling_step(3, 4, 500) == Point{300, 400});
  CHECK(rolling_step(1, 1, 400) == Point{283, 283});
  for (int dx = -10; dx <= 10; ++dx)
    for (int dy = -10; dy <= 10; ++dy) {
      if (dx == 0 && dy == 0) continue;
      for (Coord speed = 400; speed <= 1200; speed += 25) {
        const Point step = rolling_step(dx, dy, speed);
        const double length = std::hypot(dx, dy);
        INFO("direction (" << dx << ", " << dy << "), speed " << speed << ", step " << step);
        REQUIRE(distance_squared({}, step) >= int64_t{speed} * speed);
        REQUIRE(std::abs(step.x - speed * dx / length) < 1.0);
        REQUIRE(std::abs(step.y - speed * dy / length) < 1.0);
      }
    }
}

TEST_CASE("PF-RB: ends as soon as, after a move, its template no longer overlaps the table with positive area",
          "[engine][barrage][PF-RB]") {
  Fixture f;
  const auto [a, b] = f.batteries(Red, "A", "B");
  const int over = f.rolling(Red, "Over", {a}, pt(30, 38), pt(0, 6));    // 38, 44, 50 (47..53 still overlaps), then 56
  const int touch = f.rolling(Red, "Touch", {b}, pt(40, 39), pt(0, 6));  // 39, 45, then 51: 48..54 only touches
  f.sc.ruleset.supply_checks = false;
  Table t(f);
  for (int turn = 1; turn <= 2; ++turn) {
    t.quiet_turn(turn);
    CHECK(t.mission(over).phase == MissionPhase::Ongoing);
    CHECK(t.mission(touch).phase == MissionPhase::Ongoing);
  }
  CHECK(fired_at(t, touch) == pt(40, 45));
  t.quiet_turn(3);
  CHECK(fired_at(t, over) == pt(30, 50));  // its centre is off the table, its template is not
  CHECK(fired_at(t, touch) == Point{-1, -1});
  CHECK(t.mission(touch).phase == MissionPhase::Ended);
  CHECK(t.side(Red).missions_ended_edge == 1);
  CHECK(t.state.batteries[b].mission == -1);
  CHECK(says(t, "Touch moves to (40, 51): its template has left the table, the barrage ends"));
  t.quiet_turn(4);
  CHECK(fired_at(t, over) == Point{-1, -1});
  CHECK(t.mission(over).phase == MissionPhase::Ended);
  CHECK(t.side(Red).missions_ended_edge == 2);
  CHECK(t.side(Red).missions_started == 2);
  CHECK(t.dice.exhausted());
}

TEST_CASE("PF-RB: any unit or Blind under the template is hit, friendly units too", "[engine][barrage][PF-RB]") {
  Fixture f;
  f.lone_rolling(pt(36, 10));
  const int own = f.unit(Red, "Own", pt(36, 8));
  const int enemy = f.unit(Blue, "Enemy", pt(38, 12));
  const int inside = f.unit(Blue, "Inside", {});
  f.blind(Blue, "B", pt(33, 10), {{inside, pt(0, 0)}});
  Table t(f);
  t.quiet_command();
  t.dice.push({0, 0, 0, 0, 0, 0,    // battery on Own, Enemy, Inside (unit index order)
               0, 0, 0, 0, 0, 0});  // their reactions
  play_turn(t.ctx, 1);
  CHECK(t.unit(own).first_hit == 1);
  CHECK(t.unit(enemy).first_hit == 1);
  CHECK(t.unit(inside).first_hit == 1);
  CHECK(t.side(Red).friendly_hit == 1);
  CHECK(t.side(Blue).friendly_hit == 0);
  CHECK(t.side(Blue).blinds_hit == 1);
  CHECK(t.dice.exhausted());
}

TEST_CASE("PF-RB: short of two Staff Orders it cannot start, and is delayed a turn", "[engine][barrage][PF-RB][B-4]") {
  Fixture f;
  const int rb = rolling_short_of_staff_orders(f);
  Table t(f);
  t.quiet_turn(1);
  CHECK(t.mission(rb).start_turn == 2);
  CHECK(t.side(Red).missions_delayed == 1);
  CHECK(says(t, "RB delayed to turn 2: Staff Orders short"));
  t.quiet_turn(2);  // 1 + 1 restocked
  CHECK(fired_at(t, rb) == pt(36, 10));
  CHECK(t.side(Red).stock == 0);
  CHECK(t.dice.exhausted());
}

TEST_CASE("B-4: with unpaid_start = cancel, a planned mission short of Staff Orders is cancelled, not delayed",
          "[engine][barrage][PF-RB][B-4]") {
  // The [assumed] delay of B-4 as a parameter: the same stock as the test above, which delays the
  // barrage to turn 2, cancels it for good; the Staff Order restocked for turn 2 stays unspent.
  Fixture f;
  const int rb = rolling_short_of_staff_orders(f);
  f.sc.ruleset.unpaid_start = UnpaidStart::Cancel;
  Table t(f);
  t.quiet_turn(1);
  CHECK(t.mission(rb).phase == MissionPhase::Ended);
  CHECK(t.side(Red).missions_delayed == 0);
  CHECK(t.side(Red).missions_cancelled == 1);
  CHECK(says(t, "RB cancelled: Staff Orders short"));
  t.quiet_turn(2);
  CHECK(fired_at(t, rb) == Point{-1, -1});  // it did not fire
  CHECK(t.side(Red).missions_started == 0);
  CHECK(t.side(Red).stock == 2);
  CHECK(t.dice.exhausted());
}

TEST_CASE(
    "PF-RB: with no failures, no supply checks and no forced back, a rolling barrage hits each unit exactly on the turns "
    "the geometry predicts and ends when it leaves the table",
    "[engine][barrage][PF-RB][geometry]") {
  Fixture f;
  f.sc.ruleset.command_failures = false;
  f.sc.ruleset.supply_checks = false;
  f.sc.ruleset.forced_back = 0;
  f.sc.turns = 10;
  const int a = f.battery(Red, "A");
  const int rb = f.rolling(Red, "RB", {a}, pt(36, 3), pt(0, 6));
  struct Spot {
    double x, y;
  };
  // Centres (inches): under the lane, at its side edges, touching, and between two template positions.
  const std::vector<Spot> spots{{36, 5},    {38.5, 20}, {40.2, 20}, {31.8, 26}, {36, 47.2}, {30, 30},
                                {33, 12.2}, {36, 15.8}, {36, 16.2}, {39.1, 40}, {33.5, 33}, {36, 0.8}};
  std::vector<int> units;
  for (size_t i = 0; i < spots.size(); ++i)
    units.push_back(f.unit(i % 2 ? Blue : Red, "U" + std::to_string(i), pt(spots[i].x, spots[i].y), Cover::None, 4, 1000000));
  index_scenario(f.sc);

  // The prediction, in integer hundredths and independent of the kernel: the template of turn k is
  // centred at y = 300 + 600 (k - 1), 600 x 600; it fires while it overlaps the 7200 x 4800 table;
  // a 240 x 160 footprint is under it iff the centres are closer than 300 + 120 across and 300 + 80
  // along.
  auto fires = [](int k) { return 300 + 600 * (k - 1) - 300 < 4800; };
  auto under = [](int k, long ux, long uy) {
    const long cy = 300 + 600L * (k - 1);
    return std::labs(ux - 3600) < 420 && std::labs(uy - cy) < 380;
  };
  int predicted_end = 0;
  for (int k = 1; k <= 10 && predicted_end == 0; ++k)
    if (!fires(k)) predicted_end = k;
  REQUIRE(predicted_end == 9);

  BarrageState state(f.sc);
  for (uint64_t trial = 0; trial < 200; ++trial) {
    TrialDice dice(7, trial);
    NullNarrator silent;
    BarrageContext<TrialDice> ctx{f.sc, state, dice, silent};
    setup_trial(ctx);
    for (int k = 1; k <= f.sc.turns; ++k) {
      play_turn(ctx, k);
      for (size_t i = 0; i < units.size(); ++i) {
        const bool hit = state.units[units[i]].last_hit == k;
        INFO("trial " << trial << ", turn " << k << ", unit at (" << spots[i].x << ", " << spots[i].y << ")");
        REQUIRE(hit == (fires(k) && under(k, std::lround(spots[i].x * 100), std::lround(spots[i].y * 100))));
      }
      REQUIRE((state.missions[rb].phase == MissionPhase::Ended) == (k >= predicted_end));
    }
    REQUIRE(state.sides[Red].missions_ended_edge == 1);
    REQUIRE(state.sides[Red].missions_started == 1);
  }
}

TEST_CASE("PF-RB: a Command Failure on each of two turns delays it twice; it then starts at its start position",
          "[engine][barrage][PF-RB][B-2]") {
  Fixture f;
  const int rb = f.lone_rolling(pt(36, 10)).mission;
  Table t(f);
  for (int turn = 1; turn <= 2; ++turn) {
    t.failed_turn(Red, turn);
    CHECK(fired_at(t, rb) == Point{-1, -1});
    CHECK(t.mission(rb).start_turn == turn + 1);
  }
  CHECK(says(t, "RB delayed to turn 2: Command Failure"));
  CHECK(says(t, "RB delayed to turn 3: Command Failure"));
  CHECK(t.side(Red).missions_delayed == 2);
  CHECK(t.side(Red).staff_spent == 0);  // nothing is paid until it is ordered to fire
  t.quiet_turn(3);
  CHECK(fired_at(t, rb) == pt(36, 10));
  t.quiet_turn(4);
  CHECK(fired_at(t, rb) == pt(36, 16));
  CHECK(t.side(Red).staff_spent == 2);
  CHECK(t.dice.exhausted());
}

TEST_CASE("B-4: a planned mission whose battery is busy, or has fired this turn, is delayed a turn", "[engine][barrage][B-4]") {
  Fixture f;
  const auto [a, dt] = f.lone_designated({{pt(10, 10), 2}});
  const int rb = f.rolling(Red, "RB", {a}, pt(36, 10), pt(0, 6), 1);
  Table t(f);
  const std::vector<Point> dt_at{pt(10, 10), pt(10, 10), {-1, -1}};
  const std::vector<Point> rb_at{{-1, -1}, {-1, -1}, pt(36, 10)};
  for (int turn = 1; turn <= 3; ++turn) {
    t.quiet_turn(turn);
    CHECK(fired_at(t, dt) == dt_at[turn - 1]);
    CHECK(fired_at(t, rb) == rb_at[turn - 1]);
  }
  CHECK(t.side(Red).missions_delayed == 2);  // turn 1: A busy; turn 2: A free only after firing
  CHECK(says(t, "RB delayed to turn 2: its battery is busy"));
  CHECK(says(t, "RB delayed to turn 3: its battery is busy"));
  CHECK(t.dice.exhausted());
}

// --- PF-DT ---------------------------------------------------------------------------------------

TEST_CASE("PF-DT: fires the given number of turns at each target, shifts without deviation, ends after the last",
          "[engine][barrage][PF-DT]") {
  Fixture f;
  const auto [a, dt] = f.lone_designated({{pt(10, 10), 2}, {pt(30, 30), 1}, {pt(50, 40), 2}});
  f.sc.sides[Red].adjust = AdjustPolicy::NearestEnemy;  // designated targets cannot be adjusted
  f.unit(Blue, "Bait", pt(12, 12));
  Table t(f);
  const std::vector<Point> expected{pt(10, 10), pt(10, 10), pt(30, 30), pt(50, 40), pt(50, 40), {-1, -1}};
  for (int turn = 1; turn <= 6; ++turn) {
    t.quiet_command();
    if (turn <= 2) t.dice.push({0, 0, 0, 0});  // Bait is under the first target's template
    play_turn(t.ctx, turn);
    CHECK(fired_at(t, dt) == expected[turn - 1]);
  }
  CHECK(t.mission(dt).phase == MissionPhase::Ended);
  CHECK(t.state.batteries[a].mission == -1);
  CHECK(t.side(Red).staff_spent == 2);
  CHECK(t.side(Blue).units_hit == 1);  // Bait, hit twice, counts once
  CHECK(t.unit(0).first_hit == 1);
  CHECK(t.unit(0).last_hit == 2);
  CHECK(says(t, "DT shifts to target 2 at (30, 30) (no deviation)"));
  CHECK(says(t, "DT has fired at its last target: mission over"));
  CHECK(t.dice.exhausted());
}

TEST_CASE("PF-DT: a Command Failure on its turn delays the whole schedule; turns fired are what count", "[engine][barrage][PF-DT]") {
  Fixture f;
  const int dt = f.lone_designated({{pt(10, 10), 2}, {pt(30, 30), 1}}, 2).mission;
  Table t(f);
  const std::vector<Point> expected{{-1, -1}, {-1, -1}, pt(10, 10), pt(10, 10), pt(30, 30), {-1, -1}};
  for (int turn = 1; turn <= 6; ++turn) {
    if (turn == 2) {
      t.command_failure(Red);  // red fails on the planned turn
    } else {
      t.quiet_command();
    }
    play_turn(t.ctx, turn);
    CHECK(fired_at(t, dt) == expected[turn - 1]);
  }
  CHECK(t.side(Red).missions_delayed == 1);
  CHECK(t.dice.exhausted());
}

TEST_CASE("PF-DT: each target fires the sheaf noted for it, or the mission's", "[engine][barrage][PF-DT]") {
  // The seed: the player notes "the type of sheaves fired"; Tom fires a regular sheaf at the farm
  // house, then "orders a regular sheaf" at the crossroads: a sheaf goes with each location.
  Fixture f;
  const int dt = f.lone_designated({{pt(10, 10), 1}, {pt(30, 30), 2, Sheaf::Converged}, {pt(50, 40), 1}}).mission;
  f.sc.missions[dt].sheaf = Sheaf::Regular;  // the mission's, for targets 1 and 3
  Table t(f);
  const std::vector<Rect> expected{rect_around(pt(10, 10), {600, 600}), rect_around(pt(30, 30), {600, 300}),
                                   rect_around(pt(30, 30), {600, 300}), rect_around(pt(50, 40), {600, 600})};
  for (int turn = 1; turn <= 4; ++turn) {
    t.quiet_turn(turn);
    REQUIRE(t.state.fired.size() == 1);
    CHECK(t.state.fired.begin()->rect == expected[turn - 1]);
  }
  CHECK(says(t, "DT (designated, A): fire for effect, converged sheaf at (30, 30)"));
  CHECK(says(t, "DT (designated, A): fire for effect, regular sheaf at (50, 40)"));
  CHECK(t.mission(dt).phase == MissionPhase::Ended);
  CHECK(t.dice.exhausted());
}

// --- PF-PR ---------------------------------------------------------------------------------------

namespace {

// Blue (the defender) with a direct-support battery S and two registered points; red's unit R.
struct PreRegisteredTable {
  Fixture f;
  int battery = 0, mission = 0, r = 0;
  explicit PreRegisteredTable(FireMode mode, Point r_at = pt(40, 22)) {
    f.sc.ruleset.supply_checks = false;
    battery = f.battery(Blue, "S");
    mission = f.pre_registered(Blue, "DF", {battery}, {pt(20, 20), pt(40, 20)}, mode);
    r = f.unit(Red, "R", r_at);
  }
};

}  // namespace

TEST_CASE("PF-PR: called when an enemy comes within the trigger radius: 2 Staff Orders, a comms check at +1D, fires at once",
          "[engine][barrage][PF-PR]") {
  PreRegisteredTable p(FireMode::Single);
  p.f.sc.ruleset.supply_checks = true;  // a single barrage is over once it fires: it never checks supply
  Table t(p.f);
  t.quiet_command();
  t.dice.push({3, 1,          // comms: 5 dice (4 + 1): 3 successes against 1
               0, 0, 0, 0});  // the fire on R
  play_turn(t.ctx, 1);
  CHECK(says(t, "DF called at point 2 (40, 20) (2 Staff Orders, 4 left); comms check 5D: 3 against 1: fires at once"));
  CHECK(fired_at(t, p.mission) == pt(40, 20));
  CHECK(t.unit(p.r).first_hit == 1);
  CHECK(t.side(Blue).missions_started == 1);
  CHECK(t.side(Blue).staff_spent == 2);
  CHECK(t.mission(p.mission).phase == MissionPhase::Waiting);  // a single barrage is over after it fires
  CHECK(t.state.batteries[p.battery].mission == -1);
  t.quiet_command();
  t.dice.push({3, 1, 0, 0, 0, 0});  // called again: R is still there
  play_turn(t.ctx, 2);
  CHECK(t.side(Blue).missions_started == 2);
  CHECK(t.dice.exhausted());
}

TEST_CASE("PF-PR: a failed comms check delays the barrage to the next Friendly Logistics Phase", "[engine][barrage][PF-PR]") {
  PreRegisteredTable p(FireMode::Single);
  Table t(p.f);
  t.quiet_command();
  t.dice.push({1, 2});  // comms fails
  play_turn(t.ctx, 1);
  CHECK(fired_at(t, p.mission) == Point{-1, -1});
  CHECK(t.mission(p.mission).phase == MissionPhase::Called);
  CHECK(t.side(Blue).missions_delayed == 1);
  t.quiet_command();
  t.dice.push({0, 0, 0, 0});  // it fires in blue's Logistics Phase; the battery has then fired this turn
  play_turn(t.ctx, 2);
  CHECK(fired_at(t, p.mission) == pt(40, 20));
  CHECK(t.unit(p.r).first_hit == 2);
  CHECK(t.side(Blue).missions_started == 1);
  CHECK(t.side(Blue).staff_spent == 2);
  CHECK(t.dice.exhausted());
}

TEST_CASE("PF-PR: no call in a turn of a friendly Command Failure, nor with no enemy near a point", "[engine][barrage][PF-PR]") {
  PreRegisteredTable p(FireMode::Single);
  Table t(p.f);
  t.failed_turn(Blue, 1);
  CHECK(says(t, "DF not called: Command Failure this turn"));
  CHECK(t.side(Blue).missions_started == 0);

  PreRegisteredTable far(FireMode::Single, pt(40, 27));  // 7" from the nearer point
  Table u(far.f);
  u.quiet_command();
  play_turn(u.ctx, 1);
  CHECK(u.side(Blue).missions_started == 0);
  CHECK(t.dice.exhausted());
  CHECK(u.dice.exhausted());
}

TEST_CASE("PF-PR: a continuous barrage goes on firing and may be adjusted in later Friendly Logistics Phases",
          "[engine][barrage][PF-PR][B-3]") {
  PreRegisteredTable p(FireMode::Continuous);
  p.f.sc.sides[Blue].adjust = AdjustPolicy::NearestEnemy;
  p.f.sc.ruleset.supply_checks = true;
  Table t(p.f);
  t.quiet_command();
  t.dice.push({3, 1, 0, 0, 0, 0});  // called, fires at once on R (no supply check: it fired after the phase)
  play_turn(t.ctx, 1);
  CHECK(t.mission(p.mission).phase == MissionPhase::Ongoing);
  t.quiet_command();
  t.dice.push({0, 0, 0, 0,  // fires again, adjusted onto R
               2, 1});      // supply: keeps firing
  play_turn(t.ctx, 2);
  CHECK(says(t, "DF adjusted from (40, 20) to (40, 22)"));
  CHECK(fired_at(t, p.mission) == pt(40, 22));
  CHECK(t.mission(p.mission).phase == MissionPhase::Ongoing);
  CHECK(t.side(Blue).missions_started == 1);
  CHECK(t.side(Blue).staff_spent == 2);
  CHECK(t.dice.exhausted());
}

TEST_CASE("PF-PR: a battery that fired this turn cannot be called; one out of ammunition may be called next turn",
          "[engine][barrage][PF-PR][B-3]") {
  // The seed: "A battery that has already fired this turn cannot be used"; "If it runs out of
  // ammunition, it stops firing and its mission is cancelled. The battery may be given a new fire
  // mission next turn." S fires a designated target in blue's Logistics Phase, R is near a point.
  for (const bool out_of_ammunition : {false, true}) {
    INFO((out_of_ammunition ? "the designated mission runs out of ammunition" : "the designated mission fired its last target"));
    PreRegisteredTable p(FireMode::Single);
    p.f.sc.ruleset.supply_checks = out_of_ammunition;
    const int dt = p.f.designated(Blue, "DT", {p.battery}, {{pt(60, 40), out_of_ammunition ? 3 : 1}});
    Table t(p.f);
    t.quiet_command();
    if (out_of_ammunition) t.dice.push({0, 1});  // supply: out of ammunition
    play_turn(t.ctx, 1);                         // no comms dice: S has fired, it is not called
    CHECK(t.mission(dt).phase == MissionPhase::Ended);
    CHECK(t.side(Blue).missions_ended_supply == (out_of_ammunition ? 1 : 0));
    CHECK(t.state.batteries[p.battery].mission == -1);
    CHECK(t.side(Blue).missions_started == 1);
    CHECK(t.unit(p.r).first_hit == 0);
    CHECK(t.dice.exhausted());
    t.quiet_command();
    t.dice.push({3, 1,          // comms: fires at once
                 0, 0, 0, 0});  // on R
    play_turn(t.ctx, 2);
    CHECK(t.side(Blue).missions_started == 2);
    CHECK(t.unit(p.r).first_hit == 2);
    CHECK(t.dice.exhausted());
  }
}

TEST_CASE("PF-PR: the trigger picks the point nearest an enemy unit or Blind; policy turns calls the listed point on the listed turns",
          "[engine][barrage][PF-PR]") {
  Fixture f;
  const int s = f.battery(Blue, "S");
  const int m = f.pre_registered(Blue, "DF", {s}, {pt(20, 20), pt(40, 20)}, FireMode::Single);
  f.unit(Red, "Near1", pt(20, 25));   // 5" from point 1
  f.blind(Red, "Near2", pt(43, 20));  // 3" from point 2: a Blind triggers too
  const int t2 = f.pre_registered(Blue, "Timed", {f.battery(Blue, "T")}, {pt(60, 40)}, FireMode::Single);
  auto& timed = std::get<PreRegisteredBarrage>(f.sc.missions[t2].kind);
  timed.call_policy = CallPolicy::Turns;
  timed.call_turns = {3, 5};
  Table t(f);
  auto call_point = [&](int mission, int turn) {
    return std::get<PreRegisteredBarrage>(t.sc.missions[mission].kind).call_point_now(t.ctx, Blue, turn);
  };
  CHECK(call_point(m, 1) == 1);
  CHECK(call_point(t2, 2) == -1);
  CHECK(call_point(t2, 3) == 0);
  CHECK(call_point(t2, 5) == 0);
}

TEST_CASE("PF-PR: the point with the nearest enemy, ties within tie_distance to the first listed", "[engine][barrage][PF-PR]") {
  // docs/rules.md F-4 "Measuring", for PF-PR: point 2's enemy is 3", point 1's 3.2" or 3.3".
  const auto called_with_first_at = [](double first_distance) {
    Fixture f;
    const int m = f.pre_registered(Blue, "DF", {f.battery(Blue, "S")}, {pt(20, 20), pt(40, 20)}, FireMode::Single);
    f.unit(Red, "Near1", pt(20, 20 + first_distance));
    f.unit(Red, "Near2", pt(43, 20));
    Table t(f);
    return std::get<PreRegisteredBarrage>(t.sc.missions[m].kind).call_point_now(t.ctx, Blue, 1);
  };
  CHECK(called_with_first_at(3.2) == 0);  // a tie: the first listed
  CHECK(called_with_first_at(3.3) == 1);  // told apart: the nearer
}

TEST_CASE("B-3: a point's nearest enemy ties within tie_distance to the lowest index, units first", "[engine][barrage][B-3]") {
  Fixture f;
  f.unit(Red, "A", pt(20, 25.2));   // 5.2" from the point
  f.unit(Red, "B", pt(25, 20));     // 5"
  f.blind(Red, "C", pt(20, 15.1));  // 4.9"
  Table t(f);
  Point found;
  int64_t d2 = 0;
  REQUIRE(nearest_enemy_marker(t.sc, t.state, Blue, pt(20, 20), 1000, found, d2));
  CHECK(found == pt(25, 20));  // C (4.9") ties with B (0.1" more), not with A (0.3" more): B, a unit
}

TEST_CASE("PF-PR: the trigger measures each point by its nearest enemy, whatever order the enemy's units are listed in",
          "[engine][barrage][PF-PR]") {
  // docs/rules.md F-4 "Measuring": point 1's enemies are X (5.2") and Y (5"), point 2's Z (4.9"). Measured
  // by its nearest, point 1 ties with point 2 (0.1" apart): the first listed. Measured by the enemy
  // the tie rule aims at (X when listed before Y, within 0.25" of Y), point 2 would be called.
  for (const bool x_first : {true, false}) {
    INFO((x_first ? "X listed before Y" : "Y listed before X"));
    Fixture f;
    const int m = f.pre_registered(Blue, "DF", {f.battery(Blue, "S")}, {pt(20, 20), pt(40, 20)}, FireMode::Single);
    if (x_first) f.unit(Red, "X", pt(20, 25.2));
    f.unit(Red, "Y", pt(20, 15));
    if (!x_first) f.unit(Red, "X", pt(20, 25.2));
    f.unit(Red, "Z", pt(40, 24.9));
    Table t(f);
    CHECK(nearest_enemy_distance_squared(t.sc, t.state, Blue, pt(20, 20), 6 * CoordPerInch) == 500 * 500);
    CHECK(std::get<PreRegisteredBarrage>(t.sc.missions[m].kind).call_point_now(t.ctx, Blue, 1) == 0);
    CHECK(t.dice.exhausted());
  }
}
