#include "sim/study/best_study.hpp"

#include "sim/run/interrupt.hpp"
#include "sim/run/run_session.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <stdexcept>

namespace volley {

BestStudy best_study(BestStudySettings settings, const ScenarioOpener& open, const StudyControl& control) {
  const RunSettings& run = settings.run;
  BestSettings& best = settings.best;
  if (best.side.empty()) throw std::invalid_argument("--side: name the side whose policy is searched");
  if (!(best.delta > 0)) throw std::invalid_argument("--delta: expected a positive indifference zone");
  if (!(best.seconds >= 0)) throw std::invalid_argument("--seconds: expected 0 (no budget) or a positive number of seconds");
  if (!run.precision.empty() || !run.plot.empty())
    throw std::invalid_argument("volley best takes no --precision or --plot (its race stops by its own rule)");
  if (!run.report.empty() && (settings.respond || !settings.value.empty()))
    throw std::invalid_argument("--report: not with --respond or --value (the page draws a single search's race)");
  if (!settings.value.empty() && (settings.respond || !run.csv.empty()))
    throw std::invalid_argument("--value: not with --respond or --csv (its searches are in --json)");
  if (settings.respond && !run.csv.empty()) throw std::invalid_argument("--csv: not with --respond (its steps are in --json)");
  if (!settings.target.empty()) best.target = parse_target(settings.target, false);
  best.level = run.level;
  best.threads = run.threads;
  best.trials = run.trials_option > 0 ? run.trials_option : best.trials;
  best.seed = run.seed_value();
  const ScenarioDocument doc = open(run.sets, {}, "--set");
  BestStudy study;
  study.title = load_model(doc)->title();
  // Every bad input is refused here, before any trial: side, keys, values, target.
  const PolicySpace space = best_space(best, doc);
  if (!settings.value.empty()) (void)check_rule_value(best, doc, settings.value);
  check_outputs(run);
  control.report("start", {{"title", study.title}, {"space", describe_space(space)}, {"local", space.size() > best.enumerate_limit}});

  const std::atomic<bool>* stop = control.stop != nullptr ? control.stop : install_interrupt_handlers();
  const auto progress = [&](const BestProgress& p) {
    control.report("race", {{"race", p.race}, {"round", p.round}, {"left", p.left}, {"started", p.started}, {"trials", p.trials}});
  };
  if (!settings.value.empty()) {
    study.value = rule_value(best, doc, settings.value, stop, progress);
    study.document = rule_value_json(*study.value, study.title);
    study.partial = study.value->partial;
  } else if (settings.respond) {
    study.responses = best_responses(best, doc, stop, progress);
    study.document = response_result_json(*study.responses, study.title);
    study.partial = study.responses->partial;
  } else {
    study.search = best_search(best, doc, stop, progress);
    study.document = best_result_json(*study.search, study.title);
    study.partial = study.search->partial;
  }
  return study;
}

}  // namespace volley
