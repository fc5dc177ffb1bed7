// `volley new firefight > my.toml`, `volley new barrage`: a commented starter scenario to copy and
// edit (sim/scenario/starters/), which validates and runs as written.
#include "analysis/did_you_mean.hpp"
#include "sim/cli/command_line.hpp"
#include "sim/cli/commands.hpp"
#include "sim/output/text_escaping.hpp"
#include "sim/scenario/embedded_scenarios.hpp"

#include <boost/program_options.hpp>

#include <iostream>

namespace po = boost::program_options;

namespace volley {

int command_new(const Args& args) {
  std::string kind;
  po::options_description options(
      "volley new KIND > FILE.toml\n\nWrite a commented starter scenario of a kind (firefight or barrage) to standard output.\n"
      "Example: volley new firefight > my.toml && volley validate my.toml && volley run my.toml\n\nOptions");
  po::variables_map vm;
  if (!parse_command_line(args, options, "kind", po::value<std::string>(&kind), 1, vm)) return ExitOk;
  std::vector<std::string> kinds;
  for (const auto& starter : starter_scenarios()) {
    if (kind == starter.name) {
      write_standard_output(starter.text);  // a file: a failed write (a full disk) is an error, exit 1
      return ExitOk;
    }
    kinds.push_back(starter.name);
  }
  if (kind.empty()) throw std::invalid_argument("give a kind: volley new firefight, or volley new barrage");
  throw std::invalid_argument("no starter of kind '" + kind + "'; " + did_you_mean(kind, kinds, "kinds"));
}

}  // namespace volley
