#include "sim/study/run_study.hpp"

#include "sim/output/result_presentation.hpp"
#include "sim/run/run_session.hpp"
#include "sim/scenario/setting_changes.hpp"

namespace volley {

RunStudy run_study(RunSettings settings, const ScenarioOpener& open, const StudyControl& control) {
  take_plan_from_checkpoint(settings);
  const ScenarioDocument doc = open(settings.sets, {}, "--set");
  RunStudy study;
  study.model = load_model(doc);
  check_outputs(settings);
  const auto job = study.model->make_job(settings.seed_value());
  RunRecord record;
  describe_scenario(record, doc, *study.model, settings.sets);
  SessionOutcome outcome = run_session(*job, settings, std::move(record), study.model->headline_metric(), control.stop, control.trials());
  study.record = std::move(outcome.record);
  study.interrupted = outcome.interrupted;
  study.checkpoint_failure = std::move(outcome.checkpoint_failure);
  study.settings_changed = setting_changes(open({}, {}, "--set"), study.record.sets);
  study.decisions = study.model->decisions();
  // The fields for people (headline, tables, the SVG map) only where a file will hold them.
  if (settings.writes_result_document()) {
    study.record.presentation = run_presentation(study.record, *study.model);
    study.record.presentation["settings_changed"] = study.settings_changed.changed;
    study.record.presentation["settings_as_in_file"] = study.settings_changed.as_in_file;
    study.record.presentation["decisions"] = study.decisions;
  }
  return study;
}

}  // namespace volley
