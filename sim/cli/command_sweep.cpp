// `volley sweep SCENARIO --param KEY=lo:hi:step [--param KEY2=...]`: a grid over one or two
// parameters on common random numbers (every point plays the same trial indices with the same seed),
// a table with intervals, and a curve (one parameter) or heat map (two) with --plot.
#include "sim/output/atomic_file.hpp"
#include "sim/cli/command_line.hpp"
#include "sim/cli/commands.hpp"
#include "sim/cli/reproducing_command.hpp"
#include "sim/cli/terminal_progress.hpp"
#include "sim/cli/run_options.hpp"
#include "sim/run/interrupt.hpp"
#include "sim/output/report_page.hpp"
#include "sim/output/output_batch.hpp"
#include "sim/output/sweep_report.hpp"
#include "sim/output/text_escaping.hpp"
#include "sim/study/sweep_study.hpp"

#include <boost/program_options.hpp>

#include <cstdio>
#include <iostream>

namespace po = boost::program_options;

namespace volley {

int command_sweep(const Args& args) {
  install_interrupt_handlers();  // first: a signal that arrives while the scenario loads still stops cleanly
  SweepSettings settings{study_run_settings(), {}, {}, {}};
  RunSettings& run = settings.run;
  po::options_description options(
      "volley sweep SCENARIO --param KEY=lo:hi:step [--param KEY2=...] [options]\n\n"
      "A grid over one or two parameters (numbers lo:hi:step, or a list a,b,c of any values --set takes), every point\n"
      "on the same random numbers. K1,K2=... moves several keys together.\n"
      "Example: volley sweep herero-ambush --param german.units.Z1.figures=6:14:2 --target herero.win\n\nOptions");
  options.add_options()("param", po::value<std::vector<std::string>>(&settings.parameters)->composing(),
                        "KEY=lo:hi:step or KEY=a,b,c (once or twice)")(
      "target", po::value<std::string>(&settings.target), "the estimate to plot (default: the scenario's headline), e.g. herero.win");
  add_run_options(options, run, false);
  po::variables_map vm;
  if (!parse_command_line(args, options, "scenario", po::value<std::string>(&run.scenario), 1, vm,
                          "(--trials is per grid point; default " + std::to_string(TrialsPerStudyValue) + ")"))
    return ExitOk;
  if (settings.parameters.empty() || settings.parameters.size() > 2)
    throw std::invalid_argument("--param: give one or two parameters to sweep");
  for (const auto& p : settings.parameters) settings.axes.push_back(parse_axis(p, "--param"));

  SweepStudy study = sweep_study(settings, scenario_argument(run.scenario), terminal_control(run.quiet));
  add_command_line(study.document, "sweep", args);
  std::fputs(terminal_text(sweep_text(study.table, run.quiet)).c_str(), stdout);
  OutputBatch outputs;
  if (!run.json.empty()) outputs.attempt([&] { write_file_atomically(run.json, json_document(study.document, 1) + "\n"); });
  if (!run.csv.empty()) outputs.attempt([&] { write_file_atomically(run.csv, sweep_csv(study.table)); });
  if (!run.plot.empty()) outputs.attempt([&] { draw_plot(sweep_document_plot(study.document), run.plot); });
  if (!run.report.empty()) outputs.attempt([&] { write_file_atomically(run.report, report_page(study.document)); });
  outputs.finish();
  return trials_exit_code(study.partial);
}

}  // namespace volley
