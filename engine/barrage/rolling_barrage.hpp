#pragma once
// PF-RB, the rolling barrage: what it is and what it does. Attacker only; it starts by itself on its
// turn (B-4: a delay shifts that turn) and fires at its start; in each later Friendly Logistics Phase
// it moves `step` and fires there; it ends when, after a move, its template no longer overlaps the
// table. It cannot be adjusted.
//
// The behaviour is member templates over the trial context (BarrageContext). The common mission steps
// they call (fire_mission, end_mission, mission_template in missions.hpp) are found when the kernel
// instantiates them, by argument-dependent lookup on the context: a type file needs no kernel header.
// mission_kind.hpp lists what every type provides.
#include "engine/narrator.hpp"
#include "engine/barrage/mission_state.hpp"
#include "engine/barrage/sheaf.hpp"
#include "engine/barrage/template_geometry.hpp"

#include <optional>

namespace volley::barrage {

struct RollingBarrage {
  static constexpr const char* type_name = "rolling";
  static constexpr bool called = false;      // starts on its turn, never called in a Command Pulse
  static constexpr bool adjustable = false;  // PF-RB: its fire is never adjusted

  Point start;      // the template's centre on its first turn
  Point step;       // the move per Friendly Logistics Phase: speed along direction (rolling_step)
  Coord speed = 0;  // per turn (CoordPerInch to the inch), for reports

  Point initial_position() const noexcept { return start; }
  Sheaf sheaf(const MissionState&, Sheaf mission_sheaf) const noexcept { return mission_sheaf; }

  // Where it fires when it starts: at its start position on its first turn.
  std::optional<Point> start_position() const noexcept { return start; }

  // Where it fires next while ongoing: moved on by its step; none once its template, moved, has left
  // the table (it then ends without firing).
  template <class Ctx>
  std::optional<Point> next_position(const Ctx& c, int mission) const noexcept {
    const Point moved = moved_on(c.st.missions[mission]);
    if (!overlaps(mission_template(c.sc, c.st, mission, moved), table_rect(c.sc.table))) return std::nullopt;
    return moved;
  }

  // Moved off the table with positive area (next_position gave none): the barrage ends without firing.
  template <class Ctx>
  void cannot_fire(Ctx& c, int mission) const {
    MissionState& m = c.st.missions[mission];
    m.position = moved_on(m);
    end_mission(c.sc, c.st, mission);
    ++c.st.sides[c.sc.missions[mission].side].missions_ended_edge;
    if constexpr (Ctx::Narrator::enabled)
      c.narr.say(c.sc.missions[mission].name + " moves to " + point_text(m.position) +
                 ": its template has left the table, the barrage ends");
  }

  // Nothing happens after it fires: it goes on until the table edge.
  template <class Ctx>
  void after_fire(Ctx&, int) const noexcept {}

 private:
  Point moved_on(const MissionState& m) const noexcept { return {m.position.x + step.x, m.position.y + step.y}; }
};

}  // namespace volley::barrage
