#pragma once
// B-4, the planned fire missions: what every type shares (batteries, schedule, delays, cancellation,
// the fire itself) and the two places the kernel runs them: the fire step of the Friendly Logistics
// Phase (B-3 step 4) and the calls of the Command Pulse (PF-PR). What differs by type (where it
// fires, what follows a fire) is the type's own file, asked through visit_kind (mission_kind.hpp).
// A delay (Command Failure, Staff Orders short, battery busy) shifts the whole schedule a turn;
// positions are unchanged (B-4). Short of Staff Orders, ruleset unpaid_start may cancel the mission
// instead. Nothing deviates.
#include "engine/barrage/barrage_context.hpp"
#include "engine/barrage/comms.hpp"
#include "engine/barrage/fire_for_effect.hpp"
#include "engine/measuring.hpp"

#include <optional>
#include <string>
#include <variant>

namespace volley::barrage {

// The sheaf a mission fires now (a designated-targets mission notes one for each target, PF-DT).
inline Sheaf mission_sheaf(const BarrageScenario& scenario, const BarrageState& state, int mission) noexcept {
  const MissionSpec& spec = scenario.missions[mission];
  return visit_kind(spec.kind, [&](const auto& kind) { return kind.sheaf(state.missions[mission], spec.sheaf); });
}

inline Rect mission_template(const BarrageScenario& scenario, const BarrageState& state, int mission, Point centre) noexcept {
  const Ruleset& rules = scenario.ruleset;
  return rect_around(centre, mission_sheaf(scenario, state, mission) == Sheaf::Regular ? rules.regular_template : rules.converged_template);
}

// A battery may take a mission (start, or a call) if it serves none and has not fired this turn.
inline bool batteries_available(const BarrageScenario& scenario, const BarrageState& state, int mission, int turn) noexcept {
  for (int b : scenario.missions[mission].batteries)
    if (state.batteries[b].mission != -1 || state.batteries[b].fired_turn == turn) return false;
  return true;
}

inline void assign_batteries(const BarrageScenario& scenario, BarrageState& state, int mission) noexcept {
  for (int b : scenario.missions[mission].batteries) state.batteries[b].mission = mission;
}

// The batteries still serving a mission (those that ran out of supply or were not maintained have
// dropped out, B-5).
inline int active_batteries(const BarrageScenario& scenario, const BarrageState& state, int mission) noexcept {
  int n = 0;
  for (int b : scenario.missions[mission].batteries) n += state.batteries[b].mission == mission;
  return n;
}

// B-5, one mission with several batteries: the largest rolls its full dice, each other adds half its
// dice, rounded up. `lead` gets the first active battery (whose streams the fire uses).
inline int mission_fire_dice(const BarrageScenario& scenario, const BarrageState& state, int mission, int& lead) noexcept {
  int largest = 0, halves = 0;
  lead = -1;
  for (int b : scenario.missions[mission].batteries) {
    if (state.batteries[b].mission != mission) continue;
    if (lead < 0) lead = b;
    const int dice = scenario.batteries[b].fire_dice;
    if (dice > largest) largest = dice;
    halves += (dice + 1) / 2;
  }
  return lead < 0 ? 0 : largest + halves - (largest + 1) / 2;
}

inline std::string battery_names(const BarrageScenario& scenario, int mission) {
  std::string names;
  for (int b : scenario.missions[mission].batteries) names += (names.empty() ? "" : "+") + scenario.batteries[b].name;
  return names;
}

// A mission is over: its batteries are free; a pre-registered barrage may be called again (PF-PR).
inline void end_mission(const BarrageScenario& scenario, BarrageState& state, int mission) noexcept {
  for (int b : scenario.missions[mission].batteries)
    if (state.batteries[b].mission == mission) state.batteries[b].mission = -1;
  state.missions[mission].phase = scenario.missions[mission].called() ? MissionPhase::Waiting : MissionPhase::Ended;
}

// The enemy markers a side can see and aim at: standing Blinds (real or dummy, it cannot tell) and
// units in no standing Blind, not dispersed. One index over both lists: the enemy's units, then its
// Blinds.
class EnemyMarkers {
 public:
  EnemyMarkers(const BarrageScenario& scenario, const BarrageState& state, int side) noexcept
      : state_(state), enemy_(scenario.sides[1 - side]), unit_count_(static_cast<int>(enemy_.units.size())) {}

