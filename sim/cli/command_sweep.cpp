// `volley sweep SCENARIO --param KEY=lo:hi:step [--param KEY2=...]`: a grid over one or two
// parameters on common random numbers (every point plays the same trial indices with the same seed),
// a table with intervals, and a curve (one parameter) or heat map (two) with --plot.
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
#include "sim/record/run_record.hpp"
#include "sim/run/run_session.hpp"
#include "sim/scenario/scenario_model.hpp"
#include "sim/output/text_escaping.hpp"
#include "sim/run/variant_runner.hpp"

#include <boost/program_options.hpp>

#include <cstdio>
#include <iostream>

namespace po = boost::program_options;

namespace volley {

int command_sweep(const Args& args) {
  install_interrupt_handlers();  // first: a signal that arrives while the scenario loads still stops cleanly
  RunSettings settings = study_run_settings();
  std::vector<std::string> params;
  std::string target_text;
  po::options_description options(
      "volley sweep SCENARIO --param KEY=lo:hi:step [--param KEY2=...] [options]\n\n"
      "A grid over one or two parameters (numbers lo:hi:step, or a list a,b,c of any values --set takes), every point\n"
      "on the same random numbers. K1,K2=... moves several keys together.\n"
      "Example: volley sweep herero-ambush --param german.units.Z1.figures=6:14:2 --target herero.win\n\nOptions");
  options.add_options()("param", po::value<std::vector<std::string>>(&params)->composing(), "KEY=lo:hi:step or KEY=a,b,c (once or twice)")
      ("target", po::value<std::string>(&target_text), "the estimate to plot (default: the scenario's headline), e.g. herero.win");
  add_run_options(options, settings, false);
  po::variables_map vm;
  if (!parse_command_line(args, options, "scenario", po::value<std::string>(&settings.scenario), 1, vm, "(--trials is per grid point; default " + std::to_string(TrialsPerStudyValue) + ")")) return ExitOk;
  if (params.empty() || params.size() > 2) throw std::invalid_argument("--param: give one or two parameters to sweep");
  std::vector<ParameterAxis> axes;
  for (const auto& p : params) axes.push_back(parse_axis(p, "--param"));
  for (auto& axis : axes)
    keep_whole_key_where_accepted(axis, [&](const std::string& a) { return scenario_accepts(settings.scenario, settings.sets, a); });
  check_outputs(settings);
  const uint64_t seed = settings.seed_value();

  // Grid points, first axis fastest.
  std::vector<std::vector<size_t>> points;
  const size_t n1 = axes.size() > 1 ? axes[1].values.size() : 1;
  for (size_t j = 0; j < n1; ++j)
    for (size_t i = 0; i < axes[0].values.size(); ++i) points.push_back(axes.size() > 1 ? std::vector<size_t>{i, j} : std::vector<size_t>{i});

  std::vector<std::vector<std::string>> assignments;
  std::vector<std::string> labels;
  for (const auto& p : points) {
    std::vector<std::string> sets;
    std::string label;
    for (size_t a = 0; a < axes.size(); ++a) {
      for (const auto& set : axes[a].assignments(p[a])) sets.push_back(set);
      label += (label.empty() ? "" : " ") + axes[a].assignment(p[a]);
    }
    assignments.push_back(sets);
    labels.push_back(label);
  }
  // Every grid point is checked before any is run: a value the rules refuse at the end of the grid
  // stops the sweep at once, not after the points before it have been played.
  for (const auto& sets : assignments) (void)load_model(open_scenario(settings.scenario, settings.sets, sets, "--param"));
  {
    // An unknown --target is refused with the valid names before any point is played.
    const auto model = load_model(open_scenario(settings.scenario, settings.sets, assignments.front(), "--param"));
    check_target(parse_target(target_text.empty() ? model->headline_metric() : target_text, false), *model->make_job(0)->schema(), "--target");
  }
  std::vector<VariantRun> runs;
  for (size_t i = 0; i < assignments.size(); ++i) {
    if (!runs.empty() && interrupted()) break;
    runs.push_back(run_variant(settings, assignments[i], "--param", seed, labels[i]));
    if (runs.back().interrupted) break;
  }
  // Interrupted: the points before the last run are complete; the last one holds whole blocks only.
  const bool partial = runs.size() < points.size() || runs.back().interrupted;
  const size_t complete_points = runs.size() - (runs.back().interrupted ? 1 : 0);
  const auto& first = *runs.front().model;
  const TargetSpec target = parse_target(target_text.empty() ? first.headline_metric() : target_text, false);
  const Schema& schema = runs.front().tally.schema();
  std::vector<std::string> columns{target.text};
  for (const auto& m : schema.metrics)
    if (m.headline && m.kind == MetricKind::Probability && m.name != target.text) columns.push_back(m.name);
  const std::string percent = level_percent(settings.level);

  // With --precision each point stops on its own: the header gives the cap (--json has each point's trials).
  const std::string trials = settings.precision.empty() ? std::to_string(runs.front().tally.trials()) : settings.trials_text();
  std::printf("%s: sweep, %s trials per point, seed %llu, common random numbers across the grid\n", first.title().c_str(),
              trials.c_str(), static_cast<unsigned long long>(seed));
  std::string header;
  for (const auto& a : axes) header += std::string(a.key.size() < 14 ? 14 : a.key.size(), ' ').replace(0, a.key.size(), a.key) + " ";
  // --quiet prints the target only (the CSV keeps every column); otherwise beside it every other
  // headline probability (win, draw, loss).
  const size_t printed_columns = settings.quiet ? 1 : columns.size();
  for (size_t c = 0; c < printed_columns; ++c) {
    std::string h = columns[c] + " [" + percent + "]";
    header += h + std::string(h.size() < 26 ? 26 - h.size() : 1, ' ');
  }
  std::printf("%s\n", header.c_str());
  std::string csv = "";
  for (const auto& a : axes) csv += csv_field(a.key) + ",";
  csv += "metric,estimate,low,high,level\n";
  std::vector<SweepPoint> curve;
  std::vector<HeatCell> cells;
  nlohmann::json json_points = nlohmann::json::array();
  for (size_t k = 0; k < runs.size(); ++k) {
    std::string line;
    Interval target_value;
    for (size_t a = 0; a < axes.size(); ++a) {
      const std::string& v = axes[a].values[points[k][a]];
      line += v + std::string(std::max<size_t>(axes[a].key.size(), 14) + 1 - std::min(v.size(), std::max<size_t>(axes[a].key.size(), 14)), ' ');
    }
    for (size_t c = 0; c < columns.size(); ++c) {
      const TargetSpec t = c == 0 ? target : parse_target(columns[c], false);
      const Interval e = evaluate_target(runs[k].tally, t, settings.level);
      char cell[96];
      std::snprintf(cell, sizeof cell, "%.4f [%.4f,%.4f]", e.estimate, e.low, e.high);
      if (c < printed_columns) line += std::string(cell) + std::string(std::string(cell).size() < 26 ? 26 - std::string(cell).size() : 1, ' ');
      std::string row;
      for (size_t a = 0; a < axes.size(); ++a) row += csv_field(axes[a].values[points[k][a]]) + ",";
      csv += row + csv_field(t.text) + format_text(",%.10g,%.10g,%.10g,%g\n", e.estimate, e.low, e.high, settings.level);
      if (c == 0) {
        target_value = e;
        const double x = axes[0].numbers.empty() ? static_cast<double>(points[k][0]) : axes[0].numbers[points[k][0]];
        if (axes.size() == 1) curve.push_back({x, e.estimate, e.low, e.high});
        else cells.push_back({x, axes[1].numbers.empty() ? static_cast<double>(points[k][1]) : axes[1].numbers[points[k][1]], e.estimate});
      }
    }
    std::printf("%s\n", line.c_str());
    RunRecord record;
    record.command = "sweep";
    record.seed = seed;
    record.trials = runs[k].tally.trials();
    record.level = settings.level;
    record.sets = assignments[k];
    record.scenario_title = runs[k].model->title();
    record.scenario_kind = runs[k].model->kind();
    record.partial = runs[k].interrupted;
    record.tally = runs[k].tally;
    json_points.push_back({{"assignments", assignments[k]},
                           {"target", {{"estimate", target_value.estimate}, {"low", target_value.low}, {"high", target_value.high}}},
                           {"result", record_to_json(record)}});
  }
  const std::string partial_text = "PARTIAL: interrupted, " + std::to_string(complete_points) + " of " + std::to_string(points.size()) +
                                   " points complete" + (runs.back().interrupted ? " (the last shown has completed blocks only)" : "");
  if (partial) std::printf("%s\n", partial_text.c_str());

  const bool probability = target.is_probability(schema);
  // The result: what --json writes and the report page draws (docs/json-format.md).
  nlohmann::json axes_json = nlohmann::json::array();
  for (const auto& a : axes) axes_json.push_back({{"key", a.key}, {"values", a.values}, {"numbers", a.numbers}});
  const nlohmann::json sweep_json{{"format", "volley-sweep"}, {"format_version", ResultFormatVersion}, {"volley_version", VOLLEY_VERSION},
                                  {"title", first.title()}, {"parameters", params}, {"axes", axes_json}, {"target", target.text},
                                  {"target_is_probability", probability}, {"level", settings.level}, {"seed", seed},
                                  {"partial", partial}, {"points_planned", points.size()},
                                  {"points_complete", complete_points}, {"points", json_points}};
  OutputBatch outputs;
  if (!settings.json.empty())
    outputs.attempt([&] {
      write_file_atomically(settings.json, json_document(sweep_json, 1) + "\n");
    });
  if (!settings.csv.empty()) outputs.attempt([&] { write_file_atomically(settings.csv, csv); });
  PlotSpec plot;
  if (axes.size() == 1) {
    SweepPlotOptions plot_options;
    if (axes[0].numbers.empty()) plot_options.categories = axes[0].values;  // words (policies) are categories
    plot = sweep_plot({{target.text, curve}}, axes[0].key, target.text, first.title() + ": sweep" + (partial ? " (PARTIAL: interrupted)" : ""), plot_options);
  } else {
    plot = heatmap_plot(cells, {axes[0].key, axes[0].values, axes[0].numbers}, {axes[1].key, axes[1].values, axes[1].numbers}, target.text,
                        first.title() + ": sweep" + (partial ? " (PARTIAL: interrupted)" : ""), probability);
  }
  if (!settings.plot.empty()) outputs.attempt([&] { draw_plot(plot, settings.plot); });
  if (!settings.report.empty()) outputs.attempt([&] { write_file_atomically(settings.report, report_page(sweep_json)); });
  outputs.finish();
  return trials_exit_code(partial);
}

}  // namespace volley
