#pragma once
// `volley fire`'s study: the exact law of a firer's fire at one target with a firefight scenario's
// ruleset and weapons (F-4), normal fire beside schnellfeuer. First over a span of turns (2 by
// default: schnellfeuer's cycle of a burst and a reload turn, SF-B and SF-E), where the reload turn
// counts against it; then per volley (SF-B: twice the dice at -1), with the chance that the burst
// pins the target prone (F-8a). No trial is played: every law is exact.
#include "sim/output/fire_report.hpp"
#include "sim/run/run_settings.hpp"
#include "sim/study/study_control.hpp"

#include <optional>
#include <string>

namespace volley {

struct FireSettings {
  RunSettings run;                                  // scenario and --set, the plot's path
  std::string weapon, unit;                         // the firer: a weapon of the ruleset (with figures), or a unit of the scenario
  std::optional<int> figures;                       // figures firing (a unit's own when not given)
  std::string target;                               // the target: a unit of the other side (`--at`), else target_class
  std::optional<int> target_class, target_figures;  // a unit's own when not given
  double range = -1;                                // inches; negative: between the units' positions, or not given
  bool firer_prone = false;                         // F-8a: -1
  int turns = 2;                                    // of standing fire, for the first laws
};

// Throws std::invalid_argument (a scenario that is no firefight, an unknown weapon or unit, a
// target on the firer's side, a target out of reach) or ScenarioErrors.
FireTable fire_study(const FireSettings& settings, const ScenarioOpener& open);

}  // namespace volley
