#pragma once
// Helpers for the firefight rules tests: small scenarios built in C++, a scripted random source that
// also records what the kernel asked for (so a test can check dice counts and bands), and a harness
// that runs single phases or whole turns through the kernel's own functions.
#include "engine/firefight/firefight_metrics.hpp"
#include "engine/firefight/firefight_trial.hpp"
#include "engine/scripted_dice.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace volley::firefight::testing {

inline Point at(double x, double y) { return {to_coord(x), to_coord(y)}; }

// One call the kernel made to its random source.
struct DiceCall {
  std::string kind;  // "below", "die", "successes"
  int n = 0;         // below: the bound; die: faces; successes: dice
  int band = 0;
  int faces = 0;
  Purpose purpose = Purpose::Test;
  uint32_t turn = 0;
  uint32_t actor = 0;
  bool first = false;  // the first draw after a restart of the stream
};

// ScriptedDice (the values, in the order the rules draw them) that records every call.
class RecordingDice {
 public:
  RecordingDice() = default;
  RecordingDice(std::initializer_list<int> values) : script_(values) {}
  void push(std::initializer_list<int> values) { script_.push(values); }

  void restart(Purpose purpose, uint32_t turn, uint32_t actor) {
    purpose_ = purpose;
    turn_ = turn;
    actor_ = actor;
    fresh_ = true;
    script_.restart(purpose, turn, actor);
  }
  uint32_t below(uint32_t bound) {
    calls.push_back({"below", static_cast<int>(bound), 0, 0, purpose_, turn_, actor_, std::exchange(fresh_, false)});
    return script_.below(bound);
  }
  int die(int faces) {
    calls.push_back({"die", faces, 0, faces, purpose_, turn_, actor_, std::exchange(fresh_, false)});
    return script_.die(faces);
  }
  int successes(int n, int band, int faces) {
    calls.push_back({"successes", n, band, faces, purpose_, turn_, actor_, std::exchange(fresh_, false)});
    return script_.successes(n, band, faces);
  }
  uint32_t pool_word() const noexcept { return script_.pool_word(); }
  uint64_t words() const noexcept { return script_.words(); }
  bool exhausted() const noexcept { return script_.exhausted(); }
  size_t remaining() const noexcept { return script_.remaining(); }

  // The calls of one kind and purpose, in order.
  std::vector<DiceCall> of(const std::string& kind, Purpose purpose) const {
    std::vector<DiceCall> out;
    for (const auto& c : calls)
      if (c.kind == kind && c.purpose == purpose) out.push_back(c);
    return out;
  }

  // The fire pools of the volleys, in order: a volley's Fire stream starts with its fire pool (its
  // casualty pool and the card's prone tests follow on the same stream).
  std::vector<DiceCall> volleys() const {
    std::vector<DiceCall> out;
    for (const auto& c : calls)
      if (c.kind == "successes" && c.purpose == Purpose::Fire && c.first) out.push_back(c);
    return out;
  }

  std::vector<DiceCall> calls;

 private:
  ScriptedDice script_;
  Purpose purpose_ = Purpose::Test;
  uint32_t turn_ = 0;
  uint32_t actor_ = 0;
  bool fresh_ = false;
};

// The Cards draw that deals a deck in `order` (the side of each card, first card first): the index
// of that order among every order of the same cards, listed in lexicographic order (side 0 before
// side 1). Counted here by enumerating the orders, independently of the kernel's unranking.
inline int deck_rank(std::initializer_list<int> order) {
  std::vector<int> wanted(order), arrangement(order);
  std::sort(arrangement.begin(), arrangement.end());
  int rank = 0;
  do {
    if (arrangement == wanted) return rank;
    ++rank;
  } while (std::next_permutation(arrangement.begin(), arrangement.end()));
  throw std::logic_error("deck_rank: not an order of its own cards");
}

// The F-4 weapon table on the tsatf20 ruleset (d20, bands doubled).
inline Ruleset tsatf20() {
  Ruleset r;
  r.weapons = {
      {"mauser", to_coord(24), 1, {8, 6, 4, 4}},
      {"maxim", to_coord(36), 3, {8, 6, 4, 4}},
      {"herero-rifle", to_coord(24), 1, {6, 4, 4, 2}},
      {"old-rifle", to_coord(12), 1, {4, 4, 2, 2}},
  };
  return r;
}
inline constexpr int Mauser = 0, Maxim = 1, HereroRifle = 2, OldRifle = 3;
inline constexpr int Herero = 0, German = 1;

