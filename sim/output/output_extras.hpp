#pragma once
// The outputs beyond JSON and CSV for a run: --plot (gnuplot) and --report (the page, sim/output/report_page.hpp).
#include "sim/record/run_record.hpp"
#include "sim/output/result_files.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <string>
#include <vector>

namespace volley {

// Names (without variant prefix) of the headline metrics drawn as distributions, among schema
// metrics [offset, offset + count).
std::vector<std::string> distribution_metrics(const Schema& schema, size_t offset, size_t count);

// Write --json and --csv outputs of a record (atomically).
void write_record_outputs(const RunRecord& record, const ResultFiles& files);
void write_run_extras(const RunRecord& record, const ResultFiles& files, const ScenarioModel& model);

}  // namespace volley
