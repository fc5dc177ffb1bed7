#pragma once
// What a result file carries for people and for the report page beyond the integer tallies
// (docs/json-format.md, "For the report page"): the headline metric's name, the map of the setup as
// SVG, each count's distribution with Wilson intervals (P(= k) and P(>= k)), and for a compare every
// headline metric's paired difference, computed exactly as the terminal prints it. The page
// (sim/web/) draws only from these and the estimates, so `volley serve` can send the same JSON.
#include "sim/scenario/compare_job.hpp"
#include "sim/record/run_record.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace volley {

nlohmann::json run_presentation(const RunRecord& record, const ScenarioModel& model);

// labels: each variant's label (v0 the base).
nlohmann::json compare_presentation(const RunRecord& record, const CompareJob& job, const std::vector<std::string>& labels,
                                    const ScenarioModel& model);

// The same with the map given: `volley serve` draws it once per run and presents every round.
nlohmann::json run_presentation(const RunRecord& record, const ScenarioModel& model, const std::string& map);
nlohmann::json compare_presentation(const RunRecord& record, const CompareJob& job, const std::vector<std::string>& labels,
                                    const ScenarioModel& model, const std::string& map);

}  // namespace volley
