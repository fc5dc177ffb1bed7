#include "sim/study/replay_study.hpp"

#include "sim/output/gnuplot.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <stdexcept>

namespace volley {

namespace {

// Does one trial's observation meet the condition? A probability metric holds when it is 1; a count
// needs >=K or =K.
bool holds(const TargetSpec& where, const Schema& schema, const int64_t* obs) {
  const auto m = static_cast<size_t>(schema.find(where.metric));
  if (where.at_least) return obs[m] >= *where.at_least;
  if (where.goal) return static_cast<double>(obs[m]) == *where.goal;
  return obs[m] == 1;
}

// The first trial from `first` on, of `search`, where the condition holds; nullopt if none.
std::optional<uint64_t> first_trial_where(const ScenarioModel& model, const std::string& where_text, uint64_t seed, uint64_t first,
                                          uint64_t search) {
  const auto job = model.make_job(seed);
  const Schema& schema = *job->schema();
  const TargetSpec where = parse_target(where_text, false);
  check_target(where, schema, "--where");
  const auto& spec = schema.metrics[static_cast<size_t>(schema.find(where.metric))];
  if (!where.at_least && !where.goal && spec.kind != MetricKind::Probability)
    throw std::invalid_argument("--where '" + where_text + "': " + where.metric + " is a count; say which values: " + where.metric +
                                ">=K or " + where.metric + "=K");
  // A condition outside the metric's range never holds: an empty question, refused at once.
  const double lowest = where.at_least ? static_cast<double>(*where.at_least) : where.goal ? *where.goal : 1.0;
  if (lowest > static_cast<double>(spec.max_value) || (where.goal && *where.goal < static_cast<double>(spec.min_value)))
    throw std::invalid_argument("--where '" + where_text + "': " + where.metric + " takes values from " + std::to_string(spec.min_value) +
                                " to " + std::to_string(spec.max_value) + ": no trial can meet it");
  const auto worker = job->make_worker();
  std::vector<int64_t> obs(schema.observations());
  for (uint64_t t = first; t - first < search; ++t) {
    worker->play(t, obs.data());
    if (holds(where, schema, obs.data())) return t;
  }
  return std::nullopt;
}

}  // namespace

ReplayStudy replay_study(const ReplaySettings& settings, const ScenarioOpener& open) {
  const RunSettings& run = settings.run;
  const auto model = load_model(open(run.sets, {}, "--set"));
  if (!run.plot.empty()) check_plot_path(run.plot);  // refuse a bad name or place before the work
  ReplayStudy study;
  study.seed = run.seed_value();
  study.first = study.trial = settings.trial;
  study.title = model->title();
  if (!settings.where.empty()) {
    const auto found = first_trial_where(*model, settings.where, study.seed, settings.trial, settings.search);
    study.found = found.has_value();
    if (!study.found) return study;
    study.trial = *found;
  }
  study.narration = model->replay(study.seed, study.trial);
  if (!run.plot.empty()) {
    // The setup and the turns played: a trial decided in turn 2 is drawn in three frames, not one per
    // turn of the scenario.
    study.frames.push_back(model->map_data(study.seed, study.trial, 0));
    for (int t = 1; t <= model->turns(); ++t) {
      study.frames.push_back(model->map_data(study.seed, study.trial, t));
      if (study.frames.back().decided) break;
    }
  }
  return study;
}

}  // namespace volley
