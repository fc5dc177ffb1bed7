#pragma once
// `volley compare`'s study: the base and its variants played on the same trials with the same random
// numbers (CompareJob), every difference with a paired interval. Its result document is the
// RunRecord of command "compare" (docs/json-format.md), its presentation filled.
#include "sim/record/run_record.hpp"
#include "sim/run/run_settings.hpp"
#include "sim/scenario/compare_job.hpp"
#include "sim/scenario/scenario_model.hpp"
#include "sim/scenario/setting_changes.hpp"
#include "sim/study/study_control.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace volley {

// One variant: the base with these assignments applied after its --set; `label` names it (the --vs
// text as given).
struct CompareVariant {
  std::string label;
  std::vector<std::string> assignments;
};

struct CompareSettings {
  RunSettings run;                       // the base: scenario, --set, trials, seed, outputs
  std::vector<CompareVariant> variants;  // at least one
};

struct CompareStudy {
  RunRecord record;                                    // the result document
  std::vector<std::unique_ptr<ScenarioModel>> models;  // the base, then each variant kept
  std::unique_ptr<CompareJob> job;
  std::shared_ptr<const Schema> base_schema;  // one variant's metrics, unprefixed
  std::string headline;                       // the base's headline metric
  std::vector<std::string> labels;            // of the base and each variant kept
  std::vector<std::string> plays;             // per variant: the values it plays for every key changed
  std::string file_has;                       // the scenario file's values of those keys
  SettingChanges settings_changed;            // the base's --set against the file
  bool interrupted = false;
  std::string checkpoint_failure;
};

// --precision on a paired run, [NAME=]E: NAME (default the base's headline) means the paired
// difference of the first variant unless the paired job has a metric of that name. The precision
// text the plan of `paired` takes; std::invalid_argument for one that does not parse.
std::string paired_precision(const std::string& precision, const std::string& headline, const Schema& paired);

// A compare checked and loaded, nothing played yet (as RunSetup).
struct CompareSetup {
  CompareSettings settings;              // the base's --set with the default question's, --precision paired
  std::vector<CompareVariant> variants;  // the base, then each --vs
  std::vector<ScenarioDocument> docs;    // of the base and each variant kept
  std::optional<ScenarioDocument> file;  // the file without --set, read once
  CompareStudy study;                    // its models, job, base schema, headline and labels
};

// No variant: the scenario's default question (ScenarioModel::default_question, reported as a
// "note"), or std::invalid_argument saying what to type.
// A variant equal to the base (every key equal, defaults written out) is left out with a "note";
// throws std::invalid_argument when none is left.
// Throws before anything is played; `control` is told the notes.
CompareSetup compare_setup(CompareSettings settings, const ScenarioOpener& open, const StudyControl& control);
// Plays a compare. With control.tell_documents, every round but the last is told as "round" (the
// record so far, with its presentation, as `result`) and the result has its presentation whether or
// not a file holds it.
CompareStudy compare_study(CompareSetup setup, const ScenarioOpener& open, const StudyControl& control);
// compare_setup, then compare_study.
CompareStudy compare_study(CompareSettings settings, const ScenarioOpener& open, const StudyControl& control);

}  // namespace volley
