#include "engine/barrage/barrage_state.hpp"

namespace volley::barrage {

BarrageState::BarrageState(const BarrageScenario& scenario)
    : units(scenario.units.size()),
      blinds(scenario.blinds.size()),
      batteries(scenario.batteries.size()),
      missions(scenario.missions.size()),
      blind_cover(scenario.blinds.size(), Coverage::None) {
  fired.reserve(scenario.missions.size());
  attacks.reserve(scenario.units.size());
  dispersed_now.reserve(scenario.units.size());
}

void reset_state(BarrageState& state, const BarrageScenario& scenario) noexcept {
  for (size_t u = 0; u < state.units.size(); ++u) {
    const UnitSpec& spec = scenario.units[u];
    state.units[u] = UnitState{};
    state.units[u].position = spec.placement.position;
    state.units[u].in_blind = spec.blind >= 0;
  }
  for (size_t b = 0; b < state.blinds.size(); ++b) {
    state.blinds[b] = BlindState{};
    state.blinds[b].position = scenario.blinds[b].placement.position;
  }
  for (auto& battery : state.batteries) battery = BatteryState{};
  for (size_t m = 0; m < state.missions.size(); ++m) {
    const MissionSpec& spec = scenario.missions[m];
    state.missions[m] = MissionState{};
    state.missions[m].start_turn = spec.start_turn;
    state.missions[m].position = spec.type == MissionType::Rolling ? spec.start
                                 : spec.type == MissionType::Designated && !spec.targets.empty() ? spec.targets[0].at
                                                                                                  : Point{};
  }
  for (int s = 0; s < SideCount; ++s) {
    state.sides[s] = SideState{};
    state.sides[s].stock = scenario.sides[s].staff_orders;
  }
  state.pulse_order = {0, 1};
  state.turn = 0;
  state.fired.clear();
  state.attacks.clear();
  state.dispersed_now.clear();
}

}  // namespace volley::barrage
