#pragma once
// What a firefight trial reports (engine/metrics.hpp): the schema and the per-trial observations,
// both from one declaration per metric (firefight_metrics.cpp). <s> is each side's name.
//
//   <s0>.win <s1>.win draw undecided turn_decided margin close lead_changes behind_after_turn1 comeback
//   then per side: <s>.hits <s>.killed <s>.wounded <s>.casualties <s>.units_broken <s>.figures_left
//   <s>.schnellfeuer <s>.revealed_by_sf_d <s>.kept_hidden_sf_h <s>.reconcealed
//   <s>.consecutive_declarations <s>.reloading_fired <s>.hits.turn1 .. <s>.hits.turn<turns>
//   then per unit, in global index order: <s>.units.<name>.figures_left (its survivors in action)
//   then the controls (luck_controls.hpp): luck.<kind>.<s>.turn<b> per kind, side and turn bucket
#include "engine/firefight/firefight_scenario.hpp"
#include "engine/firefight/firefight_state.hpp"
#include "engine/metrics.hpp"

#include <cstdint>

namespace volley::firefight {

// `close`: the sides' shares of their starting figures in action end within this many percentage points.
inline constexpr int CloseMargin = 10;

// The side whose win is the headline: the fast-fire side, else the first.
inline int headline_side(const FirefightScenario& sc) noexcept { return sc.sides[1].fast_fire && !sc.sides[0].fast_fire ? 1 : 0; }

// Survivors per unit are headline figures (the first screen of a run, as a battle calculator shows
// them) up to this many units in the scenario; beyond, they are shown with --all.
inline constexpr int HeadlineUnitSurvivors = 24;

Schema make_schema(const FirefightScenario& sc);

// The observations of the trial just played into obs[0 .. schema observations()): metrics, then controls.
void observe(const FirefightScenario& sc, const FirefightState& st, int64_t* obs) noexcept;

}  // namespace volley::firefight
