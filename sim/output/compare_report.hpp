#pragma once
// The text of a paired comparison and its plot/HTML outputs.
#include "sim/scenario/setting_changes.hpp"
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
std::string format_compare(const Tally& tally, const CompareJob& job, const Schema& base_schema, const std::string& headline, double level,
                           const std::vector<std::string>& plays);

// --quiet: the headline metric only, one line per variant: base, variant and their paired difference.
std::string format_compare_headline(const Tally& tally, const CompareJob& job, const std::string& headline, double level);

// The whole report on the terminal: the variants and what each plays (not with quiet), the trial
// count and how the run ended, then format_compare (format_compare_headline with quiet).
// `file_has`: the scenario file's values of the keys changed. `tactics`: each variant's in words
// (ScenarioModel::tactic), for the answer in the designer's words (compare_words.hpp).
std::string compare_text(const RunRecord& record, const CompareJob& job, const Schema& base_schema, const std::string& headline,
                         const std::vector<std::string>& labels, const std::vector<std::string>& plays, const std::string& file_has,
                         const SettingChanges& settings_changed, bool quiet, const std::vector<std::string>& tactics);

void write_compare_extras(const RunRecord& record, const ResultFiles& files, const CompareJob& job, const std::vector<std::string>& labels,
                          const ScenarioModel& model);

}  // namespace volley
