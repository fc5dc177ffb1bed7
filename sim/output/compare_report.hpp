#pragma once
// The text of a paired comparison and its plot/HTML outputs.
#include "sim/scenario/compare_job.hpp"
#include "sim/record/run_record.hpp"
#include "sim/output/result_files.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <string>
#include <vector>

namespace volley {

// Every headline metric of the base schema: each variant's estimate, the paired difference with its
// interval, the unpaired half-width and the variance reduction; then a closing paragraph on the
// headline metric: how much narrower the paired interval is, and the trials a given precision needs.
// Each variant's section names what it and the base play (`plays`: one line per variant).
std::string format_compare(const Tally& tally, const CompareJob& job, const Schema& base_schema, const std::string& headline,
                           double level, const std::vector<std::string>& plays);

// --quiet: the headline metric only, one line per variant: base, variant and their paired difference.
std::string format_compare_headline(const Tally& tally, const CompareJob& job, const std::string& headline, double level);

void write_compare_extras(const RunRecord& record, const ResultFiles& files, const CompareJob& job,
                          const std::vector<std::string>& labels, const ScenarioModel& model);

}  // namespace volley
