#pragma once
// A barrage side's policy space (`volley best`, docs/methods.md "Best play"): the decisions the
// scenario makes for that side's player (sim/scenario/barrage_decisions.hpp: its policies, its
// missions' plans), the same list the run's header prints. Each value is read into the scenario with
// the file's other values; one the rules refuse (a call policy "turns" without call turns) is left
// out, and a key with a single value left is no choice. The default target: the opponent's units
// dispersed (`O.dispersed`), maximised — what an attacker's barrage is for, and what a defender's
// pre-registered fire does to the advance.
#include "sim/run/policy_space.hpp"
#include "sim/scenario/scenario_document.hpp"

#include <string>

namespace volley {

// Throws std::invalid_argument naming --side when the scenario has no such side.
PolicySpace barrage_policy_space(const ScenarioDocument& doc, const std::string& side);

}  // namespace volley
