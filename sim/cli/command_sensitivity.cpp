// `volley sensitivity SCENARIO --target NAME`: every numeric parameter moved one step each way
// (whole numbers by 1, others by 10%), each change played paired against the unchanged scenario on
// the same random numbers, in one ranking by how far it moves the target, [assumed] rules marked. It
// shows which assumptions an answer actually rests on. A step of 1 can be a doubling (dice per figure
// 1 -> 2) where 10% of a fraction is small, so every row and bar names its step: the ranking is of
// those steps, and the reader sees what each one was.
#include "sim/output/atomic_file.hpp"
#include "sim/cli/command_line.hpp"
#include "sim/cli/commands.hpp"
#include "sim/cli/reproducing_command.hpp"
#include "sim/cli/terminal_progress.hpp"
#include "sim/cli/run_options.hpp"
#include "sim/run/interrupt.hpp"
#include "sim/output/report_page.hpp"
#include "sim/output/output_batch.hpp"
#include "sim/output/plots.hpp"
#include "sim/output/sensitivity_report.hpp"
#include "sim/output/text_escaping.hpp"
#include "sim/study/sensitivity_study.hpp"

#include <boost/program_options.hpp>

#include <cstdio>

namespace po = boost::program_options;

namespace volley {

int command_sensitivity(const Args& args) {
  install_interrupt_handlers();  // first: a signal that arrives while the scenario loads still stops cleanly
  SensitivitySettings settings;
  RunSettings& run = settings.run;
  run.trials = 10000;
  po::options_description options(
      "volley sensitivity SCENARIO --target NAME [options]\n\n"
      "Every numeric parameter moved one step each way (whole numbers by 1, others by 10%), each played paired\n"
      "against the unchanged scenario, in one ranking by how far it moves the target; [assumed] rules marked.\n"
      "Example: volley sensitivity herero-ambush --target herero.win --trials 5000\n\nOptions");
  options.add_options()("target", po::value<std::string>(&settings.target), "the estimate (default: the headline), e.g. herero.win")(
      "limit", whole_number(settings.limit, "--limit", size_t{0})->default_value("0"),
      "show only the N parameters that move the target most (0: all); every parameter is still played");
  add_run_options(options, run, false);
  po::variables_map vm;
  if (!parse_command_line(args, options, "scenario", po::value<std::string>(&run.scenario), 1, vm,
                          "(--trials is per parameter, paired; default 10000)"))
    return ExitOk;

  const StudyControl control = terminal_control(run.quiet, [](const std::string&, const nlohmann::json& p) {
    std::printf("%s: sensitivity of %s, %llu paired trials per parameter, seed %llu\n", p["title"].get<std::string>().c_str(),
                p["target"].get<std::string>().c_str(), static_cast<unsigned long long>(p["trials"].get<uint64_t>()),
                static_cast<unsigned long long>(p["seed"].get<uint64_t>()));
  });
  SensitivityStudy study = sensitivity_study(settings, scenario_argument(run.scenario), control);
  add_command_line(study.document, "sensitivity", args);
  std::fputs(sensitivity_text(study.table, run.quiet).c_str(), stdout);
  OutputBatch outputs;
  if (!run.csv.empty()) outputs.attempt([&] { write_file_atomically(run.csv, sensitivity_csv(study.table)); });
  if (!run.json.empty()) outputs.attempt([&] { write_file_atomically(run.json, json_document(study.document, 1) + "\n"); });
  if (!run.plot.empty()) outputs.attempt([&] { draw_plot(sensitivity_plot(study.table), run.plot); });
  if (!run.report.empty()) outputs.attempt([&] { write_file_atomically(run.report, report_page(study.document)); });
  outputs.finish();
  return trials_exit_code(study.table.partial);
}

}  // namespace volley
