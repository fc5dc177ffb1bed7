// `volley replay SCENARIO --trial N --trace [--plot FILE]`: one trial, narrated, through the very same
// code path as a run (the same seed and trial index give the same game).
#include "sim/command_line.hpp"
#include "sim/commands.hpp"
#include "sim/map_file.hpp"
#include "sim/plots.hpp"
#include "sim/run_settings.hpp"
#include "sim/scenario_command.hpp"
#include "sim/scenario_model.hpp"

#include <boost/program_options.hpp>

#include <iostream>

namespace po = boost::program_options;

namespace volley {

int command_replay(const Args& args) {
  uint64_t trial = 0;
  RunSettings seed;
  std::string plot;
  po::options_description options(
      "volley replay SCENARIO --trial N [--trace] [options]\n\nReplay one trial and narrate it: every card, roll, hit and decision.\n"
      "Example: volley replay herero-ambush --trial 17 --trace --seed 1\n\nOptions");
  options.add_options()("trial", whole_number(trial, "--trial", uint64_t{0})->default_value("0"), "trial index (as in a run with the same seed)")
      ("trace", "narrate the trial (the default; kept for clarity)")
      ("seed", po::value<std::string>(&seed.seed)->default_value("1"), "master seed of the run the trial belongs to")
      ("plot", po::value<std::string>(&plot), "draw the table turn by turn (.png or .svg)");
  ScenarioArgs scenario;
  po::variables_map vm;
  if (!parse_scenario_command(args, options, scenario, vm)) return ExitOk;
  const auto doc = open_scenario(scenario.scenario, scenario.sets);
  const auto model = load_model(doc);
  if (!plot.empty()) check_plot_path(plot);  // refuse a bad name or place before the work
  const uint64_t s = seed.seed_value();
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
