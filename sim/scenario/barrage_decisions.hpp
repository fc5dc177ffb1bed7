#pragma once
// The decisions a barrage scenario makes for a side's player (docs/methods.md "Best play"): the keys
// that hold them, each with the scenario's value and the values the rules allow, written once for the
// run's header (ScenarioModel::decisions) and the side's policy space (`volley best`):
// - the side's policies (B-2, B-3): `S.policies.cancel`, `S.policies.adjust`,
//   `S.policies.supply_bonus`, `S.policies.maintain`;
// - each fire mission's plan (B-4): its `sheaf`; a rolling or designated mission's `start_turn` (1 to
//   the scenario's turns, PF-RB, PF-DT); a pre-registered one's `mode` and call `policy`, and, when it
//   calls on turns, its `call_point` (each registered point) and `call_turns` (each single turn beside
//   the scenario's list) (PF-PR).
// Dice, forces, positions and a rolling barrage's path are the scenario's, not decisions.
#include "engine/barrage/barrage_scenario.hpp"

#include <string>
#include <vector>

namespace volley {

struct BarrageDecision {
  std::string key;                  // as --set addresses it: "british.missions.RB1.start_turn"
  std::string value;                // the scenario's
  std::vector<std::string> values;  // the values the rules allow (some only with other keys' values)
};

std::vector<BarrageDecision> barrage_decisions(const barrage::BarrageScenario& sc, int side);

}  // namespace volley
