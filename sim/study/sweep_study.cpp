#include "sim/study/sweep_study.hpp"

#include "analysis/target.hpp"
#include "sim/record/run_record.hpp"
#include "sim/run/interrupt.hpp"
#include "sim/run/run_session.hpp"
#include "sim/run/variant_runner.hpp"

#include <stdexcept>

namespace volley {

SweepStudy sweep_study(SweepSettings settings, const ScenarioOpener& open, const StudyControl& control) {
  const RunSettings& run = settings.run;
  std::vector<ParameterAxis>& axes = settings.axes;
  if (axes.empty() || axes.size() > 2) throw std::invalid_argument("--param: give one or two parameters to sweep");
  for (auto& axis : axes) keep_whole_key_where_accepted(axis, [&](const std::string& a) { return scenario_takes(open, run.sets, a); });
  check_outputs(run);
  const uint64_t seed = run.seed_value();

  // Grid points, first axis fastest.
  std::vector<std::vector<size_t>> points;
  const size_t n1 = axes.size() > 1 ? axes[1].values.size() : 1;
  for (size_t j = 0; j < n1; ++j)
    for (size_t i = 0; i < axes[0].values.size(); ++i)
      points.push_back(axes.size() > 1 ? std::vector<size_t>{i, j} : std::vector<size_t>{i});

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
  for (const auto& sets : assignments) (void)load_model(open(run.sets, sets, "--param"));
  {
    // An unknown --target is refused with the valid names before any point is played.
    const auto model = load_model(open(run.sets, assignments.front(), "--param"));
    check_target(parse_target(settings.target.empty() ? model->headline_metric() : settings.target, false), *model->make_job(0)->schema(),
                 "--target");
  }
  std::vector<VariantRun> runs;
  const std::atomic<bool>* stop = control.stop != nullptr ? control.stop : install_interrupt_handlers();
  for (size_t i = 0; i < assignments.size(); ++i) {
    if (!runs.empty() && stop->load()) break;
    runs.push_back(run_variant(open(run.sets, assignments[i], "--param"), run, seed, labels[i], control.stop, control.trials()));
    if (runs.back().interrupted) break;
  }
  // Interrupted: the points before the last run are complete; the last one holds whole blocks only.
  SweepStudy study;
  study.partial = runs.size() < points.size() || runs.back().interrupted;
  const size_t complete_points = runs.size() - (runs.back().interrupted ? 1 : 0);
  const auto& first = *runs.front().model;
  const TargetSpec target = parse_target(settings.target.empty() ? first.headline_metric() : settings.target, false);
  const Schema& schema = runs.front().tally.schema();
  SweepTable& table = study.table;
  table.columns = {target.text};
  for (const auto& m : schema.metrics)
    if (m.headline && m.kind == MetricKind::Probability && m.name != target.text) table.columns.push_back(m.name);
  // With --precision each point stops on its own: the header gives the cap (--json has each point's trials).
  table.trials = run.precision.empty() ? std::to_string(runs.front().tally.trials()) : run.trials_text();
  table.title = first.title();
  table.seed = seed;
  table.level = run.level;
  for (const auto& a : axes) table.keys.push_back(a.key);

  nlohmann::json json_points = nlohmann::json::array();
  for (size_t k = 0; k < runs.size(); ++k) {
    SweepTable::Row row;
    for (size_t a = 0; a < axes.size(); ++a) row.values.push_back(axes[a].values[points[k][a]]);
    for (size_t c = 0; c < table.columns.size(); ++c)
      row.columns.push_back(evaluate_target(runs[k].tally, c == 0 ? target : parse_target(table.columns[c], false), run.level));
    const Interval target_value = row.columns.front();
    table.rows.push_back(std::move(row));
    RunRecord record;
    record.command = "sweep";
    record.seed = seed;
    record.trials = runs[k].tally.trials();
    record.level = run.level;
    record.sets = assignments[k];
    record.scenario_title = runs[k].model->title();
    record.scenario_kind = runs[k].model->kind();
    record.partial = runs[k].interrupted;
    record.tally = runs[k].tally;
    json_points.push_back({{"assignments", assignments[k]},
                           {"target", {{"estimate", target_value.estimate}, {"low", target_value.low}, {"high", target_value.high}}},
                           {"result", record_to_json(record)}});
  }
  if (study.partial)
    table.partial_text = "PARTIAL: interrupted, " + std::to_string(complete_points) + " of " + std::to_string(points.size()) +
                         " points complete" + (runs.back().interrupted ? " (the last shown has completed blocks only)" : "");

  // The result: what --json writes and the report page draws (docs/json-format.md).
  nlohmann::json axes_json = nlohmann::json::array();
  for (const auto& a : axes) axes_json.push_back({{"key", a.key}, {"values", a.values}, {"numbers", a.numbers}});
  study.document = {{"format", "volley-sweep"},
                    {"format_version", ResultFormatVersion},
                    {"volley_version", VOLLEY_VERSION},
                    {"title", first.title()},
                    {"parameters", settings.parameters},
                    {"axes", axes_json},
                    {"target", target.text},
                    {"target_is_probability", target.is_probability(schema)},
                    {"level", run.level},
                    {"seed", seed},
                    {"partial", study.partial},
                    {"points_planned", points.size()},
                    {"points_complete", complete_points},
                    {"points", json_points}};
  return study;
}

}  // namespace volley
