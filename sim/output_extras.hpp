#pragma once
// The outputs beyond JSON and CSV: --plot (gnuplot) and --report (HTML) for a run.
#include "sim/run_record.hpp"
#include "sim/run_settings.hpp"
#include "sim/scenario_model.hpp"

namespace volley {

void write_run_extras(const RunRecord& record, const RunSettings& settings, const ScenarioModel& model);

}  // namespace volley
