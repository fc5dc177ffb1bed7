#include "sim/study/compare_study.hpp"

#include "analysis/setting_values.hpp"
#include "sim/output/result_presentation.hpp"
#include "sim/run/run_session.hpp"
#include "sim/scenario/setting_changes.hpp"
#include "sim/study/page_rounds.hpp"

#include <optional>
#include <stdexcept>

namespace volley {

std::string paired_precision(const std::string& precision, const std::string& headline, const Schema& paired) {
  if (precision.empty()) return precision;
  const PrecisionGoal goal = parse_precision("--precision", precision);
  const std::string name = goal.metric.empty() ? headline : goal.metric;
  return paired.find(name) < 0 ? difference_prefix(1) + name + "=" + goal.half_width_text : precision;
}

CompareStudy compare_study(CompareSettings settings, const ScenarioOpener& open, const StudyControl& control) {
  return compare_study(compare_setup(std::move(settings), open, control), open, control);
}

CompareSetup compare_setup(CompareSettings settings, const ScenarioOpener& open, const StudyControl& control) {
  RunSettings& run = settings.run;
  take_plan_from_checkpoint(run);
  // The file as it is, without --set: read once, for the question, the settings a --set changes and
  // the values the file itself gives (parsing a scenario costs more than the start-up of the run).
  const ScenarioDocument file = open({}, {}, "--set");
  if (settings.variants.empty()) {
    // No --vs: the scenario's own question where it has one (the README's), else what to type.
    const auto question = load_model(run.sets.empty() ? file : open(run.sets, {}, "--set"))->default_question();
    if (!question)
      throw std::invalid_argument("give at least one --vs variant to compare with the base, for example\n  volley compare " + run.scenario +
                                  " --vs 'KEY=VALUE;KEY=VALUE'\n(`volley show " + run.scenario + " --toml` lists every key and its value)");
    run.sets.insert(run.sets.begin(), question->base.begin(), question->base.end());  // a --set given still wins
    settings.variants.push_back({question->versus, split_assignments(question->versus)});
    std::string base_words;
    for (const auto& s : question->base) base_words += " --set " + s;
    control.report("note", "no --vs: comparing " + question->words + ":" + base_words + " --vs '" + question->versus + "'");
  }

  // Variant 0 is the base; variant i applies --vs i on top of the base's --set.
  // The --vs assignments come after the base's --set; an error on one names its --vs.
  std::vector<CompareVariant> variants{{run.sets.empty() ? std::string("base") : [&] {
                                          std::string l;
                                          for (const auto& s : run.sets) l += (l.empty() ? "" : "; ") + s;
                                          return l;
                                        }(),
                                        {}}};
  variants.insert(variants.end(), settings.variants.begin(), settings.variants.end());
  CompareSetup setup;
  CompareStudy& study = setup.study;
  std::vector<ScenarioDocument>& docs = setup.docs;
  std::optional<ScenarioDocument> base_full;  // the base with every default written: a variant equal to it is the base again
  std::vector<std::string> same_as_base;      // notes on the variants left out
  for (size_t v = 0; v < variants.size(); ++v) {
    ScenarioDocument doc = open(run.sets, variants[v].assignments, "--vs");
    auto model = load_model(doc);
    // A variant whose settings give the base's scenario again (every key equal) answers an empty
    // question: its differences are 0 in every trial. Say so, and leave it out.
    // Compared with every default written out, so that a key set to the value it already had by
    // default is no change either.
    ScenarioDocument full = complete_scenario(doc);
    if (v == 0) base_full = std::move(full);
    else if (full.root() == base_full->root()) {
      same_as_base.push_back("--vs '" + variants[v].label +
                             "' gives the same scenario as the base (every key equal): nothing to compare, left out");
      continue;
    }
    docs.push_back(std::move(doc));
    study.models.push_back(std::move(model));
    study.labels.push_back(variants[v].label);
  }
  if (study.models.size() < 2)
    throw std::invalid_argument(same_as_base.front() + (same_as_base.size() > 1 ? " (and so does every other --vs)" : "") +
                                "; change a key the base does not already have at that value");
  for (const auto& note : same_as_base) control.report("note", note);
  check_outputs(run);
  const uint64_t seed = run.seed_value();
  std::vector<std::unique_ptr<TrialJob>> jobs;
  for (const auto& m : study.models) jobs.push_back(m->make_job(seed));
  study.base_schema = jobs[0]->schema();
  study.job = std::make_unique<CompareJob>(std::move(jobs));

  // --precision NAME=E on compare means the paired difference of the first variant by default.
  study.headline = study.models[0]->headline_metric();
  run.precision = paired_precision(run.precision, study.headline, *study.job->schema());
  run.seed = std::to_string(seed);
  check_session(*study.job, run, difference_prefix(1) + study.headline);
  setup.settings = std::move(settings);
  setup.variants = std::move(variants);
  setup.file = file;
  return setup;
}

CompareStudy compare_study(CompareSetup setup, const ScenarioOpener& /*open: the setup read every file*/, const StudyControl& control) {
  const RunSettings& run = setup.settings.run;
  const std::vector<CompareVariant>& variants = setup.variants;
  const std::vector<ScenarioDocument>& docs = setup.docs;
  CompareStudy study = std::move(setup.study);
  const ScenarioModel& base = *study.models[0];
  RunRecord record;
  describe_scenario(record, docs[0], base, run.sets);
  record.command = "compare";
  record.variants = study.labels;
  // Each variant's tactic in words, for the page's headline sentence (docs/json-format.md), in every
  // document a file or a page holds.
  nlohmann::json tactics = nlohmann::json::array();
  for (const auto& m : study.models) tactics.push_back(m->tactic());
  const RoundSink rounds = page_rounds(control, base, [&](const RunRecord& r, const std::string& map) {
    nlohmann::json presentation = compare_presentation(r, *study.job, study.labels, base, map);
    presentation["variant_tactics"] = tactics;
    return presentation;
  });
  SessionOutcome outcome =
      run_session(*study.job, run, std::move(record), difference_prefix(1) + study.headline, control.stop, control.trials(), rounds);
  study.record = std::move(outcome.record);
  study.interrupted = outcome.interrupted;
  study.checkpoint_failure = std::move(outcome.checkpoint_failure);
  study.settings_changed = setting_changes(*setup.file, run.sets);
  // The fields for people only where a file or a page will hold them; the settings changed only where a file will.
  if (run.writes_result_document() || control.tell_documents) {
    study.record.presentation = compare_presentation(study.record, *study.job, study.labels, base);
    study.record.presentation["variant_tactics"] = tactics;
  }
  if (run.writes_result_document()) {
    study.record.presentation["settings_changed"] = study.settings_changed.changed;
    study.record.presentation["settings_as_in_file"] = study.settings_changed.as_in_file;
  }

  // Every key a variant or --set changes, and the value each variant plays it with: a key one variant
  // changes and another keeps at the file's value (charge_after beside policy=never) is part of the
  // question, and a label alone would hide it.
  std::vector<std::string> changed = run.sets;
  for (size_t v = 1; v < variants.size(); ++v)
    changed.insert(changed.end(), variants[v].assignments.begin(), variants[v].assignments.end());
  for (const auto& doc : docs) study.plays.push_back(file_values(doc, changed));
  // What the file itself says for every key a variant or --set changes: the base without --set is the file.
  study.file_has = file_values(*setup.file, changed);
  return study;
}

}  // namespace volley
