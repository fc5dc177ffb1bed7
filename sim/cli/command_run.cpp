// `volley run [SCENARIO]`: play a scenario many times; estimates with intervals.
#include "analysis/digit_grouping.hpp"
#include "analysis/summary_table.hpp"
#include "sim/cli/command_line.hpp"
#include "sim/cli/commands.hpp"
#include "sim/cli/run_options.hpp"
#include "sim/run/interrupt.hpp"
#include "sim/output/output_batch.hpp"
#include "sim/output/output_extras.hpp"
#include "sim/output/result_presentation.hpp"
#include "sim/run/run_session.hpp"
#include "sim/scenario/setting_changes.hpp"

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
  take_plan_from_checkpoint(settings);

  const ScenarioDocument doc = open_scenario(settings.scenario, settings.sets);
  const auto model = load_model(doc);
  check_outputs(settings);
  const auto job = model->make_job(settings.seed_value());
  RunRecord record;
  describe_scenario(record, doc, *model, settings.sets);
  SessionOutcome outcome = run_session(*job, settings, std::move(record), model->headline_metric());
  RunRecord& r = outcome.record;
  r.presentation = run_presentation(r, *model);
  const auto changes = setting_changes(open_scenario(settings.scenario, {}), r.sets);
  r.presentation["settings_changed"] = changes.changed;
  r.presentation["settings_as_in_file"] = changes.as_in_file;
  r.presentation["decisions"] = model->decisions();

  // --quiet: the headline estimates and the line that says how many trials they rest on, nothing else.
  if (!settings.quiet) {
    std::printf("%s (%s)\n", r.scenario_title.c_str(), r.scenario_name.c_str());
    std::fputs(setting_changes_text(changes).c_str(), stdout);
    for (const auto& line : model->decisions()) std::printf("plays %s\n", line.c_str());
  }
  std::printf("%s trials, seed %llu, %.2f s (%s trials/s)%s\n\n", grouped(static_cast<int64_t>(r.tally.trials())).c_str(),
              static_cast<unsigned long long>(r.seed), r.seconds, grouped(static_cast<double>(r.tally.trials()) / std::max(r.seconds, 1e-9)).c_str(),
              run_ending(r).c_str());
  if (r.tally.trials() == 0 && r.slice.count > 1)
    std::printf("This shard (%llu/%llu) owns no block of this run: %llu blocks for %llu shards. Its file still merges.\n",
                static_cast<unsigned long long>(r.slice.index + 1), static_cast<unsigned long long>(r.slice.count),
                static_cast<unsigned long long>(r.blocks_total), static_cast<unsigned long long>(r.slice.count));
  ReportOptions report;
  report.level = r.level;
  report.headline_only = !all_metrics;
  report.histograms = report.per_turn = report.per_unit = !settings.quiet;
  std::fputs(format_summary(r.tally, report).c_str(), stdout);
  std::fflush(stdout);
  OutputBatch outputs;
  outputs.attempt([&] { write_record_outputs(r, settings); });
  outputs.attempt([&] { write_run_extras(r, settings, *model); });
  if (!outcome.checkpoint_failure.empty()) outputs.attempt([&] { throw std::runtime_error(outcome.checkpoint_failure); });
  outputs.finish();
  return trials_exit_code(outcome.interrupted);
}

}  // namespace volley
