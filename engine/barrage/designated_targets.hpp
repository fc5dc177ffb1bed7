#pragma once
// PF-DT, fire on designated targets: what it is and what it does. It starts by itself on its turn
// (B-4: a delay shifts that turn) and fires the given number of turns (turns actually fired) at each
// target in turn, shifting without deviation; it ends after the last. Each target may name the sheaf
// fired at it. It cannot be adjusted.
//
// The behaviour is member templates over the trial context, as rolling_barrage.hpp explains.
#include "engine/narrator.hpp"
#include "engine/barrage/mission_state.hpp"
#include "engine/barrage/sheaf.hpp"
#include "engine/barrage/template_geometry.hpp"

#include <optional>
#include <string>
#include <vector>

namespace volley::barrage {

struct DesignatedTarget {
  Point at;
  int turns = 1;
  std::string name;            // the scenario's name for it, for maps and narration; empty: called by its number
  std::optional<Sheaf> sheaf;  // PF-DT: the sheaf fired at this target; none: the mission's

  DesignatedTarget() = default;
  DesignatedTarget(Point where, int turns_fired, std::optional<Sheaf> sheaf_fired = {})
      : at(where), turns(turns_fired), sheaf(sheaf_fired) {}
};

struct DesignatedTargets {
  static constexpr const char* type_name = "designated";
  static constexpr bool called = false;      // starts on its turn, never called in a Command Pulse
  static constexpr bool adjustable = false;  // PF-DT: its fire is never adjusted

  std::vector<DesignatedTarget> targets;  // in the order fired; the loader requires one at least

  Point initial_position() const noexcept { return targets.empty() ? Point{} : targets.front().at; }

  // PF-DT: "the type of sheaves fired" is noted with each target; the mission's when a target gives none.
  Sheaf sheaf(const MissionState& m, Sheaf mission_sheaf) const noexcept { return targets[m.target].sheaf.value_or(mission_sheaf); }

  // Where it fires when it starts: its first target.
  std::optional<Point> start_position() const noexcept {
    if (targets.empty()) return std::nullopt;
    return targets.front().at;
  }

  // Where it fires next while ongoing: the target it is on (after_fire shifts it after each fire).
  template <class Ctx>
  std::optional<Point> next_position(const Ctx& c, int mission) const noexcept {
    return targets[c.st.missions[mission].target].at;
  }

  // Never: it always has a target to fire at until it ends.
  template <class Ctx>
  void cannot_fire(Ctx&, int) const noexcept {}

  // After each fire: count the turn at the current target; shift to the next when its turns are
  // done; end after the last.
  template <class Ctx>
  void after_fire(Ctx& c, int mission) const {
    const std::string& name = c.sc.missions[mission].name;
    MissionState& m = c.st.missions[mission];
    if (++m.fired_at_target < targets[m.target].turns) return;
    m.fired_at_target = 0;
    if (++m.target == static_cast<int>(targets.size())) {
      end_mission(c.sc, c.st, mission);
      if constexpr (Ctx::Narrator::enabled) c.narr.say(name + " has fired at its last target: mission over");
      return;
    }
    m.position = targets[m.target].at;
    if constexpr (Ctx::Narrator::enabled) {
      const std::string& target_name = targets[m.target].name;
      c.narr.say(name + " shifts to target " + std::to_string(m.target + 1) + (target_name.empty() ? "" : " (" + target_name + ")") +
                 " at " + point_text(m.position) + " (no deviation)");
    }
  }
};

}  // namespace volley::barrage
