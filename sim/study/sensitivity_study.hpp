#pragma once
// `volley sensitivity`'s study: every numeric parameter moved one step each way (whole numbers by 1,
// others by 10%), each change played paired against the unchanged scenario on the same random
// numbers, in one ranking by how far it moves the target. Its result document is
// volley-sensitivity (docs/json-format.md).
#include "sim/output/sensitivity_report.hpp"
#include "sim/run/run_settings.hpp"
#include "sim/study/study_control.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>

namespace volley {

struct SensitivitySettings {
  RunSettings run;     // per parameter, paired: --trials (default 10000), seed, outputs; no --precision
  std::string target;  // the estimate; empty: the scenario's headline
  size_t limit = 0;    // keep the N parameters that move the target most (0: all); every one is played
};

struct SensitivityStudy {
  nlohmann::json document;  // volley-sensitivity
  SensitivityTable table;
};

// Progress: "start" (title, target, trials, seed) before the first parameter is played.
SensitivityStudy sensitivity_study(SensitivitySettings settings, const ScenarioOpener& open, const StudyControl& control);

}  // namespace volley
