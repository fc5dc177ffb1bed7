#pragma once
// The rounds of a run or compare that a page draws as they come (StudyControl::tell_documents): each
// partial record with its presentation (the headline, the map, the distributions, a compare's paired
// differences), so that the page draws each round as the report draws the final one, told as "round"
// with the record's document as `result`.
#include "sim/record/run_record.hpp"
#include "sim/run/run_session.hpp"
#include "sim/scenario/scenario_model.hpp"
#include "sim/study/study_control.hpp"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>

namespace volley {

// A record's presentation with the map given (sim/output/result_presentation.hpp).
using Presenter = std::function<nlohmann::json(const RunRecord& record, const std::string& map)>;

// Empty unless control.tell_documents. The map (of `model`) is drawn once, after the first round has
// gone out: the first answer does not wait for it. The sink refers to `control` and `model`.
RoundSink page_rounds(const StudyControl& control, const ScenarioModel& model, Presenter present);

}  // namespace volley
