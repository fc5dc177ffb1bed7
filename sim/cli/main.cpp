// volley: Monte Carlo balance simulator for tabletop wargame rules. Dispatches to one subcommand.
#include "analysis/did_you_mean.hpp"
#include "sim/record/build_identity.hpp"
#include "sim/cli/commands.hpp"
#include "sim/record/mpi_world.hpp"
#include "sim/scenario/scenario_errors.hpp"
#include "sim/output/text_escaping.hpp"

#include <boost/program_options/errors.hpp>

#include <cctype>
#include <cstring>
#include <iostream>
#include <map>
#include <string>
#include <vector>

namespace {

constexpr const char* Usage = R"(volley: Monte Carlo balance simulator for tabletop wargame rules

usage: volley COMMAND [options]     (volley COMMAND --help for each command's options)

commands:
  run [SCENARIO]      play a scenario many times; estimates with intervals (default: the Herero ambush)
  compare SCENARIO    paired comparison of variants (--set ... --vs ...), common random numbers
  sweep SCENARIO      grid over one or two parameters (--param key=lo:hi:step or key=a,b,c)
  tune SCENARIO       the parameter value that brings a target to a goal (--target 'herero.win=0.5')
  best [SCENARIO]     the best policy of a side (--side herero), raced on common random numbers
  balance [SCENARIO]  the settings of several keys that meet several goals (--free KEY=lo:hi --goal herero.win=0.5)
  sensitivity SCEN.   which parameters move the answer, ranked
  replay SCENARIO     one trial, narrated (--trial N --trace)
  show SCENARIO       the setup, summarised (and drawn with --plot)
  validate SCENARIO   check a file and say what is wrong, where
  bench               fixed suite: signature and speed
  merge FILE...       combine shard results (--shard k/N) into one report
  dice DICE           the exact law of dice: 3d6, 10d20 --hit '<=6', 5d6@4+ vs 3d6@4+ (--simulate N beside it)
  fire SCENARIO       the exact law of one volley, normal fire beside schnellfeuer (--unit N1 --at Z1)
  serve [SCENARIO]    the live page in a browser, and its JSON API (http://127.0.0.1:8080/)
  new KIND            a commented starter scenario (firefight or barrage) to copy and edit

SCENARIO is a file, or the name of a shipped scenario (herero-ambush, osona, river-bed,
rolling-barrage, designated-targets, pre-registered).
)";

}  // namespace

int main(int argc, char** argv) {
  using namespace volley;
  const MpiSession mpi(&argc, &argv);
  // Scenario text and file names reach the terminal only through this filter (sim/output/text_escaping.hpp).
  install_terminal_filter();
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0 || std::strcmp(argv[1], "help") == 0) {
    std::cout << Usage;
    return argc < 2 ? ExitBadInput : ExitOk;
  }
  if (std::strcmp(argv[1], "--version") == 0) {
    std::cout << "volley " << VOLLEY_VERSION << "\n" << build_identity_text() << "\n";
    return ExitOk;
  }
  const std::map<std::string, int (*)(const Args&)> commands = {
      {"run", command_run},
      {"compare", command_compare},
      {"sweep", command_sweep},
      {"tune", command_tune},
      {"sensitivity", command_sensitivity},
      {"replay", command_replay},
      {"show", command_show},
      {"validate", command_validate},
      {"bench", command_bench},
      {"merge", command_merge},
      {"dice", command_dice},
      {"fire", command_fire},
      {"serve", command_serve},
      {"best", command_best},
      {"balance", command_balance},
      {"new", command_new},
  };
  const auto it = commands.find(argv[1]);
  if (it == commands.end()) {
    std::vector<std::string> names;
    for (const auto& [name, command] : commands) names.push_back(name);
    std::cerr << "volley: unknown command '" << argv[1] << "'; " << did_you_mean(argv[1], names, "commands") << "\n";
    return ExitBadInput;
  }
  // "--mod -1": Boost.Program_options would read -1 as an option; join a negative number to its option.
  Args args;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if (!args.empty() && args.back().rfind("--", 0) == 0 && args.back().find('=') == std::string::npos && a.size() > 1 && a[0] == '-' &&
        (std::isdigit(static_cast<unsigned char>(a[1])) || a[1] == '.'))
      args.back() += "=" + a;
    else args.push_back(a);
  }
  try {
    return it->second(args);
  } catch (const ScenarioErrors& e) {
    // Every error, up to a screenful: a generated file can hold thousands of the same mistake.
    constexpr size_t Shown = 40;
    const auto& errors = e.errors();
    for (size_t i = 0; i < errors.size() && i < Shown; ++i) std::cerr << errors[i].format() << "\n";
    if (errors.size() > Shown) std::cerr << "... and " << errors.size() - Shown << " more errors\n";
    return ExitBadInput;
  } catch (const boost::program_options::error& e) {
    std::cerr << "volley " << argv[1] << ": " << e.what() << "\n";
    return ExitBadInput;
  } catch (const std::invalid_argument& e) {
    std::cerr << "volley " << argv[1] << ": " << e.what() << "\n";
    return ExitBadInput;
  } catch (const std::exception& e) {
    std::cerr << "volley " << argv[1] << ": error: " << e.what() << "\n";
    return ExitFailure;
  }
}
