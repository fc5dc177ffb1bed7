// `volley replay SCENARIO --trial N --trace [--plot FILE]`: one trial, narrated, through the very same
// code path as a run (the same seed and trial index give the same game). `--where COND` narrates the
// first trial from N on where a condition on the trial's metrics holds (`german.win`,
// `german.casualties>=5`, `herero.hits=3`): a kind of game, found by playing the trials in order.
#include "sim/cli/command_line.hpp"
#include "sim/cli/commands.hpp"
#include "sim/cli/scenario_command.hpp"
#include "sim/output/map_file.hpp"
#include "sim/study/replay_study.hpp"

#include <boost/program_options.hpp>

#include <iostream>

namespace po = boost::program_options;

namespace volley {

int command_replay(const Args& args) {
  ReplaySettings settings;
  RunSettings& run = settings.run;
  po::options_description options(
      "volley replay SCENARIO --trial N [--trace] [options]\n\nReplay one trial and narrate it: every card, roll, hit and decision.\n"
      "Example: volley replay herero-ambush --trial 17 --trace --seed 1\n"
      "         volley replay herero-ambush --where german.win   (the first trial the Germans win)\n\nOptions");
  options.add_options()("trial", whole_number(settings.trial, "--trial", uint64_t{0})->default_value("0"),
                        "trial index (as in a run with the same seed)")("trace", "narrate the trial (the default; kept for clarity)")(
      "seed", po::value<std::string>(&run.seed)->default_value("1"), "master seed of the run the trial belongs to")(
      "where", po::value<std::string>(&settings.where),
      "narrate the first trial from --trial on where this holds: NAME (a probability, e.g. german.win), NAME>=K or NAME=K")(
      "search", whole_number(settings.search, "--search", uint64_t{1}), "with --where: give up after this many trials")(
      "plot", po::value<std::string>(&run.plot), "draw the table turn by turn (.png or .svg)");
  ScenarioArgs scenario;
  po::variables_map vm;
  if (!parse_scenario_command(args, options, scenario, vm)) return ExitOk;
  run.sets = scenario.sets;

  const ReplayStudy study = replay_study(settings, scenario_argument(scenario.scenario));
  if (!study.found) {
    std::cerr << "volley replay: " << settings.where << " held in none of trials " << study.first << " to "
              << study.first + settings.search - 1 << " (seed " << study.seed << "); --search N looks further\n";
    return ExitFailure;
  }
  if (!settings.where.empty())
    std::cout << "trial " << study.trial << " (seed " << study.seed << ") is the first from trial " << study.first << " where "
              << settings.where << " holds\n\n";
  std::cout << study.narration;
  if (!run.plot.empty()) {
    write_map(study.frames, study.title + ", trial " + std::to_string(study.trial), run.plot);
    std::cout << "map written to " << run.plot << "\n";
  }
  return ExitOk;
}

}  // namespace volley