  int count() const noexcept { return unit_count_ + static_cast<int>(enemy_.blinds.size()); }
  Point position(int k) const noexcept {
    return k < unit_count_ ? state_.units[enemy_.units[k]].position : state_.blinds[enemy_.blinds[k - unit_count_]].position;
  }
  // k's squared distance from `from` if the side sees it within `radius2` (squared), else -1.
  int64_t distance2(int k, Point from, int64_t radius2) const noexcept {
    if (!seen(k)) return -1;
    const int64_t d2 = distance_squared(from, position(k));
    return d2 <= radius2 ? d2 : -1;
  }

 private:
  bool seen(int k) const noexcept {
    if (k >= unit_count_) return state_.blinds[enemy_.blinds[k - unit_count_]].standing;
    const UnitState& unit = state_.units[enemy_.units[k]];
    return !unit.dispersed && !unit.in_blind;
  }

  const BarrageState& state_;
  const SideSpec& enemy_;
  int unit_count_;
};

// The enemy marker to aim at from `from` within `radius` (B-3's nearest-enemy adjustment): the
// nearest, ties within tie_distance (docs/rules.md F-4 "Measuring") to the lowest index, units first;
// false if none.
inline bool nearest_enemy_marker(const BarrageScenario& scenario, const BarrageState& state, int side, Point from, Coord radius,
                                 Point& found, int64_t& found_distance_squared) noexcept {
  const EnemyMarkers markers(scenario, state, side);
  const int64_t radius2 = int64_t{radius} * radius;
  const int k =
      nearest_within_tie(markers.count(), scenario.ruleset.tie_distance, [&](int i) { return markers.distance2(i, from, radius2); });
  if (k < 0) return false;
  found = markers.position(k);
  found_distance_squared = distance_squared(from, found);
  return true;
}

// How near the nearest enemy marker within `radius` of `from` is: its squared distance, or -1 if
// none. What PF-PR's trigger measures a point by. Not the distance of the marker the tie rule picks
// (nearest_enemy_marker), which may be up to tie_distance farther: measured by that, which point is
// called depended on the order the enemy's units are listed in.
inline int64_t nearest_enemy_distance_squared(const BarrageScenario& scenario, const BarrageState& state, int side, Point from,
                                              Coord radius) noexcept {
  const EnemyMarkers markers(scenario, state, side);
  const int64_t radius2 = int64_t{radius} * radius;
  int64_t nearest = -1;
  for (int k = 0; k < markers.count(); ++k) {
    const int64_t d2 = markers.distance2(k, from, radius2);
    if (d2 >= 0 && (nearest < 0 || d2 < nearest)) nearest = d2;
  }
  return nearest;
}

// Fires a mission's template centred at `centre`: every active battery has fired this turn (B-3
// step 4, PF-PR), the template is recorded for the map, and the fire is resolved (B-5).
template <class Ctx>
void fire_mission(Ctx& c, int mission, Point centre, int turn) {
  const BarrageScenario& sc = c.sc;
  BarrageState& st = c.st;
  int lead = -1;
  const int dice = mission_fire_dice(sc, st, mission, lead);
  st.missions[mission].position = centre;
  for (int b : sc.missions[mission].batteries)
    if (st.batteries[b].mission == mission) st.batteries[b].fired_turn = turn;
  const Rect rect = mission_template(sc, st, mission, centre);
  st.fired.push_back({mission, rect});
  if constexpr (Ctx::Narrator::enabled)
    c.narr.say([&] {
      return sc.missions[mission].name + " (" + sc.missions[mission].type_name() + ", " + battery_names(sc, mission) +
             "): fire for effect, " + word_of(mission_sheaf(sc, st, mission)) + " sheaf at " + point_text(centre) + ", " +
             std::to_string(dice) + " dice per target";
    }());
  if constexpr (Ctx::Narrator::enabled) c.narr.indent();
  fire_for_effect(c, mission, dice, lead, rect, turn);
  if constexpr (Ctx::Narrator::enabled) c.narr.outdent();
}

// A planned mission cannot fire this turn: its whole schedule shifts a turn (B-4).
template <class Ctx>
void delay_mission(Ctx& c, int mission, int turn, const char* why) {
  MissionState& m = c.st.missions[mission];
  m.start_turn = turn + 1;
  ++c.st.sides[c.sc.missions[mission].side].missions_delayed;
  if constexpr (Ctx::Narrator::enabled)
    c.narr.say(c.sc.missions[mission].name + " delayed to turn " + std::to_string(turn + 1) + ": " + why);
}

// B-4 [assumed]: a planned mission whose side is short of the start_cost Staff Orders on its turn is
// delayed a turn (ruleset unpaid_start "delay", the default), or cancelled for good ("cancel":
// counted with the missions a Command Failure cancels, as both are missions that never fire again).
template <class Ctx>
void start_unpaid(Ctx& c, int mission, int turn) {
  if (c.sc.ruleset.unpaid_start == UnpaidStart::Delay) return delay_mission(c, mission, turn, "Staff Orders short");
  c.st.missions[mission].phase = MissionPhase::Ended;
  ++c.st.sides[c.sc.missions[mission].side].missions_cancelled;
  if constexpr (Ctx::Narrator::enabled) c.narr.say(c.sc.missions[mission].name + " cancelled: Staff Orders short");
}

// Where a mission will fire next in this turn's Friendly Logistics Phase (B-3 step 4), if it will:
// the cancel policy (B-3 step 2) looks there, and the fire step fires there.
template <class Ctx>
[[gnu::always_inline]] inline std::optional<Point> next_fire_position(const Ctx& c, int mission, int turn) noexcept {
  const MissionSpec& spec = c.sc.missions[mission];
  const MissionState& m = c.st.missions[mission];
  switch (m.phase) {
    case MissionPhase::Waiting:
      if (m.start_turn > turn) return std::nullopt;
      return visit_kind(spec.kind, [](const auto& kind) { return kind.start_position(); });
    case MissionPhase::Called:
      return m.position;
    case MissionPhase::Ongoing:
      return visit_kind(spec.kind, [&](const auto& kind) { return kind.next_position(c, mission); });
    case MissionPhase::Ended:
      return std::nullopt;
  }
  return std::nullopt;
}

// What happens once a mission has fired (its type's after_fire: shift, end or go on).
template <class Ctx>
void after_fire(Ctx& c, int mission) {
  visit_kind(c.sc.missions[mission].kind, [&](const auto& kind) { kind.after_fire(c, mission); });
}

// B-3 step 4 for one mission: start a mission due this turn, fire a called pre-registered barrage
// whose comms check failed, or fire an ongoing mission, each where next_fire_position says (a
// rolling barrage has moved first); then what its type does after a fire. An ongoing mission with
// nowhere to fire ends as its type says (a rolling barrage has left the table).
template <class Ctx>
void mission_fire_step(Ctx& c, int mission, int turn) {
  const BarrageScenario& sc = c.sc;
  const MissionSpec& spec = sc.missions[mission];
  BarrageState& st = c.st;
  MissionState& m = st.missions[mission];
  SideState& side = st.sides[spec.side];
  const std::optional<Point> next = next_fire_position(c, mission, turn);
  switch (m.phase) {
    case MissionPhase::Waiting:
      if (!next) return;  // not due yet, or one that is called (PF-PR)
      // PF-RB, PF-DT: starts automatically on its turn; a friendly Command Failure delays it (B-2);
      // so does a battery still busy; a stock short of the two Staff Orders it costs delays or
      // cancels it (B-4 [assumed], ruleset unpaid_start).
      if (side.failure) return delay_mission(c, mission, turn, "Command Failure");
      if (!batteries_available(sc, st, mission, turn)) return delay_mission(c, mission, turn, "its battery is busy");
      if (!spend_staff_orders(side, sc.ruleset.start_cost)) return start_unpaid(c, mission, turn);
      assign_batteries(sc, st, mission);
      ++side.missions_started;
      m.phase = MissionPhase::Ongoing;
      m.target = 0;
      m.fired_at_target = 0;
      if constexpr (Ctx::Narrator::enabled)
        c.narr.say(spec.name + " starts (" + std::to_string(sc.ruleset.start_cost) + " Staff Orders, " + std::to_string(side.stock) +
                   " left)");
      break;
    case MissionPhase::Called:  // PF-PR: a barrage whose comms check failed fires now
      break;
    case MissionPhase::Ongoing:
      if (!next) return visit_kind(spec.kind, [&](const auto& kind) { kind.cannot_fire(c, mission); });
      break;
    case MissionPhase::Ended:
      return;
  }
  fire_mission(c, mission, *next, turn);
  after_fire(c, mission);
}

// Command Pulse, first step (B-7): calls of pre-registered barrages (PF-PR). Not in a turn of a
// friendly Command Failure (B-2); the battery must not have fired this turn nor serve a mission.
template <class Ctx>
void call_pre_registered(Ctx& c, int side_index, int turn) {
  const BarrageScenario& sc = c.sc;
  BarrageState& st = c.st;
  SideState& side = st.sides[side_index];
  for (int mission : sc.sides[side_index].pre_registered) {
    const MissionSpec& spec = sc.missions[mission];
    const PreRegisteredBarrage& barrage = std::get<PreRegisteredBarrage>(spec.kind);  // the side's PF-PR missions only
    MissionState& m = st.missions[mission];
    if (m.phase != MissionPhase::Waiting) continue;
    if (!batteries_available(sc, st, mission, turn)) continue;
    const int point = barrage.call_point_now(c, spec.side, turn);
    if (point < 0) continue;
    if (side.failure) {
      if constexpr (Ctx::Narrator::enabled) c.narr.say(spec.name + " not called: Command Failure this turn");
      continue;
    }
    if (!spend_staff_orders(side, sc.ruleset.call_cost)) {
      if constexpr (Ctx::Narrator::enabled) c.narr.say(spec.name + " not called: Staff Orders short (" + std::to_string(side.stock) + ")");
      continue;
    }
    assign_batteries(sc, st, mission);
    ++side.missions_started;
    m.position = barrage.points[point];
    const CheckRoll check = comms_check(c.dice, sc.ruleset, sc.sides[side_index].comms_dice + sc.ruleset.call_comms_bonus, turn,
                                        comms_actor(spec.batteries.front(), CommsFor::Call));
    if constexpr (Ctx::Narrator::enabled)
      c.narr.say([&] {
        const bool named =
            static_cast<size_t>(point) < barrage.point_names.size() && !barrage.point_names[static_cast<size_t>(point)].empty();
        return spec.name + " called at point " + std::to_string(point + 1) +
               (named ? " (" + barrage.point_names[static_cast<size_t>(point)] + ")" : "") + " " + point_text(m.position) + " (" +
               std::to_string(sc.ruleset.call_cost) + " Staff Orders, " + std::to_string(side.stock) + " left); comms check " +
               std::to_string(check.dice) + "D: " + std::to_string(check.own) + " against " + std::to_string(check.opposition) +
               (check.success ? ": fires at once" : ": delayed to the next Friendly Logistics Phase");
      }());
    if (check.success) {
      fire_mission(c, mission, m.position, turn);
      after_fire(c, mission);
    } else {
      m.phase = MissionPhase::Called;
      ++side.missions_delayed;
    }
  }
}

}  // namespace volley::barrage
