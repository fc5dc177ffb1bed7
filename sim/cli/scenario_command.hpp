#pragma once
// Parsing shared by the commands that take one SCENARIO and --set overrides (replay, show, validate).
#include <boost/program_options/options_description.hpp>
#include <boost/program_options/variables_map.hpp>

#include <string>
#include <vector>

namespace volley {

struct ScenarioArgs {
  std::string scenario;
  std::vector<std::string> sets;
};

// Adds --set; parses `args` with SCENARIO as the first positional argument. Returns false (after
// printing the help) when --help was given.
bool parse_scenario_command(const std::vector<std::string>& args, boost::program_options::options_description& options,
                            ScenarioArgs& scenario, boost::program_options::variables_map& vm);

}  // namespace volley
