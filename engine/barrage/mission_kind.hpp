#pragma once
// B-4, the fire mission types, one file each: rolling_barrage.hpp (PF-RB), designated_targets.hpp
// (PF-DT), pre_registered_barrage.hpp (PF-PR). A mission's spec holds one of them; the kernel asks
// it, through std::visit (missions.hpp, logistics_phase.hpp), what only its type knows, so that a
// type that lacks a part fails to compile:
//
//   type_name                      its `type` in a scenario file and in reports
//   called, adjustable             whether a Command Pulse calls it (else it starts on its turn, B-4),
//                                  whether B-3 step 3 may adjust its fire
//   initial_position()             its template's centre before the first turn
//   sheaf(state, mission_sheaf)    the sheaf it fires now (B-5)
//   start_position()               where it fires when it starts on its turn; none if it never does
//   next_position(c, mission)      where an ongoing mission fires next; none if it will not
//   cannot_fire(c, mission)        what happens to an ongoing mission that has nowhere to fire
//   after_fire(c, mission)         what happens once it has fired (shift, end, go on)
//
// Adding a type: docs/rules-barrage.md, "Adding a fire mission type".
#include "engine/barrage/designated_targets.hpp"
#include "engine/barrage/pre_registered_barrage.hpp"
#include "engine/barrage/rolling_barrage.hpp"

#include <string>
#include <variant>
#include <vector>

namespace volley::barrage {

using MissionKind = std::variant<RollingBarrage, DesignatedTargets, PreRegisteredBarrage>;

struct MissionSpec {
  std::string name;
  int side = 0;
  std::vector<int> batteries;  // global battery indices; several fire as one (B-5)
  Sheaf sheaf = Sheaf::Regular;
  int start_turn = 1;          // the turn a mission that starts by itself is due (PF-RB, PF-DT)
  MissionKind kind;

  const char* type_name() const noexcept {
    return std::visit([](const auto& k) { return k.type_name; }, kind);
  }
  bool called() const noexcept {
    return std::visit([](const auto& k) { return k.called; }, kind);
  }
};

}  // namespace volley::barrage
