// `volley tune SCENARIO --param KEY=lo:hi --target 'NAME=GOAL'`: the parameter value that brings a
// target to its goal. Bisection on the bracket [lo, hi] (each value on random numbers of its own),
// then a local fit through the evaluated points for the root and its interval (analysis/root_fit.hpp).
// An integer parameter is answered by its two bracketing values.
#include "analysis/level_label.hpp"
#include "analysis/target.hpp"
#include "sim/output/atomic_file.hpp"
#include "sim/cli/command_line.hpp"
#include "sim/cli/commands.hpp"
#include "sim/cli/run_options.hpp"
#include "sim/run/interrupt.hpp"
#include "sim/output/report_page.hpp"
#include "sim/output/output_batch.hpp"
#include "sim/run/parameter_axis.hpp"
#include "sim/output/plots.hpp"
#include "sim/run/run_session.hpp"
#include "sim/scenario/scenario_model.hpp"
#include "sim/output/text_escaping.hpp"
#include "sim/run/tune_search.hpp"

#include <boost/program_options.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace po = boost::program_options;

namespace volley {

int command_tune(const Args& args) {
  install_interrupt_handlers();  // first: a signal that arrives while the scenario loads still stops cleanly
  RunSettings settings = study_run_settings();
  std::string param, target_text;
  int steps = 8;
  po::options_description options(
      "volley tune SCENARIO --param KEY[,KEY...]=lo:hi --target 'NAME=GOAL' [options]\n\n"
      "The value of a parameter that brings a target estimate to a goal, with an interval on that value.\n"
      "NAME is a probability or mean (herero.win), or an exceedance (german.casualties>=5).\n"
      "Example: volley tune herero-ambush --param german.units.Z1.figures=4:20 --target 'herero.win=0.5'\n\nOptions");
  options.add_options()("param", po::value<std::string>(&param), "KEY=lo:hi: the parameter and its bracket (K1,K2=lo:hi moves several keys together)")
      ("target", po::value<std::string>(&target_text), "NAME=GOAL, e.g. herero.win=0.5")
      ("steps", whole_number(steps, "--steps", 0)->default_value("8"), "bisection steps for a continuous parameter");
  add_run_options(options, settings, false);
  po::variables_map vm;
  if (!parse_command_line(args, options, "scenario", po::value<std::string>(&settings.scenario), 1, vm, "(--trials is per evaluated value; default " + std::to_string(TrialsPerStudyValue) + ")")) return ExitOk;
  if (param.empty() || target_text.empty()) throw std::invalid_argument("give --param KEY=lo:hi and --target NAME=GOAL");
  ParameterAxis axis = parse_axis(param, "--param", true);
  keep_whole_key_where_accepted(axis, [&](const std::string& a) { return scenario_accepts(settings.scenario, settings.sets, a); });
  const TargetSpec target = parse_target(target_text, true);
  const double goal = *target.goal;
  // Both ends of the bracket are checked before any value is run: the rules' ranges are intervals,
  // so a bracket whose ends load has no value inside that the rules refuse.
  std::string title;
  for (const double end : {axis.lo, axis.hi}) {
    const auto model = load_model(open_scenario(settings.scenario, settings.sets, axis.assignments_of(format_value(end, axis.integer)), "--param"));
    title = model->title();
    // An unknown metric, or a goal the estimate cannot take, is an empty question: refused now.
    check_target(target, *model->make_job(0)->schema(), "--target");
  }
  check_outputs(settings);
  const uint64_t seed = settings.seed_value();

  // Each value is printed as it is evaluated: a long tune shows its progress. Every completed value is
  // kept here too, so that an interrupted search still writes them (marked partial).
  std::map<double, TuneValue> completed;
  auto evaluate = [&](double x) {
    if (interrupted()) throw Interrupted();
    const TuneValue v = run_tune_value(settings, axis, target, seed, x);
    completed[x] = v;
    if (settings.quiet) return v;  // --quiet: the root and the bracket only, not every value on the way
    std::printf("  %s = %-10s %s %.4f [%.4f, %.4f]\n", axis.key.c_str(), format_value(x, axis.integer).c_str(), target.text.c_str(),
                v.value.estimate, v.value.low, v.value.high);
    std::fflush(stdout);
    return v;
  };

  std::printf("tune %s over [%s, %s] for %s = %g, %s trials per value, seed %llu\n", axis.key.c_str(),
              format_value(axis.lo, axis.integer).c_str(), format_value(axis.hi, axis.integer).c_str(), target.name().c_str(), goal,
              settings.trials_text().c_str(), static_cast<unsigned long long>(seed));
  TuneResult result;
  bool partial = false;
  try {
    result = tune_search(axis, goal, steps, settings.level, evaluate);
  } catch (const Interrupted&) {
    partial = true;
    result.evaluated = completed;
  }
  const RootFit& fit = result.fit;
  double a = result.low_end, b = result.high_end;
  if (partial) {
    std::printf("\nPARTIAL: interrupted after %zu evaluated values; no root is given (the bracket is not final)\n", completed.size());
  } else if (const TuneValue &ea = result.evaluated.at(a), &eb = result.evaluated.at(b); !result.bracketed) {
    std::printf("\nThe goal %g is not bracketed: %s is %.4f at %s and %.4f at %s. Widen the range.\n", goal, target.name().c_str(),
                ea.value.estimate, format_value(a, axis.integer).c_str(), eb.value.estimate, format_value(b, axis.integer).c_str());
  } else {
    auto side = [&](const TuneValue& e) {
      if (e.value.high < goal) return "below the goal";
      if (e.value.low > goal) return "above the goal";
      return "not separable from the goal at this trial count";
    };
    if (!settings.quiet)
      std::printf("\nbracket: %s = %s gives %.4f [%.4f, %.4f] (%s)\n         %s = %s gives %.4f [%.4f, %.4f] (%s)\n",
                axis.key.c_str(), format_value(a, axis.integer).c_str(), ea.value.estimate, ea.value.low, ea.value.high, side(ea),
                axis.key.c_str(), format_value(b, axis.integer).c_str(), eb.value.estimate, eb.value.low, eb.value.high, side(eb));
    if (fit.ok)
      std::printf("fitted root (%s model through %zu points): %s = %.4g, %s interval [%.4g, %.4g]\n",
                  result.probability ? "logistic" : "linear", result.local.size(), axis.key.c_str(), fit.root, level_percent(settings.level).c_str(), fit.low, fit.high);
    if (axis.integer)
      std::printf("answer: between %s and %s (an integer parameter: the two values that bracket the goal)\n",
                  format_value(a, true).c_str(), format_value(b, true).c_str());
  }

  std::string csv = csv_field(axis.key) + ",estimate,low,high,trials\n";
  std::vector<SweepPoint> curve;
  for (const auto& [x, e] : result.evaluated) {
    csv += format_text("%.10g,%.10g,%.10g,%.10g,%llu\n", e.x, e.value.estimate, e.value.low, e.value.high, static_cast<unsigned long long>(e.trials));
    curve.push_back({e.x, e.value.estimate, e.value.low, e.value.high});
  }
  // The result: what --json writes and the report page draws (docs/json-format.md).
  const nlohmann::json tune_json = tune_result_json(result, axis, target, title, seed, settings.level, partial);
  OutputBatch outputs;
  if (!settings.json.empty()) outputs.attempt([&] { write_file_atomically(settings.json, json_document(tune_json, 1) + "\n"); });
  if (!settings.csv.empty()) outputs.attempt([&] { write_file_atomically(settings.csv, csv); });
  SweepPlotOptions plot_options;
  plot_options.goal = goal;
  if (fit.ok) {
    // The fitted model through the local points (analysis/root_fit.hpp): logistic on a probability.
    const bool logistic = result.probability;
    const double intercept = fit.intercept, slope = fit.slope;
    plot_options.fitted = [=](double x) { return logistic ? 1 / (1 + std::exp(-(intercept + slope * x))) : intercept + slope * x; };
    plot_options.fit_from = tune_json["fit"]["from"].get<double>();
    plot_options.fit_to = tune_json["fit"]["to"].get<double>();
    plot_options.root = fit.root;
    plot_options.root_low = fit.low;
    plot_options.root_high = fit.high;
  }
  const char* unanswered = partial ? " (PARTIAL: interrupted)" : result.bracketed ? "" : " (goal not bracketed: no root)";
  const PlotSpec plot = sweep_plot({{target.name(), curve}}, axis.key, target.name(), title + ": tune" + unanswered, plot_options);
  if (!settings.plot.empty()) outputs.attempt([&] { draw_plot(plot, settings.plot); });
  if (!settings.report.empty()) outputs.attempt([&] { write_file_atomically(settings.report, report_page(tune_json)); });
  outputs.finish();
  // A goal outside the bracket is a question without an answer: its outputs show the values
  // evaluated (a script reads `bracketed` in the JSON), and the exit code says it was not answered.
  if (!partial && !result.bracketed) return ExitFailure;
  return trials_exit_code(partial);
}

}  // namespace volley
