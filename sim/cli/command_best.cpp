// `volley best [SCENARIO] --side S [--target METRIC]`: the policy of side S that maximises the target,
// by a sequential race on common random numbers (sim/study/best_study.hpp; docs/methods.md, "Best play").
#include "sim/cli/best_options.hpp"
#include "sim/cli/command_line.hpp"
#include "sim/cli/commands.hpp"
#include "sim/cli/reproducing_command.hpp"
#include "sim/cli/run_options.hpp"
#include "sim/output/best_text.hpp"
#include "sim/record/mpi_world.hpp"
#include "sim/run/interrupt.hpp"
#include "sim/study/best_study.hpp"

#include <boost/program_options.hpp>

#include <cstdio>
#include <unistd.h>

namespace po = boost::program_options;

namespace volley {

int command_best(const Args& args) {
  install_interrupt_handlers();  // first: a signal that arrives while the scenario loads still stops cleanly
  BestStudySettings s;
  po::options_description options(
      "volley best [SCENARIO] --side S [--target METRIC] [--minimise] [--delta D] [options]\n\n"
      "The policy of side S that maximises the target: a race on common random numbers that returns, with\n"
      "probability at least --level, a policy within --delta of the best in the space (docs/methods.md).\n"
      "Example: volley best herero-ambush --side herero --space herero.policy=never,always,range:12\n\nOptions");
  add_best_options(options, s);
  add_run_options(options, s.run, false);
  po::variables_map vm;
  if (!parse_command_line(args, options, "scenario", po::value<std::string>(&s.run.scenario), 1, vm,
                          "(--trials: the most trials one candidate plays in one race, default 100000)"))
    return ExitOk;
  const bool bar = !s.run.quiet && isatty(STDERR_FILENO) && mpi_world().rank == 0;  // one rank draws the bar
  StudyControl control;
  control.progress = [&](const std::string& step, const nlohmann::json& p) {
    if (step == "start" && !s.run.quiet) std::fputs(best_start_text(p).c_str(), stdout);
    std::fflush(stdout);
    if (step == "race" && bar) std::fputs(best_round_text(p).c_str(), stderr);
  };
  BestStudy study = best_study(s, scenario_argument(s.run.scenario), control);
  add_command_line(study.document, "best", args);
  if (bar) std::fprintf(stderr, "\r%80s\r", "");
  std::fputs(best_text(study.document, s.run.quiet).c_str(), stdout);
  std::fflush(stdout);
  write_best_outputs(study.document, {s.run.json, s.run.csv, "", s.run.report});
  return trials_exit_code(study.partial);
}

}  // namespace volley
