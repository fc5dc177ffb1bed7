#pragma once
// Where a fire mission stands in a trial (B-4): its phase and where it fires. Every mission type
// (rolling_barrage.hpp, designated_targets.hpp, pre_registered_barrage.hpp) moves through these
// phases; the fields a type alone uses say so.
#include "engine/barrage/template_geometry.hpp"

#include <cstdint>

namespace volley::barrage {

enum class MissionPhase : uint8_t {
  Waiting,  // PF-RB, PF-DT: before its (possibly delayed) start; PF-PR: not called, callable
  Called,   // PF-PR: called, its comms check failed: fires in the next Friendly Logistics Phase
  Ongoing,  // has fired and goes on firing (continuous)
  Ended,    // PF-RB, PF-DT: finished for good (a PF-PR goes back to Waiting instead)
};

struct MissionState {
  MissionPhase phase = MissionPhase::Waiting;
  int start_turn = 1;       // PF-RB, PF-DT: the planned start, shifted by each delay (B-4)
  Point position;           // the template's centre where it last fired or will fire
  int target = 0;           // PF-DT: the target it fires at
  int fired_at_target = 0;  // PF-DT: turns actually fired at it
};

}  // namespace volley::barrage
