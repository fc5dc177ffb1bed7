#include "sim/scenario_command.hpp"

#include <boost/program_options.hpp>

#include <iostream>

namespace po = boost::program_options;

namespace volley {

bool parse_scenario_command(const std::vector<std::string>& args, po::options_description& options, ScenarioArgs& scenario,
                            po::variables_map& vm) {
  options.add_options()("help,h", "this help")
      ("set", po::value<std::vector<std::string>>(&scenario.sets)->composing(), "override a scenario key: key=value (repeatable)");
  po::options_description hidden;
  hidden.add_options()("scenario", po::value<std::string>(&scenario.scenario));
  po::positional_options_description positional;
  positional.add("scenario", 1);
  po::options_description all;
  all.add(options).add(hidden);
  po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
  po::notify(vm);
  if (vm.count("help")) {
    std::cout << options << "\n";
    return false;
  }
  return true;
}

}  // namespace volley
