// `volley run [SCENARIO]`: play a scenario many times; estimates with intervals.
#include "sim/cli/command_line.hpp"
#include "sim/cli/commands.hpp"
#include "sim/cli/reproducing_command.hpp"
#include "sim/cli/terminal_progress.hpp"
#include "sim/cli/run_options.hpp"
#include "sim/run/interrupt.hpp"
#include "sim/output/output_batch.hpp"
#include "sim/output/output_extras.hpp"
#include "sim/output/run_text.hpp"
#include "sim/output/time_to_answer.hpp"
#include "sim/run/run_session.hpp"
#include "sim/study/run_study.hpp"

#include <boost/program_options.hpp>

#include <cstdio>
#include <iostream>

namespace po = boost::program_options;

namespace volley {

int command_run(const Args& args) {
  install_interrupt_handlers();  // first: a signal that arrives while the scenario loads still stops cleanly
  RunSettings settings;
  bool all_metrics = false;
  po::options_description options(
      "volley run [SCENARIO] [options]\n\nPlay a scenario many times and report every estimate with its interval.\n"
      "SCENARIO is a file or a shipped scenario's name; without it, the embedded default (herero-ambush).\n"
      "Example: volley run scenarios/herero-ambush.toml --set herero.policy=never --trials 200000\n\nOptions");
  options.add_options()("all", po::bool_switch(&all_metrics), "show every metric, not only the headline ones");
  add_run_options(options, settings, true);
  po::variables_map vm;
  if (!parse_command_line(args, options, "scenario", po::value<std::string>(&settings.scenario), 1, vm)) return ExitOk;
  settings.seed_given = !vm["seed"].defaulted();

  RunStudy study = run_study(settings, scenario_argument(settings.scenario), terminal_control(settings.quiet));
  if (study.record.presentation.is_object())
    study.record.presentation["command_line"] = reproducing_command("run", args, study.record.seed);
  std::fputs(run_text(study.record, study.settings_changed, study.decisions, settings.quiet, all_metrics).c_str(), stdout);
  const RunRecord& r = study.record;
  if (const long h = r.tally.schema().find(study.model->headline_metric()); !settings.quiet && h >= 0)
    std::fputs(("\n" + format_time_to_answer(r.tally, static_cast<size_t>(h), study.model->headline_metric(), r.seconds,
                                             precision_goal(settings.precision, 0.01), r.level))
                   .c_str(),
               stdout);
  std::fflush(stdout);
  OutputBatch outputs;
  outputs.attempt([&] { write_record_outputs(study.record, settings); });
  outputs.attempt([&] { write_run_extras(study.record, settings, *study.model); });
  if (!study.checkpoint_failure.empty()) outputs.attempt([&] { throw std::runtime_error(study.checkpoint_failure); });
  outputs.finish();
  return trials_exit_code(study.interrupted);
}

}  // namespace volley
