// `volley tune SCENARIO --param KEY=lo:hi --target 'NAME=GOAL'`: the parameter value that brings a
// target to its goal. Bisection on the bracket [lo, hi] (each value on random numbers of its own),
// then a local fit through the evaluated points for the root and its interval (analysis/root_fit.hpp).
// An integer parameter is answered by whole numbers (sim/run/tune_search.hpp).
#include "analysis/target.hpp"
#include "sim/output/atomic_file.hpp"
#include "sim/cli/command_line.hpp"
#include "sim/cli/commands.hpp"
#include "sim/cli/reproducing_command.hpp"
#include "sim/cli/terminal_progress.hpp"
#include "sim/cli/run_options.hpp"
#include "sim/run/interrupt.hpp"
#include "sim/output/report_page.hpp"
#include "sim/output/output_batch.hpp"
#include "sim/output/text_escaping.hpp"
#include "sim/output/tune_report.hpp"
#include "sim/study/tune_study.hpp"

#include <boost/program_options.hpp>

#include <cstdio>

namespace po = boost::program_options;

namespace volley {

int command_tune(const Args& args) {
  install_interrupt_handlers();  // first: a signal that arrives while the scenario loads still stops cleanly
  TuneSettings settings{study_run_settings(), {}, {}, 8};
  RunSettings& run = settings.run;
  std::string param, target_text;
  po::options_description options(
      "volley tune SCENARIO --param KEY[,KEY...]=lo:hi --target 'NAME=GOAL' [options]\n\n"
      "The value of a parameter that brings a target estimate to a goal, with an interval on that value.\n"
      "NAME is a probability or mean (herero.win), or an exceedance (german.casualties>=5).\n"
      "Example: volley tune herero-ambush --param german.units.Z1.figures=4:20 --target 'herero.win=0.5'\n\nOptions");
  options.add_options()("param", po::value<std::string>(&param),
                        "KEY=lo:hi: the parameter and its bracket (K1,K2=lo:hi moves several keys together)")(
      "target", po::value<std::string>(&target_text), "NAME=GOAL, e.g. herero.win=0.5")(
      "steps", whole_number(settings.steps, "--steps", 0)->default_value("8"), "bisection steps for a continuous parameter");
  add_run_options(options, run, false);
  po::variables_map vm;
  if (!parse_command_line(args, options, "scenario", po::value<std::string>(&run.scenario), 1, vm,
                          "(--trials is per evaluated value; default " + std::to_string(TrialsPerStudyValue) + ")"))
    return ExitOk;
  if (param.empty() || target_text.empty()) throw std::invalid_argument("give --param KEY=lo:hi and --target NAME=GOAL");
  settings.axis = parse_axis(param, "--param", true);
  settings.target = parse_target(target_text, true);

  // Each value is printed as it is evaluated: a long tune shows its progress (--quiet: the root and the bracket only).
  const StudyControl control = terminal_control(run.quiet, [&](const std::string& step, const nlohmann::json& p) {
    if (step == "start")
      std::printf("tune %s over [%s, %s] for %s = %g, %s trials per value, seed %llu\n", p["parameter"].get<std::string>().c_str(),
                  p["lo"].get<std::string>().c_str(), p["hi"].get<std::string>().c_str(), settings.target.name().c_str(),
                  *settings.target.goal, p["trials"].get<std::string>().c_str(),
                  static_cast<unsigned long long>(p["seed"].get<uint64_t>()));
    if (step == "value" && !run.quiet)
      std::printf("  %s = %-10s %s %.4f [%.4f, %.4f]\n", p["parameter"].get<std::string>().c_str(), p["x"].get<std::string>().c_str(),
                  settings.target.name().c_str(), p["estimate"].get<double>(), p["low"].get<double>(), p["high"].get<double>());
    std::fflush(stdout);
  });
  TuneStudy study = tune_study(settings, scenario_argument(run.scenario), control);
  add_command_line(study.document, "tune", args);
  if (!run.quiet && !study.answer.partial) std::fputs(tune_table(study.document).c_str(), stdout);
  std::fputs(tune_text(study.answer, run.quiet).c_str(), stdout);
  OutputBatch outputs;
  if (!run.json.empty()) outputs.attempt([&] { write_file_atomically(run.json, json_document(study.document, 1) + "\n"); });
  if (!run.csv.empty()) outputs.attempt([&] { write_file_atomically(run.csv, tune_csv(study.document)); });
  if (!run.plot.empty()) outputs.attempt([&] { draw_plot(tune_plot(study.answer, study.document), run.plot); });
  if (!run.report.empty()) outputs.attempt([&] { write_file_atomically(run.report, report_page(study.document)); });
  outputs.finish();
  // A goal outside the bracket is a question without an answer: its outputs show the values
  // evaluated (a script reads `bracketed` in the JSON), and the exit code says it was not answered.
  if (!study.answer.partial && !study.answer.bracketed) return ExitFailure;
  return trials_exit_code(study.answer.partial);
}

}  // namespace volley
