#pragma once
// The state of one barrage trial, held in a worker's scratch: every array is sized from the scenario
// once (BarrageState(scenario)), with the state every trial starts from, and copied back from it by
// reset() at the start of each trial, so a trial allocates nothing (docs/architecture.md, "The kernel").
#include "engine/barrage/barrage_scenario.hpp"
#include "engine/barrage/mission_state.hpp"
#include "engine/barrage/scratch_list.hpp"
#include "engine/face_histogram.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace volley::barrage {

// A rectangle that overlaps nothing (the box of a dispersed unit).
inline constexpr Rect NoBox{INT32_MAX, INT32_MAX, INT32_MIN, INT32_MIN};

struct UnitState {
  Point position;            // while in a standing Blind: unused (the Blind's position counts)
  Rect box;                  // what a fire tests the unit with (B-5): its footprint around `position`,
                             // its standing Blind's footprint while in one, NoBox once dispersed; kept
                             // so by move_unit() and move_blind_units(), the only writers of positions
  int disruption = 0;        // Disruption Points, never recovered (B-5)
  int suppressed_until = 0;  // 0: not suppressed; else recovers at the end of this turn (B-5)
  int first_hit = 0;         // turn first under a fire for effect, 0 never
  int last_hit = 0;          // turn last under a fire for effect, 0 never
  bool in_blind = false;     // held by a Blind that still stands
  bool dispersed = false;
  bool ever_suppressed = false;
  bool hit_by_own_side = false;
  bool suppressed() const noexcept { return suppressed_until != 0; }
};

struct BlindState {
  Point position;  // set with move_blind(), which keeps `box` in step
  Rect box;        // the footprint around `position` (also its units' while it stands)
  bool standing = true;
  bool hit = false;
};

// What a battery is doing (B-3, PF-PR's availability).
struct BatteryState {
  int mission = -1;    // the mission it serves (assigned from its start or call to its end), or -1
  int fired_turn = 0;  // the last turn it fired for effect
};

// A side's dice and tallies for the trial (B-2, B-7).
struct SideState {
  int stock = 0;         // Staff Orders
  int restock_next = 0;  // restocked this turn, usable from next turn (B-2)
  bool failure = false;  // Command Failure this turn
  D6Histogram roll = 0;  // command dice this turn (command.hpp)

  // Per-trial counts reported as metrics (barrage_metrics.hpp).
  int units_hit = 0, suppressed = 0, dispersed = 0, blinds_hit = 0, dummies_hit = 0, morale_lost = 0;
  int staff_spent = 0, missions_started = 0, missions_delayed = 0, missions_cancelled = 0;
  int missions_ended_supply = 0, missions_ended_edge = 0, friendly_hit = 0, command_failures = 0;
};

// A template that fired this turn (for the map).
struct FiredTemplate {
  int mission = 0;
  Rect rect;
};

// One attack of a fire for effect: a unit under the template, with the footprint it is hit with.
struct Attack {
  int unit = 0;
  bool partial = false;   // less than half covered: +1 reaction die (B-5)
  bool in_blind = false;  // attacked inside a standing Blind, with the Blind's footprint
  int battery_hits = 0;
  int battery_sixes = 0;
  int disruption = 0;  // Disruption Points this attack inflicted
};

struct BarrageState {
  explicit BarrageState(const BarrageScenario& scenario);

  std::vector<UnitState> units;
  std::vector<BlindState> blinds;
  std::vector<BatteryState> batteries;
  std::vector<MissionState> missions;
  std::array<SideState, SideCount> sides;
  std::array<int, SideCount> pulse_order{0, 1};
  int turn = 0;
  int next_recovery = 0;  // the earliest end of turn at which a suppressed unit recovers, 0: none (B-5)
  // The balance measures' standing on army morale (morale_standing.hpp).
  int leader = -1;              // the side ahead at the last turn end where one was, -1 none yet
  int lead_changes = 0;         // turn ends at which the other side became ahead
  int behind_after_turn1 = -1;  // the side behind at the end of turn 1, -1 none

  // Scratch, capacity fixed here.
  ScratchList<FiredTemplate> fired;  // this turn; capacity: one per mission
  ScratchList<Attack> attacks;       // this fire for effect; capacity: one per unit
  ScratchList<int> dispersed_now;    // this fire for effect; capacity: one per unit

  // Puts the state back to the start of a trial (before placement), as built from `scenario` (the one
  // the state was made for): copies, no allocation.
  void reset(const BarrageScenario& scenario) noexcept;

  // The start of every trial (before placement), built once from the scenario.
  std::vector<UnitState> initial_units;
  std::vector<BlindState> initial_blinds;
  std::vector<MissionState> initial_missions;
  std::array<SideState, SideCount> initial_sides;
};

// A unit standing on its own (not in a Blind) moves, or a dispersed one is put where the map shows it.
inline void move_unit(UnitState& unit, const UnitSpec& spec, Point to) noexcept {
  unit.position = to;
  unit.box = unit.dispersed ? NoBox : rect_around(to, spec.footprint);
}

// A Blind's units take its footprint while it stands (call after it moves).
inline void move_blind_units(const BlindSpec& spec, const BlindState& blind, std::vector<UnitState>& units) noexcept {
  for (int u : spec.units)
    if (units[u].in_blind) units[u].box = blind.box;
}

inline void move_blind(BlindState& blind, const BlindSpec& spec, Point to, std::vector<UnitState>& units) noexcept {
  blind.position = to;
  blind.box = rect_around(to, spec.footprint);
  move_blind_units(spec, blind, units);
}

}  // namespace volley::barrage
