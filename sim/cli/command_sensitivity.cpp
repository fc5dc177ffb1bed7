// `volley sensitivity SCENARIO --target NAME`: every numeric parameter moved one step each way
// (whole numbers by 1, others by 10%), each change played paired against the unchanged scenario on
// the same random numbers, in one ranking by how far it moves the target, [assumed] rules marked. It
// shows which assumptions an answer actually rests on. A step of 1 can be a doubling (dice per figure
// 1 -> 2) where 10% of a fraction is small, so every row and bar names its step: the ranking is of
// those steps, and the reader sees what each one was.
#include "analysis/level_label.hpp"
#include "analysis/paired_difference.hpp"
#include "analysis/target.hpp"
#include "sim/scenario/assumed_parameters.hpp"
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
#include "sim/output/text_escaping.hpp"
#include "sim/run/variant_runner.hpp"

#include <boost/program_options.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>

namespace po = boost::program_options;

namespace volley {

namespace {

// Every numeric scalar of the document, addressed as --set addresses it (list entries by name).
void walk(const toml::node& node, const std::string& path, std::vector<ModelParameter>& out) {
  if (const auto* table = node.as_table()) {
    for (const auto& [k, v] : *table) walk(v, path.empty() ? std::string(k.str()) : path + "." + std::string(k.str()), out);
  } else if (const auto* array = node.as_array()) {
    if (!array->is_array_of_tables()) return;  // positions, zones, lists: not one-step parameters
    size_t index = 0;
    for (const auto& element : *array) {
      const auto* t = element.as_table();
      const auto name = t != nullptr ? (*t)["name"].value<std::string>() : std::nullopt;
      walk(element, path + "." + (name ? *name : std::to_string(index)), out);
      ++index;
    }
  } else if (node.is_integer()) {
    out.push_back({path, static_cast<double>(*node.value<int64_t>()), true, false});
  } else if (node.is_floating_point()) {
    out.push_back({path, *node.value<double>(), false, false});
  }
}

struct Effect {
  ModelParameter parameter;
  std::string down_value, up_value;
  std::optional<Interval> down, up;
  double magnitude = 0;
};

// The steps a parameter was moved by, as the reader compares them: "1 → 2", "0.765 ← 0.85 → 0.935".
std::string step_text(const Effect& e) {
  const std::string value = format_value(e.parameter.value, e.parameter.integer);
  return (e.down ? e.down_value + " \u2190 " : "") + value + (e.up ? " \u2192 " + e.up_value : "");
}

}  // namespace

int command_sensitivity(const Args& args) {
  install_interrupt_handlers();  // first: a signal that arrives while the scenario loads still stops cleanly
  RunSettings settings;
  settings.trials = 10000;
  std::string target_text;
  size_t limit = 0;
  po::options_description options(
      "volley sensitivity SCENARIO --target NAME [options]\n\n"
      "Every numeric parameter moved one step each way (whole numbers by 1, others by 10%), each played paired\n"
      "against the unchanged scenario, in one ranking by how far it moves the target; [assumed] rules marked.\n"
      "Example: volley sensitivity herero-ambush --target herero.win --trials 5000\n\nOptions");
  options.add_options()("target", po::value<std::string>(&target_text), "the estimate (default: the headline), e.g. herero.win")
      ("limit", whole_number(limit, "--limit", size_t{0})->default_value("0"), "show only the N parameters that move the target most (0: all); every parameter is still played");
  add_run_options(options, settings, false);
  po::variables_map vm;
  if (!parse_command_line(args, options, "scenario", po::value<std::string>(&settings.scenario), 1, vm, "(--trials is per parameter, paired; default 10000)")) return ExitOk;
  // Stopping on precision would need every parameter's two changes to reach it, and the driver stops
  // on one estimate; taking the option and running the default count instead, as it once did, left
  // a header that promised the trial cap. Refused before any work.
  if (!settings.precision.empty())
    throw std::invalid_argument("--precision: sensitivity plays a fixed number of paired trials per parameter; give --trials N instead (default 10000)");
  check_outputs(settings);
  const uint64_t seed = settings.seed_value();
  const ScenarioDocument doc = open_scenario(settings.scenario, settings.sets);
  const auto model = load_model(doc);
  const TargetSpec target = parse_target(target_text.empty() ? model->headline_metric() : target_text, false);
  check_target(target, *model->make_job(seed)->schema(), "--target");

  // The [assumed] rules (defaults included), then the file's own numbers: the order they are played
  // in (and an interrupted run's partial list), not the order they are shown in.
  std::vector<ModelParameter> parameters = assumed_parameters(doc, model->kind());
  std::vector<ModelParameter> from_file;
  walk(doc.root(), "", from_file);
  for (const auto& p : from_file)
    if (std::none_of(parameters.begin(), parameters.end(), [&](const ModelParameter& q) { return q.key == p.key; })) parameters.push_back(p);
  std::stable_sort(parameters.begin(), parameters.end(), [](const ModelParameter& a, const ModelParameter& b) { return a.assumed > b.assumed; });

  std::printf("%s: sensitivity of %s, %llu paired trials per parameter, seed %llu\n", model->title().c_str(), target.text.c_str(),
              static_cast<unsigned long long>(settings.planned_trials()), static_cast<unsigned long long>(seed));
  // An exceedance is tallied per trial as an indicator, so that its change is paired like a headline
  // metric's: the difference of 1[X >= k] between the variant and the base in the same trial.
  std::vector<Exceedance> exceedances;
  if (target.at_least) exceedances.push_back({target.metric, *target.at_least});
  const std::string compared = target.name();  // the names CompareJob gives its metrics
  std::vector<Effect> effects;
  size_t skipped = 0;
  bool partial = false;
  size_t studied = 0;  // parameters done (played or skipped); an interrupted one is not counted
  for (const auto& p : parameters) {
    if (interrupted()) {
      partial = true;
      break;
    }
    Effect effect{p, "", "", std::nullopt, std::nullopt, 0};
    const double step = p.integer ? 1.0 : (p.value != 0 ? std::abs(p.value) * 0.1 : 0.1);
    std::vector<std::vector<std::string>> variants{{}};
    std::vector<int> side;  // -1 down, +1 up, per variant after the base
    for (int direction : {-1, +1}) {
      const std::string value = format_value(p.value + direction * step, p.integer);
      const std::string assignment = p.key + "=" + value;
      try {
        auto with = settings.sets;
        with.push_back(assignment);
        load_model(open_scenario(settings.scenario, with));  // a value the rules refuse is skipped, not run
      } catch (const ScenarioErrors&) {
        continue;
      }
      variants.push_back({assignment});
      side.push_back(direction);
      (direction < 0 ? effect.down_value : effect.up_value) = value;
    }
    if (side.empty()) {
      ++skipped;
      ++studied;
      continue;
    }
    // Each step was loaded above: no error can come from it here.
    const PairedRun run = run_paired(settings, variants, "--set", seed, p.key, exceedances);
    // An interrupted parameter's change rests on fewer trials than the others': it is left out, so
    // that the ranking compares like with like, and the output says which parameters it covers.
    if (run.interrupted) {
      partial = true;
      break;
    }
    for (size_t v = 1; v < variants.size(); ++v) {
      const long b = run.job->variant_metric(0, compared), o = run.job->variant_metric(v, compared),
                 d = run.job->difference_metric(v, compared);
      if (b < 0 || o < 0 || d < 0)
        throw std::invalid_argument("--target: '" + target.metric + "' is not " + (target.at_least ? "an estimate" : "a headline estimate") + " of this scenario");
      const Interval delta = paired_difference(run.tally, static_cast<size_t>(b), static_cast<size_t>(o), static_cast<size_t>(d), settings.level).paired;
      (side[v - 1] < 0 ? effect.down : effect.up) = delta;
      effect.magnitude = std::max(effect.magnitude, std::abs(delta.estimate));
    }
    effects.push_back(effect);
    ++studied;
  }
  const std::string partial_text = "PARTIAL: interrupted, " + std::to_string(studied) + " of " + std::to_string(parameters.size()) +
                                   " parameters studied; the ranking covers those only";
  // Rank every parameter played, then keep the --limit largest effects: limiting before the ranking
  // left out whichever lever came late in the list (herero.break_fraction on the ambush).
  std::stable_sort(effects.begin(), effects.end(), [](const Effect& a, const Effect& b) { return a.magnitude > b.magnitude; });
  const size_t played = effects.size();
  if (limit > 0 && effects.size() > limit) effects.resize(limit);

  std::printf("\n%-44s %10s %-8s %-34s %-34s\n", "parameter", "value", "", ("one step down: change [" + level_percent(settings.level) + "]").c_str(),
              "one step up: change");
  std::string csv = "parameter,value,assumed,direction,new_value,change,low,high\n";
  std::vector<TornadoBar> bars;
  auto cell = [](const std::string& value, const std::optional<Interval>& d) {
    if (!d) return std::string("(refused by the rules)");
    char b[96];
    std::snprintf(b, sizeof b, "%s: %+.4f [%+.4f,%+.4f]", value.c_str(), d->estimate, d->low, d->high);
    return std::string(b);
  };
  // --quiet: the three levers that move the target most; the files keep all.
  std::vector<const Effect*> printed;
  for (const auto& e : effects) printed.push_back(&e);
  if (settings.quiet && printed.size() > 3) printed.resize(3);
  for (const Effect* e : printed)
    std::printf("%-44s %10s %-8s %-34s %-34s\n", e->parameter.key.c_str(), format_value(e->parameter.value, e->parameter.integer).c_str(),
                e->parameter.assumed ? "[assumed]" : "", cell(e->down_value, e->down).c_str(), cell(e->up_value, e->up).c_str());
  for (const auto& e : effects) {
    for (int direction : {-1, 1}) {
      const auto& d = direction < 0 ? e.down : e.up;
      if (!d) continue;
      csv += csv_field(e.parameter.key) + format_text(",%.10g,%d,%s,", e.parameter.value, e.parameter.assumed ? 1 : 0, direction < 0 ? "down" : "up") +
             csv_field(direction < 0 ? e.down_value : e.up_value) + format_text(",%.10g,%.10g,%.10g\n", d->estimate, d->low, d->high);
    }
    bars.push_back({e.parameter.key + " (" + step_text(e) + ")", e.parameter.assumed, e.down ? e.down->estimate : 0.0, e.up ? e.up->estimate : 0.0});
  }
  if (effects.size() < played && !settings.quiet)
    std::printf("(the %zu largest of %zu parameters played, by the largest change either way; --limit 0 shows all)\n", effects.size(), played);
  if (skipped > 0 && !settings.quiet) std::printf("(%zu parameters had no valid value one step away and were skipped)\n", skipped);
  if (partial) std::printf("%s\n", partial_text.c_str());
  if (bars.size() > 30) bars.resize(30);  // already ranked
  const PlotSpec plot = tornado_plot(bars, target.text, model->title() + ": sensitivity" + (partial ? " (PARTIAL: interrupted)" : ""));
  OutputBatch outputs;
  if (!settings.csv.empty()) outputs.attempt([&] { write_file_atomically(settings.csv, csv); });
  // The result: what --json writes and the report page draws (docs/json-format.md).
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& e : effects) {
    nlohmann::json row{{"parameter", e.parameter.key}, {"value", e.parameter.value}, {"assumed", e.parameter.assumed}, {"step", step_text(e)}};
    if (e.down) row["down"] = {{"value", e.down_value}, {"change", e.down->estimate}, {"low", e.down->low}, {"high", e.down->high}};
    if (e.up) row["up"] = {{"value", e.up_value}, {"change", e.up->estimate}, {"low", e.up->low}, {"high", e.up->high}};
    rows.push_back(row);
  }
  const nlohmann::json sensitivity_json{{"format", "volley-sensitivity"}, {"format_version", ResultFormatVersion}, {"volley_version", VOLLEY_VERSION},
                                        {"title", model->title()}, {"target", target.text}, {"seed", seed}, {"level", settings.level},
                                        {"trials", settings.planned_trials()}, {"partial", partial},
                                        {"parameters_planned", parameters.size()}, {"parameters_studied", studied}, {"parameters", rows}};
  if (!settings.json.empty()) outputs.attempt([&] { write_file_atomically(settings.json, json_document(sensitivity_json, 1) + "\n"); });
  if (!settings.plot.empty()) outputs.attempt([&] { draw_plot(plot, settings.plot); });
  if (!settings.report.empty()) outputs.attempt([&] { write_file_atomically(settings.report, report_page(sensitivity_json)); });
  outputs.finish();
  return trials_exit_code(partial);
}

}  // namespace volley
