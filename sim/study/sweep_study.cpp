#include "sim/study/sweep_study.hpp"

#include "analysis/setting_values.hpp"
#include "sim/record/run_record.hpp"
#include "sim/run/interrupt.hpp"
#include "sim/run/run_session.hpp"
#include "sim/run/variant_runner.hpp"

#include <stdexcept>

namespace volley {

namespace {

// The volley-sweep document's fields but its points and how many completed (docs/json-format.md).
nlohmann::json sweep_header(const SweepGrid& grid) {
  nlohmann::json axes_json = nlohmann::json::array();
  for (const auto& a : grid.settings.axes) axes_json.push_back({{"key", a.key}, {"values", a.values}, {"numbers", a.numbers}});
  return {{"format", "volley-sweep"},
          {"format_version", ResultFormatVersion},
          {"volley_version", VOLLEY_VERSION},
          {"title", grid.title},
          {"parameters", grid.settings.parameters},
          {"axes", axes_json},
          {"target", grid.target.text},
          {"target_is_probability", grid.target_is_probability},
          {"level", grid.settings.run.level},
          {"seed", grid.seed},
          {"points_planned", grid.points.size()}};
}

}  // namespace

SweepGrid sweep_grid(SweepSettings settings, const ScenarioOpener& open) {
  SweepGrid grid;
  const RunSettings& run = settings.run;
  std::vector<ParameterAxis>& axes = settings.axes;
  if (axes.empty() || axes.size() > 2) throw std::invalid_argument("--param: give one or two parameters to sweep");
  for (auto& axis : axes) keep_whole_key_where_accepted(axis, [&](const std::string& a) { return scenario_takes(open, run.sets, a); });
  check_outputs(run);
  grid.seed = run.seed_value();

  // Grid points, first axis fastest.
  const size_t n1 = axes.size() > 1 ? axes[1].values.size() : 1;
  for (size_t j = 0; j < n1; ++j)
    for (size_t i = 0; i < axes[0].values.size(); ++i)
      grid.points.push_back(axes.size() > 1 ? std::vector<size_t>{i, j} : std::vector<size_t>{i});

  for (const auto& p : grid.points) {
    std::vector<std::string> sets;
    std::string label;
    for (size_t a = 0; a < axes.size(); ++a) {
      for (const auto& set : axes[a].assignments(p[a])) sets.push_back(set);
      label += (label.empty() ? "" : " ") + axes[a].assignment(p[a]);
    }
    grid.assignments.push_back(sets);
    grid.labels.push_back(label);
  }
  // Every grid point is checked before any is run: a value the rules refuse at the end of the grid
  // stops the sweep at once, not after the points before it have been played.
  for (const auto& sets : grid.assignments) (void)load_model(open(run.sets, sets, "--param"));
  {
    // An unknown --target or --precision metric is refused with the valid names before any point is played.
    const auto model = load_model(open(run.sets, grid.assignments.front(), "--param"));
    grid.target = parse_target(settings.target.empty() ? model->headline_metric() : settings.target, false);
    const auto schema = model->make_job(0)->schema();
    check_target(grid.target, *schema, "--target");
    (void)make_plan(run, *schema, model->headline_metric());
    grid.title = model->title();
    grid.target_is_probability = grid.target.is_probability(*schema);
    const long metric = schema->find(grid.target.metric);
    grid.paired = axes[0].numbers.empty() && axes[0].values.size() > 1 &&
                  (grid.target.at_least.has_value() || (metric >= 0 && schema->metrics[static_cast<size_t>(metric)].headline));
  }
  grid.settings = std::move(settings);
  return grid;
}

SweepStudy sweep_study(SweepSettings settings, const ScenarioOpener& open, const StudyControl& control) {
  return sweep_study(sweep_grid(std::move(settings), open), open, control);
}

SweepStudy sweep_study(const SweepGrid& grid, const ScenarioOpener& open, const StudyControl& control) {
  const RunSettings& run = grid.settings.run;
  const std::vector<ParameterAxis>& axes = grid.settings.axes;
  const TargetSpec& target = grid.target;
  const uint64_t seed = grid.seed;
  nlohmann::json header = sweep_header(grid);
  control.report("sweep", [&] {
    nlohmann::json empty = header;
    empty["partial"] = true;
    empty["points_complete"] = 0;
    empty["points"] = nlohmann::json::array();
    return empty;
  }());

  // Each point's entry of the document: its assignments, the target's interval and its result.
  const auto point_json = [&](size_t k, const VariantRun& v) {
    const Interval target_value = evaluate_target(v.tally, target, run.level);
    RunRecord record;
    record.command = "sweep";
    record.seed = seed;
    record.trials = v.tally.trials();
    record.level = run.level;
    record.sets = grid.assignments[k];
    record.scenario_title = v.model->title();
    record.scenario_kind = v.model->kind();
    record.partial = v.interrupted;
    record.tally = v.tally;
    return nlohmann::json{{"assignments", grid.assignments[k]},
                          {"target", {{"estimate", target_value.estimate}, {"low", target_value.low}, {"high", target_value.high}}},
                          {"result", record_to_json(record)}};
  };
  std::vector<VariantRun> runs;
  std::vector<SweepTable::PairedLine> paired;
  nlohmann::json json_points = nlohmann::json::array();
  const std::atomic<bool>* stop = control.stop != nullptr ? control.stop : install_interrupt_handlers();
  // A first axis of named values (policies, rulesets) is a question of "which", asked on every line:
  // each line (every first-axis value at one value of the second) is one paired run, its points the
  // integers a run of each alone would tally (take_variant), and beside them each value's paired
  // difference against the line's first value, from the same trials (docs/methods.md, "Sweeps").
  const bool pairs = grid.paired;
  const size_t line_length = pairs ? axes[0].values.size() : 1;
  for (size_t first = 0; first < grid.assignments.size(); first += line_length) {
    if (!runs.empty() && stop->load()) break;
    if (!pairs) {
      runs.push_back(
          run_variant(open(run.sets, grid.assignments[first], "--param"), run, seed, grid.labels[first], control.stop, control.trials()));
      json_points.push_back(point_json(first, runs.back()));
      if (runs.back().interrupted) break;
      control.report("point", json_points.back());
      continue;
    }
    std::vector<ScenarioDocument> docs;
    for (size_t i = first; i < first + line_length; ++i) docs.push_back(open(run.sets, grid.assignments[i], "--param"));
    RunSettings line_run = run;
    // --precision on a line: its first paired difference's half-width (with one value against one
    // other, the line's question).
    if (!run.precision.empty()) {
      const PrecisionGoal goal = parse_precision("--precision", run.precision);
      line_run.precision = difference_prefix(1) + (goal.metric.empty() ? target.name() : goal.metric) + "=" + goal.half_width_text;
    }
    std::vector<Exceedance> exceedances;
    if (target.at_least) exceedances.push_back({target.metric, *target.at_least});
    const std::string label = axes[0].key + (axes.size() > 1 ? " at " + axes[1].assignment(grid.points[first][1]) : "");
    PairedRun line = run_paired(docs, line_run, seed, label, exceedances, control.stop, control.trials(), true);
    SweepTable::PairedLine differences;
    if (axes.size() > 1) differences.at = axes[1].values[grid.points[first][1]];
    for (size_t v = 1; v < line_length; ++v) {
      TargetSpec difference;
      difference.metric = difference_prefix(v) + target.name();
      differences.differences.push_back(evaluate_target(line.tally, difference, run.level));
    }
    paired.push_back(std::move(differences));
    for (size_t v = 0; v < line_length; ++v) {
      runs.push_back(take_variant(line, v));
      json_points.push_back(point_json(first + v, runs.back()));
    }
    if (line.interrupted) break;
    for (size_t v = 0; v < line_length; ++v) control.report("point", json_points[first + v]);
  }
  // Interrupted: the points before the last run are complete; the last one (a line: every point of
  // it) holds whole blocks only.
  SweepStudy study;
  study.partial = runs.size() < grid.points.size() || runs.back().interrupted;
  const size_t complete_points = runs.size() - (runs.back().interrupted ? line_length : 0);
  const Schema& schema = runs.front().tally.schema();
  SweepTable& table = study.table;
  table.columns = {target.text};
  for (const auto& m : schema.metrics)
    if (m.headline && m.kind == MetricKind::Probability && m.name != target.text) table.columns.push_back(m.name);
  // With --precision each point stops on its own: the header gives the cap (--json has each point's trials).
  table.trials = run.precision.empty() ? std::to_string(runs.front().tally.trials()) : run.trials_text();
  table.title = grid.title;
  table.seed = seed;
  table.level = run.level;
  for (const auto& a : axes) table.keys.push_back(a.key);
  for (size_t k = 0; k < runs.size(); ++k) {
    SweepTable::Row row;
    for (size_t a = 0; a < axes.size(); ++a) row.values.push_back(axes[a].values[grid.points[k][a]]);
    for (size_t c = 0; c < table.columns.size(); ++c)
      row.columns.push_back(evaluate_target(runs[k].tally, c == 0 ? target : parse_target(table.columns[c], false), run.level));
    table.rows.push_back(std::move(row));
  }
  table.paired = paired;
  table.paired_target = target.name();
  if (study.partial)
    table.partial_text = "PARTIAL: interrupted, " + std::to_string(complete_points) + " of " + std::to_string(grid.points.size()) +
                         " points complete" +
                         (runs.back().interrupted
                              ? pairs ? " (the last line shown has completed blocks only)" : " (the last shown has completed blocks only)"
                              : "");

  // The result: what --json writes and the report page draws (docs/json-format.md).
  study.document = std::move(header);
  study.document["partial"] = study.partial;
  study.document["points_complete"] = complete_points;
  study.document["points"] = std::move(json_points);
  if (pairs) {
    nlohmann::json lines = nlohmann::json::array();
    for (const auto& line : paired) {
      nlohmann::json differences = nlohmann::json::array();
      for (size_t v = 0; v < line.differences.size(); ++v) {
        const Interval& d = line.differences[v];
        differences.push_back({{"value", axes[0].values[v + 1]}, {"estimate", d.estimate}, {"low", d.low}, {"high", d.high}});
      }
      lines.push_back({{"at", axes.size() > 1 ? nlohmann::json(line.at) : nlohmann::json(nullptr)}, {"differences", differences}});
    }
    study.document["paired"] = {{"axis", axes[0].key}, {"base", axes[0].values[0]}, {"target", target.name()}, {"lines", lines}};
  }
  return study;
}

}  // namespace volley
