// `volley validate SCENARIO`: check a file and say what is wrong, where (exit 2 when anything is).
#include "analysis/tally.hpp"
#include "sim/cli/commands.hpp"
#include "sim/cli/scenario_command.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <boost/program_options.hpp>

#include <iostream>

namespace po = boost::program_options;

namespace volley {

int command_validate(const Args& args) {
  po::options_description options(
      "volley validate SCENARIO [options]\n\nCheck a scenario file: every error with file, line, column and key.\n"
      "Example: volley validate my-scenario.toml\n\nOptions");
  ScenarioArgs scenario;
  po::variables_map vm;
  if (!parse_scenario_command(args, options, scenario, vm)) return ExitOk;
  try {
    const auto doc = open_scenario(scenario.scenario, scenario.sets);
    const auto model = load_model(doc);
    // What run does before its first trial, validate does too, so that it accepts exactly what run
    // accepts: the job, its schema and a tally on it.
    const auto job = model->make_job(1);
    const Tally tally(job->schema());
    std::cout << doc.name() << ": valid " << model->kind() << " scenario: " << model->title() << "\n";
    return ExitOk;
  } catch (const ScenarioErrors& e) {
    std::cerr << e.what() << "\n" << e.errors().size() << (e.errors().size() == 1 ? " error\n" : " errors\n");
    return ExitBadInput;
  }
}

}  // namespace volley
