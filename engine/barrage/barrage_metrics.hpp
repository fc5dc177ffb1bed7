#pragma once
// What a barrage trial reports (B-7): per side, in the sides' order, the counts below; then the
// balance measures on army morale (morale_margin close lead_changes behind_after_turn1 comeback); then, per
// unit of the defender, the turn it was first hit (0 if never). Histogram ranges come from the
// scenario (numbers of units, Blinds, missions, turns). Each metric is declared once, with its
// observation beside it (barrage_metrics.cpp); the schema and the observer both follow it.
#include "engine/barrage/barrage_scenario.hpp"
#include "engine/barrage/barrage_state.hpp"
#include "engine/metrics.hpp"

#include <cstdint>
#include <string>

namespace volley::barrage {

// The schema; its headline is the scenario's `headline`, or "<defender>.dispersed".
Schema make_schema(const BarrageScenario& scenario);

// The headline metric's name.
std::string barrage_headline(const BarrageScenario& scenario);

// One trial's observations, in schema order, from the state at its end.
void observe(const BarrageScenario& scenario, const BarrageState& state, int64_t* obs) noexcept;

}  // namespace volley::barrage
