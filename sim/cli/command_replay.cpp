// `volley replay SCENARIO --trial N --trace [--plot FILE]`: one trial, narrated, through the very same
// code path as a run (the same seed and trial index give the same game). `--where COND` narrates the
// first trial from N on where a condition on the trial's metrics holds (`german.win`,
// `german.casualties>=5`, `herero.hits=3`): a kind of game, found by playing the trials in order.
#include "analysis/target.hpp"
#include "sim/cli/command_line.hpp"
#include "sim/cli/commands.hpp"
#include "sim/output/map_file.hpp"
#include "sim/output/plots.hpp"
#include "sim/run/run_settings.hpp"
#include "sim/cli/scenario_command.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <boost/program_options.hpp>

#include <iostream>
#include <vector>

namespace po = boost::program_options;

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

}  // namespace

int command_replay(const Args& args) {
  uint64_t trial = 0, search = 1'000'000;
  RunSettings seed;
  std::string plot, where_text;
  po::options_description options(
      "volley replay SCENARIO --trial N [--trace] [options]\n\nReplay one trial and narrate it: every card, roll, hit and decision.\n"
      "Example: volley replay herero-ambush --trial 17 --trace --seed 1\n"
      "         volley replay herero-ambush --where german.win   (the first trial the Germans win)\n\nOptions");
  options.add_options()("trial", whole_number(trial, "--trial", uint64_t{0})->default_value("0"),
                        "trial index (as in a run with the same seed)")("trace", "narrate the trial (the default; kept for clarity)")(
      "seed", po::value<std::string>(&seed.seed)->default_value("1"), "master seed of the run the trial belongs to")(
      "where", po::value<std::string>(&where_text),
      "narrate the first trial from --trial on where this holds: NAME (a probability, e.g. german.win), NAME>=K or NAME=K")(
      "search", whole_number(search, "--search", uint64_t{1}), "with --where: give up after this many trials")(
      "plot", po::value<std::string>(&plot), "draw the table turn by turn (.png or .svg)");
  ScenarioArgs scenario;
  po::variables_map vm;
  if (!parse_scenario_command(args, options, scenario, vm)) return ExitOk;
  const auto doc = open_scenario(scenario.scenario, scenario.sets);
  const auto model = load_model(doc);
  if (!plot.empty()) check_plot_path(plot);  // refuse a bad name or place before the work
  const uint64_t s = seed.seed_value();
  if (!where_text.empty()) {
    const auto job = model->make_job(s);
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
    std::vector<int64_t> obs(schema.size());
    const uint64_t first = trial;
    bool found = false;
    for (uint64_t t = first; t - first < search; ++t) {
      worker->play(t, obs.data());
      if (holds(where, schema, obs.data())) {
        trial = t;
        found = true;
        break;
      }
    }
    if (!found) {
      std::cerr << "volley replay: " << where_text << " held in none of trials " << first << " to " << first + search - 1 << " (seed " << s
                << "); --search N looks further\n";
      return ExitFailure;
    }
    std::cout << "trial " << trial << " (seed " << s << ") is the first from trial " << first << " where " << where_text << " holds\n\n";
  }
  std::cout << model->replay(s, trial);
  if (!plot.empty()) {
    // The setup and the turns played: a trial decided in turn 2 is drawn in three frames, not one per
    // turn of the scenario.
    std::vector<MapModel> frames{model->map_data(s, trial, 0)};
    for (int t = 1; t <= model->turns(); ++t) {
      frames.push_back(model->map_data(s, trial, t));
      if (frames.back().decided) break;
    }
    write_map(frames, model->title() + ", trial " + std::to_string(trial), plot);
    std::cout << "map written to " << plot << "\n";
  }
  return ExitOk;
}

}  // namespace volley
