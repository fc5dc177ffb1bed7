#include "sim/cli/scenario_command.hpp"

#include "sim/cli/command_line.hpp"

#include <boost/program_options.hpp>

namespace po = boost::program_options;

namespace volley {

bool parse_scenario_command(const std::vector<std::string>& args, po::options_description& options, ScenarioArgs& scenario,
                            po::variables_map& vm) {
  options.add_options()("set", po::value<std::vector<std::string>>(&scenario.sets)->composing(),
                        "override a scenario key: key=value (repeatable)");
  return parse_command_line(args, options, "scenario", po::value<std::string>(&scenario.scenario), 1, vm);
}

}  // namespace volley