// Side 0 "herero" (fast fire, native, policy never), side 1 "german" (prone rule off); no units yet.
inline FirefightScenario make_scenario(int turns = 1) {
  FirefightScenario sc;
  sc.title = "test";
  sc.turns = turns;
  sc.table = {0, 0, to_coord(48), to_coord(36)};
  sc.ruleset = tsatf20();
  sc.sides[Herero].name = "herero";
  sc.sides[Herero].fast_fire = true;
  sc.sides[Herero].native = true;
  sc.sides[German].name = "german";
  return sc;
}

// Add a unit at a point (inches). Native defaults for side 0. Call sc.finalize() when done.
inline UnitSpec& add_unit(FirefightScenario& sc, int side, const std::string& name, int figures, double x, double y, int weapon = -1,
                          int target_class = 1) {
  UnitSpec u;
  u.name = name;
  u.figures = figures;
  u.weapon = weapon >= 0 ? weapon : (side == Herero ? HereroRifle : Mauser);
  u.target_class = target_class;
  u.placement.position = at(x, y);
  const bool native = sc.sides[side].native;
  u.move_dice = native ? 3 : 2;
  u.charge_dice = native ? 4 : 3;
  u.melee_bonus = native ? 1 : 0;
  u.charge_reach = to_coord(6.0 * u.charge_dice);
  sc.sides[side].units.push_back(u);
  return sc.sides[side].units.back();
}

// A unit's figures and place (inches), for h1_against_z1.
struct Placed {
  int figures;
  double x, y;
};

// One unit a side, where many rules tests start: herero H1 and german Z1, each with its side's
// default weapon, added to `sc`.
inline FirefightScenario h1_against_z1(Placed h1, Placed z1, FirefightScenario sc = make_scenario()) {
  add_unit(sc, Herero, "H1", h1.figures, h1.x, h1.y);
  add_unit(sc, German, "Z1", z1.figures, z1.x, z1.y);
  return sc;
}

inline DecoySpec& add_decoy(FirefightScenario& sc, int side, const std::string& name, double x, double y, int subgroup = 0) {
  DecoySpec d;
  d.name = name;
  d.placement.position = at(x, y);
  d.subgroup = subgroup;
  sc.sides[side].decoys.push_back(d);
  return sc.sides[side].decoys.back();
}

// A scenario, its state, a recording scripted source and a text narrator; ctx() gives the kernel's
// view of them. Call setup() (Step 0 of the trial) before running phases.
struct Harness {
  explicit Harness(FirefightScenario scenario) : sc(std::move(scenario)) {
    sc.finalize();
    st.size_for(sc);
  }
  using Ctx = TrialContext<RecordingDice, TextNarrator>;
  Ctx ctx() { return Ctx{sc, st, dice, narr}; }
  void setup() {
    auto c = ctx();
    setup_trial(c);
  }
  // Start turn t as play_turn does (firefight_trial.hpp, begin_turn: the turn's flags cleared,
  // decoys compacted), without running any phase: tests of a later phase start here.
  void begin_turn(int t) {
    auto c = ctx();
    firefight::begin_turn(c, t);
  }
  // setup(), then begin_turn(t): where a test of a phase of turn t starts. Returns the kernel's view,
  // which the test passes to that phase.
  Ctx setup_to_turn(int t) {
    setup();
    begin_turn(t);
    return ctx();
  }
  bool turn(int t) {
    auto c = ctx();
    return play_turn(c, t);
  }
  // Global index of a unit by side and position in its side's list.
  int unit(int side, int index) const { return sc.unit_offset[side] + index; }
  UnitState& u(int side, int index) { return st.units[unit(side, index)]; }
  // The actor a unit's dice calls are recorded under (DiceCall::actor): its global index.
  uint32_t actor(int side, int index) const { return static_cast<uint32_t>(unit(side, index)); }
  int alive_decoys(int side) const {
    int n = 0;
    for (int d = 0; d < st.decoy_count[side]; ++d) n += st.decoys[side][d].alive;
    return n;
  }

  FirefightScenario sc;
  FirefightState st;
  RecordingDice dice;
  TextNarrator narr;
};

}  // namespace volley::firefight::testing
