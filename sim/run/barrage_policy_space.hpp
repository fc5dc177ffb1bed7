#pragma once
// A barrage side's policy space (`volley best`, docs/methods.md "Best play"): the keys that hold its
// player's decisions, never its dice or its forces (docs/scenario-barrage.md):
// - the side's policies (B-2, B-3): `S.policies.cancel` (never, friendly-under), `S.policies.adjust`
//   (none, nearest-enemy), `S.policies.supply_bonus` (false, true), `S.policies.maintain`
//   (while-stock-lasts, never);
// - each fire mission's plan (B-4): its `sheaf` (regular, converged); a rolling or designated
//   mission's `start_turn` (1 to the scenario's turns); a pre-registered one's `mode` (single,
//   continuous) and call `policy` (trigger, turns), and, when the file calls on turns, its
//   `call_point` (each registered point) and `call_turns` (each single turn, beside the file's list).
// Each value is read into the scenario with the file's other values; one the rules refuse (a call
// policy "turns" without call turns) is left out, and a key with a single value left is no choice.
// The default target: the opponent's units dispersed (`O.dispersed`), maximised — what an attacker's
// barrage is for, and what a defender's pre-registered fire does to the advance.
#include "sim/run/policy_space.hpp"
#include "sim/scenario/scenario_document.hpp"

#include <string>

namespace volley {

// Throws std::invalid_argument naming --side when the scenario has no such side.
PolicySpace barrage_policy_space(const ScenarioDocument& doc, const std::string& side);

}  // namespace volley
