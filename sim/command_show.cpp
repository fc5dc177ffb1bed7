// `volley show SCENARIO [--plot FILE]`: the setup in words, and drawn as a map.
#include "sim/command_line.hpp"
#include "sim/commands.hpp"
#include "sim/gnuplot.hpp"
#include "sim/map_file.hpp"
#include "sim/scenario_command.hpp"
#include "sim/scenario_model.hpp"

#include <boost/program_options.hpp>

#include <iostream>

namespace po = boost::program_options;

namespace volley {

int command_show(const Args& args) {
  std::string plot;
  uint64_t trial = 0;
  po::options_description options("volley show SCENARIO [options]\n\nThe setup, summarised, and drawn as a map with --plot.\n"
                                  "Example: volley show osona --plot osona.png\n\nOptions");
  options.add_options()("plot", po::value<std::string>(&plot), "draw the table (.png or .svg)")
      ("trial", whole_number(trial, "--trial", uint64_t{0})->default_value("0"), "whose random deployment (zones) to draw, with seed 1");
  ScenarioArgs scenario;
  po::variables_map vm;
  if (!parse_scenario_command(args, options, scenario, vm)) return ExitOk;
  const auto doc = open_scenario(scenario.scenario, scenario.sets);
  const auto model = load_model(doc);
  if (!plot.empty()) check_plot_path(plot);
  std::cout << model->summary();
  if (!plot.empty()) {
    write_map({model->map_data(1, trial, 0)}, model->title(), plot);
    std::cout << "map written to " << plot << "\n";
  }
  return ExitOk;
}

}  // namespace volley
