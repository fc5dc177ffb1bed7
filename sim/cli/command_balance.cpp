// `volley balance [SCENARIO] --free KEY=lo:hi ... --goal METRIC=VALUE ...`: the settings of several
// keys that bring several goals within reach at once, by a race on common random numbers
// (sim/study/balance_study.hpp; docs/methods.md, "Balancing a scenario").
#include "analysis/balance_goal.hpp"
#include "sim/cli/command_line.hpp"
#include "sim/cli/commands.hpp"
#include "sim/cli/reproducing_command.hpp"
#include "sim/cli/run_options.hpp"
#include "sim/output/balance_outputs.hpp"
#include "sim/output/balance_report.hpp"
#include "sim/output/text_escaping.hpp"
#include "sim/record/mpi_world.hpp"
#include "sim/run/interrupt.hpp"
#include "sim/study/balance_study.hpp"

#include <boost/program_options.hpp>

#include <cstdio>
#include <unistd.h>

namespace po = boost::program_options;

namespace volley {

int command_balance(const Args& args) {
  install_interrupt_handlers();  // first: a signal while the candidates load still stops cleanly
  BalanceSettings settings;
  RunSettings& run = settings.run;
  std::vector<std::string> goals;
  std::string policies = "file";
  po::options_description options(
      "volley balance [SCENARIO] --free KEY=lo:hi ... --goal METRIC=VALUE ... [options]\n\n"
      "The settings of the free keys whose estimates hold every goal, ordered by how little they change the scenario\n"
      "(fewest keys changed first), each with every goal's interval; when no setting meets every goal, the trade-off.\n"
      "Every setting of the grid plays the same trials; one that surely misses a goal is dropped, one whose intervals\n"
      "lie within every goal (within --tolerance) is kept, the rest play on (docs/methods.md, \"Balancing a scenario\").\n"
      "A number key given KEY=lo:hi (no step) is searched continuously: 5 values spread over the range race first, then --refine\n"
      "stages each halve the spacing inside the cells whose intervals still reach every goal, each new setting raced the same way.\n"
      "Example: volley balance --free german.units.Z1.figures=8:14 --free german.units.Z2.figures=8:14 --goal herero.win=0.5 "
      "--goal 'turn_decided>=3'\n\nOptions");
  options.add_options()(
      "free", po::value<std::vector<std::string>>(&settings.free)->composing(),
      "KEY=lo:hi (an integer key; a number key searched continuously), KEY=lo:hi:step (a number's grid), KEY=a,b,c (any key): a key to "
      "move (repeatable)")("goal", po::value<std::vector<std::string>>(&goals)->composing(),
                           "METRIC=VALUE, METRIC=LO..HI, METRIC>=VALUE or METRIC<=VALUE (a mean or a probability; repeatable)")(
      "tolerance", po::value<double>(&settings.tolerance)->default_value(0.01),
      "how near a goal is near enough: a probability's, and a mean's relative to the goal's value")(
      "seconds", po::value<double>(&settings.seconds)->default_value(0), "the race's time budget in seconds (0: none)")(
      "refine",
      whole_number(settings.refinements, "--refine", 0, MaxBalanceRefinements)->default_value(std::to_string(settings.refinements)),
      "continuous keys: the bisection stages after the coarse race (0 to 10)")(
      "policies", po::value<std::string>(&policies)->default_value("file"),
      "file: the sides play the scenario's policies; best: each setting's sides play their best, searched there as volley best does")(
      "policy-trials",
      whole_number(settings.policy_trials, "--policy-trials", uint64_t{1})->default_value(std::to_string(settings.policy_trials)),
      "--policies best: the most trials one policy plays in one race of a search")(
      "policy-steps", whole_number(settings.policy_steps, "--policy-steps", 1)->default_value(std::to_string(settings.policy_steps)),
      "--policies best: the most races of a local search")(
      "stop-after-blocks", whole_number(run.stop_after_blocks, "--stop-after-blocks", uint64_t{0})->default_value("0"),
      "testing: behave as if interrupted after this many blocks");
  add_run_options(options, run, false);
  po::variables_map vm;
  if (!parse_command_line(args, options, "scenario", po::value<std::string>(&run.scenario), 1, vm,
                          "(--trials: the most trials one setting plays, default " + std::to_string(settings.max_trials) + ")"))
    return ExitOk;
  if (policies != "file" && policies != "best") throw std::invalid_argument("--policies '" + policies + "': expected file or best");
  settings.best_policies = policies == "best";
  for (const auto& g : goals) settings.goals.push_back(parse_balance_goal(g));
  const bool bar = !run.quiet && isatty(STDERR_FILENO) && mpi_world().rank == 0;  // one rank draws the bar
  StudyControl control;
  control.progress = [&](const std::string& step, const nlohmann::json& p) {
    if (step == "start" && !run.quiet) {
      std::fputs(balance_start_line(p).c_str(), stdout);
      std::fflush(stdout);
    }
    if (step == "policies" && bar) std::fputs(balance_policies_line(p).c_str(), stderr);
    if (step == "look" && bar) std::fputs(balance_look_line(p).c_str(), stderr);
  };
  BalanceStudy study = balance_study(settings, scenario_argument(run.scenario), control);
  add_command_line(study.document, "balance", args);
  if (bar) std::fprintf(stderr, "\r%80s\r", "");
  std::fputs(terminal_text(balance_text(study.document, run.quiet)).c_str(), stdout);
  std::fflush(stdout);
  write_balance_files(study.document, run);
  return trials_exit_code(study.result.partial);
}

}  // namespace volley
