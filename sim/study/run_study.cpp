#include "sim/study/run_study.hpp"

#include "sim/output/result_presentation.hpp"
#include "sim/run/run_session.hpp"
#include "sim/scenario/setting_changes.hpp"
#include "sim/study/page_rounds.hpp"

namespace volley {

RunSetup run_setup(RunSettings settings, const ScenarioOpener& open) {
  take_plan_from_checkpoint(settings);
  RunSetup setup;
  setup.doc = open(settings.sets, {}, "--set");
  setup.model = load_model(*setup.doc);
  check_outputs(settings);
  setup.job = setup.model->make_job(settings.seed_value());
  check_session(*setup.job, settings, setup.model->headline_metric());
  setup.settings = std::move(settings);
  return setup;
}

RunStudy run_study(RunSettings settings, const ScenarioOpener& open, const StudyControl& control) {
  return run_study(run_setup(std::move(settings), open), open, control);
}

RunStudy run_study(RunSetup setup, const ScenarioOpener& open, const StudyControl& control) {
  const RunSettings& settings = setup.settings;
  RunStudy study;
  study.model = std::move(setup.model);
  const ScenarioModel& model = *study.model;
  RunRecord record;
  describe_scenario(record, *setup.doc, model, settings.sets);
  const RoundSink rounds =
      page_rounds(control, model, [&](const RunRecord& r, const std::string& map) { return run_presentation(r, model, map); });
  SessionOutcome outcome =
      run_session(*setup.job, settings, std::move(record), model.headline_metric(), control.stop, control.trials(), rounds);
  study.record = std::move(outcome.record);
  study.interrupted = outcome.interrupted;
  study.checkpoint_failure = std::move(outcome.checkpoint_failure);
  // The file without --set: the document already read when no --set was given.
  study.settings_changed = setting_changes(settings.sets.empty() ? *setup.doc : open({}, {}, "--set"), study.record.sets);
  study.decisions = model.decisions();
  // The fields for people (headline, tables, the SVG map) only where a file or a page will hold them;
  // the settings changed and the decisions only where a file will.
  if (settings.writes_result_document() || control.tell_documents) study.record.presentation = run_presentation(study.record, model);
  if (settings.writes_result_document()) {
    study.record.presentation["settings_changed"] = study.settings_changed.changed;
    study.record.presentation["settings_as_in_file"] = study.settings_changed.as_in_file;
    study.record.presentation["decisions"] = study.decisions;
  }
  return study;
}

}  // namespace volley
