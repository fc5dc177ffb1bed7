#pragma once
// Builds small barrage scenarios for rules tests, straight into the kernel's structs: two sides,
// "red" (attacker, home edge south) and "blue" (defender, home edge north), a 72" x 48" table, the
// ruleset's defaults, and whatever units, Blinds, batteries and missions a test adds. Positions are
// given in inches.
#include "engine/barrage/barrage_context.hpp"
#include "engine/barrage/barrage_scenario.hpp"
#include "engine/barrage/barrage_state.hpp"
#include "engine/barrage/barrage_trial.hpp"
#include "engine/scripted_dice.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <initializer_list>
#include <memory>
#include <span>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace volley {
// So that Catch prints positions in failed checks.
inline std::ostream& operator<<(std::ostream& os, Point p) { return os << "(" << p.x << ", " << p.y << ")"; }
}  // namespace volley

namespace volley::barrage::test {

inline Point pt(double x, double y) { return {to_coord(x), to_coord(y)}; }

inline constexpr int Red = 0;
inline constexpr int Blue = 1;

struct Fixture {
  BarrageScenario sc;

  Fixture() {
    sc.title = "test";
    sc.turns = 10;
    sc.sides[Red].name = "red";
    sc.sides[Blue].name = "blue";
    sc.attacker = Red;
    sc.sides[Red].home_edge = Edge::South;
    sc.sides[Blue].home_edge = Edge::North;
    for (auto& side : sc.sides) {
      side.command_dice = 6;
      side.staff_orders = 6;
      side.comms_dice = 4;
      side.supply_dice = 4;
    }
  }

  // A side's Staff Orders fixed at `stock`, never restocked (B-2), and no supply checks (B-3 step 5):
  // what the tests of spending, maintenance and cancellation start from.
  void fixed_stock(int side, int stock) {
    sc.ruleset.supply_checks = false;
    sc.sides[side].staff_orders = stock;
    sc.sides[side].restock = RestockRule::None;
  }

  int unit(int side, std::string name, Point position, Cover cover = Cover::None, int reaction_dice = 4, int cohesion = 3) {
    UnitSpec u;
    u.name = std::move(name);
    u.side = side;
    u.placement.position = position;
    u.footprint = sc.ruleset.unit_footprint;
    u.reaction_dice = reaction_dice;
    u.cover = cover;
    u.cohesion = cohesion;
    sc.units.push_back(u);
    return static_cast<int>(sc.units.size()) - 1;
  }

  // A Blind holding the given units at their offsets (inches); none: a dummy.
  int blind(int side, std::string name, Point position, std::initializer_list<std::pair<int, Point>> members = {}) {
    BlindSpec b;
    b.name = std::move(name);
    b.side = side;
    b.placement.position = position;
    b.footprint = sc.ruleset.blind_footprint;
    sc.blinds.push_back(b);
    const int index = static_cast<int>(sc.blinds.size()) - 1;
    for (const auto& [u, offset] : members) {
      sc.units[u].blind = index;
      sc.units[u].offset = offset;
    }
    return index;
  }

  int battery(int side, std::string name, int fire_dice = 4) {
    sc.batteries.push_back({std::move(name), side, fire_dice, true});
    return static_cast<int>(sc.batteries.size()) - 1;
  }

  // Several batteries of one side with the default fire dice, in order: `const auto [a, b] =
  // f.batteries(Red, "A", "B")`.
  template <class... Names>
  std::array<int, sizeof...(Names)> batteries(int side, Names... names) {
    return {battery(side, names)...};  // a braced list is evaluated left to right
  }

  int rolling(int side, std::string name, std::vector<int> batteries, Point start, Point step, int start_turn = 1) {
    const auto speed = static_cast<Coord>(std::llround(std::hypot(step.x, step.y)));
    return mission(side, std::move(name), std::move(batteries), RollingBarrage{start, step, speed}, start_turn);
  }

  int designated(int side, std::string name, std::vector<int> batteries, std::vector<DesignatedTarget> targets, int start_turn = 1) {
    return mission(side, std::move(name), std::move(batteries), DesignatedTargets{std::move(targets)}, start_turn);
  }

  int pre_registered(int side, std::string name, std::vector<int> batteries, std::vector<Point> points, FireMode mode,
                     Coord trigger_radius = 6 * CoordPerInch) {
    PreRegisteredBarrage barrage;
    barrage.points = std::move(points);
    barrage.mode = mode;
    barrage.trigger_radius = trigger_radius;
    return mission(side, std::move(name), std::move(batteries), std::move(barrage));
  }

