#pragma once
// PF-PR, the pre-registered barrage: what it is and what it does. Called in a Command Pulse at one of
// its registered points (2 Staff Orders, a comms check at +1D: it fires at once, or in the next
// Friendly Logistics Phase); single (over once it has fired) or continuous; it may be called again
// once it is over, and its fire may be adjusted (B-3 step 3). It never starts by itself.
//
// The behaviour is member templates over the trial context, as rolling_barrage.hpp explains.
#include "engine/barrage/mission_state.hpp"
#include "engine/barrage/sheaf.hpp"
#include "engine/barrage/template_geometry.hpp"
#include "engine/enum_words.hpp"
#include "engine/measuring.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace volley::barrage {

enum class FireMode : uint8_t { Single, Continuous };  // PF-PR
enum class CallPolicy : uint8_t { Trigger, Turns };    // PF-PR
constexpr EnumWords<FireMode, 2> words_of(FireMode) { return {{{FireMode::Single, "single"}, {FireMode::Continuous, "continuous"}}}; }
constexpr EnumWords<CallPolicy, 2> words_of(CallPolicy) { return {{{CallPolicy::Trigger, "trigger"}, {CallPolicy::Turns, "turns"}}}; }
static_assert(lists_values_in_order(words_of(FireMode{})) && lists_values_in_order(words_of(CallPolicy{})));

struct PreRegisteredBarrage {
  static constexpr const char* type_name = "pre-registered";
  static constexpr bool called = true;      // called in a Command Pulse (B-7), never started on a turn
  static constexpr bool adjustable = true;  // B-3 step 3

  std::vector<Point> points;             // the registered points (at most ruleset max_registered_points a battery)
  std::vector<std::string> point_names;  // each point's name in the scenario (for maps and narration); empty: its number
  FireMode mode = FireMode::Single;
  CallPolicy call_policy = CallPolicy::Trigger;
  Coord trigger_radius = 6 * CoordPerInch;  // CallPolicy::Trigger; the loader's default is ruleset trigger_radius
  std::vector<int> call_turns;              // CallPolicy::Turns
  int call_point = 0;                       // CallPolicy::Turns: index into points

  Point initial_position() const noexcept { return {}; }
  Sheaf sheaf(const MissionState&, Sheaf mission_sheaf) const noexcept { return mission_sheaf; }

  // It never starts by itself: it is called (call_point).
  std::optional<Point> start_position() const noexcept { return std::nullopt; }

  // Where it fires next once called: the point it was called (or adjusted) to; a continuous one
  // goes on firing there.
  template <class Ctx>
  std::optional<Point> next_position(const Ctx& c, int mission) const noexcept {
    return c.st.missions[mission].position;
  }

  // Never: once called it fires where it was called (or adjusted) to.
  template <class Ctx>
  void cannot_fire(Ctx&, int) const noexcept {}

  // After a fire: a single barrage is over (and may be called again), a continuous one goes on.
  template <class Ctx>
  void after_fire(Ctx& c, int mission) const {
    if (mode == FireMode::Single) end_mission(c.sc, c.st, mission);
    else c.st.missions[mission].phase = MissionPhase::Ongoing;
  }

  // The call policy: the registered point to call this turn, or -1. Trigger: the point with the
  // nearest enemy unit or Blind within the trigger radius; Turns: the listed point on the listed turns.
  template <class Ctx>
  int call_point_now(const Ctx& c, int side, int turn) const noexcept {
    switch (call_policy) {
      case CallPolicy::Trigger: {
        // 1. Each point is measured by its nearest enemy's distance, whichever enemy the tie rule
        //    would aim at (PF-PR: "an enemy comes within"), so the enemy's listing order cannot matter.
        // 2. The point with the nearest, ties within tie_distance to the first listed (F-4 "Measuring").
        return nearest_within_tie(static_cast<int>(points.size()), c.sc.ruleset.tie_distance,
                                  [&](int i) { return nearest_enemy_distance_squared(c.sc, c.st, side, points[i], trigger_radius); });
      }
      case CallPolicy::Turns:
        for (int t : call_turns)
          if (t == turn) return call_point;
        return -1;
    }
    return -1;
  }
};

}  // namespace volley::barrage
