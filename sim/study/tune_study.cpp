#include "sim/study/tune_study.hpp"

#include "sim/run/interrupt.hpp"
#include "sim/run/run_session.hpp"

#include <map>

namespace volley {

TuneStudy tune_study(TuneSettings settings, const ScenarioOpener& open, const StudyControl& control) {
  return tune_study(tune_setup(std::move(settings), open), open, control);
}

TuneSetup tune_setup(TuneSettings settings, const ScenarioOpener& open) {
  const RunSettings& run = settings.run;
  ParameterAxis& axis = settings.axis;
  keep_whole_key_where_accepted(axis, [&](const std::string& a) { return scenario_takes(open, run.sets, a); });
  // Both ends of the bracket are checked before any value is run: the rules' ranges are intervals,
  // so a bracket whose ends load has no value inside that the rules refuse.
  TuneSetup setup;
  for (const double end : {axis.lo, axis.hi}) {
    const auto model = load_model(open(run.sets, axis.assignments_of(format_value(end, axis.integer)), "--param"));
    setup.title = model->title();
    // An unknown metric, or a goal the estimate cannot take, is an empty question: refused now.
    check_target(settings.target, *model->make_job(0)->schema(), "--target");
  }
  check_outputs(run);
  setup.seed = run.seed_value();
  setup.settings = std::move(settings);
  return setup;
}

TuneStudy tune_study(const TuneSetup& setup, const ScenarioOpener& open, const StudyControl& control) {
  const RunSettings& run = setup.settings.run;
  const ParameterAxis& axis = setup.settings.axis;
  const TargetSpec& target = setup.settings.target;
  const std::string& title = setup.title;
  const uint64_t seed = setup.seed;
  const double goal = *target.goal;
  const std::atomic<bool>* stop = control.stop != nullptr ? control.stop : install_interrupt_handlers();
  const VariantOpener open_value = [&](const std::vector<std::string>& extra) { return open(run.sets, extra, "--param"); };

  // Every completed value is kept here too, so that an interrupted search still gives them (marked partial).
  std::map<double, TuneValue> completed;
  auto evaluate = [&](double x) {
    if (stop->load()) throw Interrupted();
    const TuneValue v = run_tune_value(open_value, run, axis, target, seed, x, control.stop, control.trials());
    completed[x] = v;
    nlohmann::json piece = {{"parameter", axis.key},
                            {"x", format_value(x, axis.integer)},
                            {"estimate", v.value.estimate},
                            {"low", v.value.low},
                            {"high", v.value.high}};
    if (control.tell_documents) {
      TuneResult so_far;
      so_far.evaluated = completed;
      piece["result"] = tune_result_json(so_far, axis, target, title, seed, run.level, true);
    }
    control.report("value", piece);
    return v;
  };
  control.report("start", {{"parameter", axis.key},
                           {"lo", format_value(axis.lo, axis.integer)},
                           {"hi", format_value(axis.hi, axis.integer)},
                           {"trials", run.trials_text()},
                           {"seed", seed}});
  TuneStudy study;
  TuneResult& result = study.result;
  TuneAnswer& answer = study.answer;
  try {
    result = tune_search(axis, goal, setup.settings.steps, run.level, evaluate);
  } catch (const Interrupted&) {
    answer.partial = true;
    result.evaluated = completed;
  }
  answer.key = axis.key;
  answer.integer = axis.integer;
  answer.target = target.name();
  answer.goal = goal;
  answer.level = run.level;
  answer.evaluated = completed.size();
  answer.bracketed = result.bracketed;
  if (!answer.partial) {
    answer.low_end = format_value(result.low_end, axis.integer);
    answer.high_end = format_value(result.high_end, axis.integer);
    answer.at_low = result.evaluated.at(result.low_end).value;
    answer.at_high = result.evaluated.at(result.high_end).value;
  }
  answer.fit_ok = result.fit.ok;
  answer.logistic = result.probability;
  answer.fit_points = result.local.size();
  answer.root = result.fit.root;
  answer.root_low = result.fit.low;
  answer.root_high = result.fit.high;
  if (!answer.partial && result.bracketed) answer.answer_text = tune_answer_text(result, axis, target, run.level);
  // The result: what --json writes and the report page draws (docs/json-format.md).
  study.document = tune_result_json(result, axis, target, title, seed, run.level, answer.partial);
  return study;
}

}  // namespace volley
