// `volley best [SCENARIO] --side S [--target METRIC] [--minimise] [--delta D]`: the policy of side S
// that maximises (minimises) the target, every other key as the scenario says, found by a sequential
// race on common random numbers (sim/run/best_search.hpp; docs/methods.md, "Best play").
#include "sim/cli/command_line.hpp"
#include "sim/cli/commands.hpp"
#include "sim/cli/run_options.hpp"
#include "sim/output/atomic_file.hpp"
#include "sim/cli/best_text.hpp"
#include "sim/output/output_batch.hpp"
#include "sim/output/report_page.hpp"
#include "sim/output/text_escaping.hpp"
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
  BestStudySettings study_settings;
  RunSettings& settings = study_settings.run;
  BestSettings& best = study_settings.best;
  po::options_description options(
      "volley best [SCENARIO] --side S [--target METRIC] [--minimise] [--delta D] [options]\n\n"
      "The policy of side S (its schnellfeuer policy, which, keep_hidden, reconceal, charge_after, hidden_fire and each\n"
      "unit's orders) that maximises the target, every other key as the scenario says: a sequential race on common random\n"
      "numbers that returns, with probability at least --level, a policy within --delta of the best in the space.\n"
      "Example: volley best herero-ambush --side herero --space herero.policy=never,always,range:12 --fix herero.keep_hidden\n\nOptions");
  options.add_options()("side", po::value<std::string>(&best.side), "the side whose choices are searched")(
      "target", po::value<std::string>(&study_settings.target), "the metric to maximise (default SIDE.win), or an exceedance NAME>=k")(
      "minimise", po::bool_switch(&best.minimise), "minimise the target instead (losses, casualties)")(
      "delta", po::value<double>(&best.delta)->default_value(0.01), "the indifference zone: differences below it need not be found")(
      "seconds", po::value<double>(&best.seconds)->default_value(0), "the search's time budget in seconds (0: none)")(
      "space", po::value<std::vector<std::string>>(&best.spaces)->composing(),
      "KEY=V1,V2,...: the values searched for one key (repeatable)")("fix", po::value<std::vector<std::string>>(&best.fixes)->composing(),
                                                                     "KEY: keep it at the scenario's value (repeatable)")(
      "respond", po::bool_switch(&study_settings.respond), "then the other side's best response, and so on, to an equilibrium or a cycle")(
      "value", po::value<std::string>(&study_settings.value),
      "KEY[=OFF]: what a rule is worth under best play (herero.policy: against never)")(
      "starts", whole_number(best.starts, "--starts", 1)->default_value("1"),
      "local search: from the file's policy and starts - 1 drawn from the seed")(
      "steps", whole_number(best.max_steps, "--steps", 1)->default_value("12"), "local search: the most races")(
      "stop-after-blocks", whole_number(best.stop_after_blocks, "--stop-after-blocks", uint64_t{0})->default_value("0"),
      "testing: behave as if interrupted after this many blocks");
  add_run_options(options, settings, false);
  po::variables_map vm;
  if (!parse_command_line(args, options, "scenario", po::value<std::string>(&settings.scenario), 1, vm,
                          "(--trials: the most trials one candidate plays in one race, default 100000)"))
    return ExitOk;

  const bool bar = !settings.quiet && isatty(STDERR_FILENO) && mpi_world().rank == 0;  // one rank draws the bar
  StudyControl control;
  control.progress = [&](const std::string& step, const nlohmann::json& p) {
    if (step == "start" && !settings.quiet) {
      std::fputs(best_start_text(p).c_str(), stdout);
      std::fflush(stdout);
    }
    if (step == "race" && bar) std::fputs(best_round_text(p).c_str(), stderr);
  };
  const BestStudy study = best_study(study_settings, scenario_argument(settings.scenario), control);
  if (bar) std::fprintf(stderr, "\r%80s\r", "");
  const std::string text = study.value       ? format_rule_value(*study.value, settings.quiet)
                           : study.responses ? format_responses(*study.responses)
                                             : format_best(*study.search, settings.quiet);
  std::fputs(text.c_str(), stdout);
  std::fflush(stdout);
  OutputBatch outputs;
  if (!settings.json.empty()) outputs.attempt([&] { write_file_atomically(settings.json, json_document(study.document, 1) + "\n"); });
  if (!settings.csv.empty()) outputs.attempt([&] { write_file_atomically(settings.csv, best_csv(*study.search)); });
  if (!settings.report.empty()) outputs.attempt([&] { write_file_atomically(settings.report, report_page(study.document)); });
  outputs.finish();
  return trials_exit_code(study.partial);
}

}  // namespace volley
