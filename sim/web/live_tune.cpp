#include "sim/web/live_tune.hpp"

#include "sim/run/interrupt.hpp"
#include "sim/run/tune_search.hpp"
#include "sim/scenario/scenario_model.hpp"

namespace volley {

ScenarioDocument LiveTune::open(const std::vector<std::string>& extra) const {
  return sources_.open(scenario_, settings_.sets, extra, "--param");
}

LiveTune::LiveTune(const TuneRequest& request, const ScenarioSources& sources)
    : scenario_(request.scenario),
      sources_(sources),
      settings_(request.settings.run),
      axis_(request.settings.axis),
      target_(request.settings.target),
      steps_(request.settings.steps) {
  seed_ = settings_.seed_value();
  keep_whole_key_where_accepted(axis_, [&](const std::string& a) {
    try {
      (void)load_model(open({a}));
      return true;
    } catch (const ScenarioErrors&) {
      return false;
    }
  });
  // As volley tune: both ends of the bracket load, and the target is a metric the scenario has.
  for (const double end : {axis_.lo, axis_.hi}) {
    const auto model = load_model(open(axis_.assignments_of(format_value(end, axis_.integer))));
    title_ = model->title();
    check_target(target_, *model->make_job(0)->schema(), "target");
  }
}

nlohmann::json LiveTune::play(const std::atomic<bool>& stop, const std::function<void(const nlohmann::json&)>& on_value) const {
  const VariantOpener open_variant = [this](const std::vector<std::string>& extra) { return open(extra); };
  TuneResult progress;  // the values so far, for the partial results
  auto evaluate = [&](double x) {
    const TuneValue v = run_tune_value(open_variant, settings_, axis_, target_, seed_, x, &stop);
    progress.evaluated[x] = v;
    on_value(tune_result_json(progress, axis_, target_, title_, seed_, settings_.level, true));
    return v;
  };
  try {
    const TuneResult result = tune_search(axis_, *target_.goal, steps_, settings_.level, evaluate);
    return tune_result_json(result, axis_, target_, title_, seed_, settings_.level, false);
  } catch (const Interrupted&) {
    return tune_result_json(progress, axis_, target_, title_, seed_, settings_.level, true);
  }
}

}  // namespace volley
