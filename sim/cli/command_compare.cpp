// `volley compare SCENARIO --set ... --vs ... [--vs ...]`: paired comparison of variants on common
// random numbers: every headline figure of each variant, and its difference from the base with a
// paired interval beside the unpaired one, and the variance reduction measured in the same run.
#include "sim/cli/command_line.hpp"
#include "sim/cli/commands.hpp"
#include "sim/cli/reproducing_command.hpp"
#include "sim/cli/terminal_progress.hpp"
#include "sim/cli/run_options.hpp"
#include "sim/output/compare_report.hpp"
#include "sim/output/output_batch.hpp"
#include "sim/output/output_extras.hpp"
#include "sim/output/time_to_answer.hpp"
#include "sim/run/interrupt.hpp"
#include "sim/scenario/setting_changes.hpp"
#include "sim/study/compare_study.hpp"

#include <boost/program_options.hpp>

#include <cstdio>
#include <iostream>

namespace po = boost::program_options;

namespace volley {

int command_compare(const Args& args) {
  install_interrupt_handlers();  // first: a signal that arrives while the scenario loads still stops cleanly
  CompareSettings settings;
  RunSettings& run = settings.run;
  std::vector<std::string> versus;
  po::options_description options(
      "volley compare SCENARIO [--set KEY=VALUE ...] --vs KEY=VALUE[;KEY=VALUE] [--vs ...] [options]\n\n"
      "Paired comparison: the base (the file with every --set) and each --vs variant (the base with those keys changed)\n"
      "play the same trials with the same random numbers; differences get paired intervals.\n"
      "Example: volley compare scenarios/herero-ambush.toml --set herero.policy=always --set herero.charge_after=true\n"
      "           --vs 'herero.policy=never;herero.charge_after=false'\n\nOptions");
  options.add_options()("vs", po::value<std::vector<std::string>>(&versus)->composing(),
                        "a variant: KEY=VALUE, several joined with ';' (repeatable)");
  add_run_options(options, run, false);
  po::variables_map vm;
  if (!parse_command_line(args, options, "scenario", po::value<std::string>(&run.scenario), 1, vm)) return ExitOk;
  run.seed_given = !vm["seed"].defaulted();
  for (const auto& v : versus) settings.variants.push_back({v, split_assignments(v)});

  const StudyControl control = terminal_control(run.quiet, [](const std::string&, const nlohmann::json& note) {
    std::fprintf(stderr, "volley compare: %s\n", note.get<std::string>().c_str());
  });
  CompareStudy study = compare_study(settings, scenario_argument(run.scenario), control);
  if (study.record.presentation.is_object())
    study.record.presentation["command_line"] = reproducing_command("compare", args, study.record.seed);
  const RunRecord& r = study.record;
  std::vector<std::string> tactics;
  for (const auto& model : study.models) tactics.push_back(model->tactic());
  std::fputs(compare_text(r, *study.job, *study.base_schema, study.headline, study.labels, study.plays, study.file_has,
                          study.settings_changed, run.quiet, tactics)
                 .c_str(),
             stdout);
  if (const long d = study.job->difference_metric(1, study.headline); !run.quiet && d >= 0)
    std::fputs(format_time_to_answer(r.tally, static_cast<size_t>(d), study.headline + " difference", r.seconds,
                                     precision_goal(run.precision, 0.01), r.level)
                   .c_str(),
               stdout);
  std::fflush(stdout);
  OutputBatch outputs;
  outputs.attempt([&] { write_record_outputs(r, run); });
  outputs.attempt([&] { write_compare_extras(r, run, *study.job, study.labels, *study.models[0]); });
  if (!study.checkpoint_failure.empty()) outputs.attempt([&] { throw std::runtime_error(study.checkpoint_failure); });
  outputs.finish();
  return trials_exit_code(study.interrupted);
}

}  // namespace volley