  // Red's battery "A" alone on one planned mission, with no supply checks (B-3 step 5), so that a test
  // of another rule scripts no supply dice.
  struct LoneMission {
    int battery = 0, mission = 0;
  };
  // A rolling barrage "RB" from `start`, 6" a turn toward blue's edge.
  LoneMission lone_rolling(Point start) {
    sc.ruleset.supply_checks = false;
    const int a = battery(Red, "A");
    return {a, rolling(Red, "RB", {a}, start, pt(0, 6))};
  }
  // Designated targets "DT".
  LoneMission lone_designated(std::vector<DesignatedTarget> targets, int start_turn = 1) {
    sc.ruleset.supply_checks = false;
    const int a = battery(Red, "A");
    return {a, designated(Red, "DT", {a}, std::move(targets), start_turn)};
  }

  int mission(int side, std::string name, std::vector<int> batteries, MissionKind kind, int start_turn = 1) {
    MissionSpec m;
    m.name = std::move(name);
    m.side = side;
    m.batteries = std::move(batteries);
    m.start_turn = start_turn;
    m.kind = std::move(kind);
    sc.missions.push_back(std::move(m));
    return static_cast<int>(sc.missions.size()) - 1;
  }
};

// The scripted random source, also recording each categories(), d6_categories() or d6_histogram() call (pool size and face groups), so
// that a test can check how many dice the kernel rolled and what they needed.
struct TestDice : ScriptedDice {
  struct Call {
    int dice = 0;
    std::vector<int> groups;
  };
  std::vector<Call> calls;
  void categories(int n, int faces, std::span<const int> sizes, std::span<int> out) {
    calls.push_back({n, std::vector<int>(sizes.begin(), sizes.end())});
    ScriptedDice::categories(n, faces, sizes, out);
  }
  void d6_categories(int n, std::span<const int> sizes, std::span<int> out) { categories(n, 6, sizes, out); }
  D6Histogram d6_histogram(int n) {
    calls.push_back({n, {1, 1, 1, 1, 1}});  // sixes, fives, fours, threes, twos
    return ScriptedDice::d6_histogram(n);
  }
};

// Where a fragment stands in a text; the test stops if it is missing.
inline size_t position(const std::string& text, const std::string& fragment) {
  const size_t at = text.find(fragment);
  INFO("missing from the narration: " << fragment);
  REQUIRE(at != std::string::npos);
  return at;
}

// A prepared scenario with its state and a scripted random source, ready to play steps of a turn.
struct Table {
  explicit Table(Fixture& f) : sc((index_scenario(f.sc), f.sc)), state(sc), ctx{sc, state, dice, narrator} { setup_trial(ctx); }

  const BarrageScenario& sc;
  BarrageState state;
  TestDice dice;
  TextNarrator narrator;
  BarrageContext<TestDice, TextNarrator> ctx;

  UnitState& unit(int u) { return state.units[u]; }
  MissionState& mission(int m) { return state.missions[m]; }
  SideState& side(int s) { return state.sides[s]; }
  // Command dice for one side as the kernel draws them: counts of sixes, fives, fours, threes, twos
  // (the ones are the rest).
  void command(int sixes, int fives, int fours, int threes, int twos) { dice.push({sixes, fives, fours, threes, twos}); }
  // A quiet command roll for both sides: one die of each face (no failure, no restock).
  void quiet_command() {
    command(1, 1, 1, 1, 1);
    command(1, 1, 1, 1, 1);
  }
  // A Command Failure of `side` (six 1s), the other side's roll quiet.
  void command_failure(int side) {
    side == Red ? command(0, 0, 0, 0, 0) : command(1, 1, 1, 1, 1);
    side == Blue ? command(0, 0, 0, 0, 0) : command(1, 1, 1, 1, 1);
  }
  // A whole turn after a quiet command roll.
  void quiet_turn(int turn) {
    quiet_command();
    play_turn(ctx, turn);
  }
  // A whole turn after a Command Failure of `side`.
  void failed_turn(int side, int turn) {
    command_failure(side);
    play_turn(ctx, turn);
  }
};

// Whether the narration holds a fragment.
inline bool says(const Table& t, const std::string& fragment) { return t.narrator.text().find(fragment) != std::string::npos; }

}  // namespace volley::barrage::test
