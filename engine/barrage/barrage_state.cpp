#include "engine/barrage/barrage_state.hpp"

#include <algorithm>
#include <variant>

namespace volley::barrage {

BarrageState::BarrageState(const BarrageScenario& scenario)
    : units(scenario.units.size()),
      blinds(scenario.blinds.size()),
      batteries(scenario.batteries.size()),
      missions(scenario.missions.size()),
      fired(scenario.missions.size()),
      attacks(scenario.units.size()),
      dispersed_now(scenario.units.size()),
      initial_units(scenario.units.size()),
      initial_blinds(scenario.blinds.size()),
      initial_missions(scenario.missions.size()) {
  for (size_t u = 0; u < initial_units.size(); ++u) {
    const UnitSpec& spec = scenario.units[u];
    move_unit(initial_units[u], spec, spec.placement.position);
    initial_units[u].in_blind = spec.blind >= 0;
  }
  for (size_t b = 0; b < initial_blinds.size(); ++b)
    move_blind(initial_blinds[b], scenario.blinds[b], scenario.blinds[b].placement.position, initial_units);
  for (size_t m = 0; m < initial_missions.size(); ++m) {
    const MissionSpec& spec = scenario.missions[m];
    initial_missions[m].start_turn = spec.start_turn;
    initial_missions[m].position = visit_kind(spec.kind, [](const auto& kind) { return kind.initial_position(); });
  }
  for (int s = 0; s < SideCount; ++s) initial_sides[s].stock = scenario.sides[s].staff_orders;
}

void BarrageState::reset(const BarrageScenario& /*scenario*/) noexcept {
  BarrageState& state = *this;
  std::copy(state.initial_units.begin(), state.initial_units.end(), state.units.begin());
  std::copy(state.initial_blinds.begin(), state.initial_blinds.end(), state.blinds.begin());
  std::fill(state.batteries.begin(), state.batteries.end(), BatteryState{});
  std::copy(state.initial_missions.begin(), state.initial_missions.end(), state.missions.begin());
  state.sides = state.initial_sides;
  state.pulse_order = {0, 1};
  state.turn = 0;
  state.next_recovery = 0;
  state.leader = -1;
  state.lead_changes = 0;
  state.behind_after_turn1 = -1;
  state.fired.clear();
  state.attacks.clear();
  state.dispersed_now.clear();
}

}  // namespace volley::barrage
