// `volley compare SCENARIO --set ... --vs ... [--vs ...]`: paired comparison of variants on common
// random numbers: every headline figure of each variant, and its difference from the base with a
// paired interval beside the unpaired one, and the variance reduction measured in the same run.
#include "analysis/digit_grouping.hpp"
#include "analysis/paired_difference.hpp"
#include "analysis/summary_table.hpp"
#include "sim/cli/command_line.hpp"
#include "sim/cli/commands.hpp"
#include "sim/cli/run_options.hpp"
#include "sim/scenario/compare_job.hpp"
#include "sim/output/compare_report.hpp"
#include "sim/run/interrupt.hpp"
#include "sim/output/output_batch.hpp"
#include "sim/output/result_presentation.hpp"
#include "sim/run/run_session.hpp"
#include "sim/scenario/setting_changes.hpp"

#include <boost/program_options.hpp>

#include <cstdio>
#include <iostream>

namespace po = boost::program_options;

namespace volley {

namespace {

// "a=1;b=2" -> {"a=1", "b=2"}
std::vector<std::string> split_assignments(const std::string& text) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t semi = text.find(';', start);
    std::string part = text.substr(start, semi == std::string::npos ? std::string::npos : semi - start);
    if (!part.empty()) out.push_back(part);
    if (semi == std::string::npos) break;
    start = semi + 1;
  }
  return out;
}

}  // namespace

int command_compare(const Args& args) {
  install_interrupt_handlers();  // first: a signal that arrives while the scenario loads still stops cleanly
  RunSettings settings;
  std::vector<std::string> versus;
  po::options_description options(
      "volley compare SCENARIO [--set KEY=VALUE ...] --vs KEY=VALUE[;KEY=VALUE] [--vs ...] [options]\n\n"
      "Paired comparison: the base (the file with every --set) and each --vs variant (the base with those keys changed)\n"
      "play the same trials with the same random numbers; differences get paired intervals.\n"
      "Example: volley compare scenarios/herero-ambush.toml --set herero.policy=always --set herero.charge_after=true\n"
      "           --vs 'herero.policy=never;herero.charge_after=false'\n\nOptions");
  options.add_options()("vs", po::value<std::vector<std::string>>(&versus)->composing(), "a variant: KEY=VALUE, several joined with ';' (repeatable)");
  add_run_options(options, settings, false);
  po::variables_map vm;
  if (!parse_command_line(args, options, "scenario", po::value<std::string>(&settings.scenario), 1, vm)) return ExitOk;
  settings.seed_given = !vm["seed"].defaulted();
  take_plan_from_checkpoint(settings);
  if (versus.empty()) {
    // No --vs: the scenario's own question where it has one (the README's), else what to type.
    const auto question = load_model(open_scenario(settings.scenario, settings.sets))->default_question();
    if (!question)
      throw std::invalid_argument("give at least one --vs variant to compare with the base, for example\n  volley compare " + settings.scenario +
                                  " --vs 'KEY=VALUE;KEY=VALUE'\n(`volley show " + settings.scenario + " --toml` lists every key and its value)");
    settings.sets.insert(settings.sets.begin(), question->base.begin(), question->base.end());  // a --set given still wins
    versus.push_back(question->versus);
    std::string base_words;
    for (const auto& s : question->base) base_words += " --set " + s;
    std::fprintf(stderr, "volley compare: no --vs: comparing %s:%s --vs '%s'\n", question->words.c_str(), base_words.c_str(), question->versus.c_str());
  }

  // Variant 0 is the base; variant i applies --vs i on top of the base's --set.
  // The --vs assignments come after the base's --set; an error on one names its --vs.
  std::vector<std::vector<std::string>> variant_extra{{}};
  std::vector<std::string> labels{settings.sets.empty() ? std::string("base") : [&] {
    std::string l;
    for (const auto& s : settings.sets) l += (l.empty() ? "" : "; ") + s;
    return l;
  }()};
  for (const auto& v : versus) {
    variant_extra.push_back(split_assignments(v));
    labels.push_back(v);
  }
  std::vector<ScenarioDocument> docs;
  std::vector<std::unique_ptr<ScenarioModel>> models;
  std::string base_text;  // the base with every default written: a variant equal to it is the base again
  std::vector<std::string> same_as_base;  // notes on the variants left out
  std::vector<std::string> kept_labels;
  for (size_t v = 0; v < variant_extra.size(); ++v) {
    ScenarioDocument doc = open_scenario(settings.scenario, settings.sets, variant_extra[v], "--vs");
    auto model = load_model(doc);
    // A variant whose settings give the base's scenario again (every key equal) answers an empty
    // question: its differences are 0 in every trial. Say so, and leave it out.
    // Compared with every default written out, so that a key set to the value it already had by
    // default is no change either.
    const std::string text = complete_scenario_text(doc);
    if (v == 0) base_text = text;
    if (v > 0 && text == base_text) {
      same_as_base.push_back("--vs '" + labels[v] + "' gives the same scenario as the base (every key equal): nothing to compare, left out");
      continue;
    }
    docs.push_back(std::move(doc));
    models.push_back(std::move(model));
    kept_labels.push_back(labels[v]);
  }
  labels = kept_labels;
  if (models.size() < 2)
    throw std::invalid_argument(same_as_base.front() + (same_as_base.size() > 1 ? " (and so does every other --vs)" : "") +
                                "; change a key the base does not already have at that value");
  for (const auto& note : same_as_base) std::fprintf(stderr, "volley compare: %s\n", note.c_str());
  check_outputs(settings);
  const uint64_t seed = settings.seed_value();
  std::vector<std::unique_ptr<TrialJob>> jobs;
  for (const auto& m : models) jobs.push_back(m->make_job(seed));
  const CompareJob job(std::move(jobs));

  // --precision NAME=E on compare means the paired difference of the first variant by default.
  const std::string headline = models[0]->headline_metric();
  if (!settings.precision.empty()) {
    const auto eq = settings.precision.find('=');
    const std::string name = eq == std::string::npos ? headline : settings.precision.substr(0, eq);
    const std::string value = eq == std::string::npos ? settings.precision : settings.precision.substr(eq + 1);
    if (job.schema()->find(name) < 0) settings.precision = difference_prefix(1) + name + "=" + value;
  }
  RunRecord record;
  describe_scenario(record, docs[0], *models[0], settings.sets);
  record.command = "compare";
  record.variants = labels;
  settings.seed = std::to_string(seed);
  SessionOutcome outcome = run_session(job, settings, std::move(record), difference_prefix(1) + headline);
  RunRecord& r = outcome.record;
  r.presentation = compare_presentation(r, job, labels, *models[0]);
  const auto changes = setting_changes(open_scenario(settings.scenario, {}), settings.sets);
  r.presentation["settings_changed"] = changes.changed;
  r.presentation["settings_as_in_file"] = changes.as_in_file;

  // Every key a variant or --set changes, and the value each variant plays it with: a key one variant
  // changes and another keeps at the file's value (charge_after beside policy=never) is part of the
  // question, and a label alone would hide it.
  std::vector<std::string> changed = settings.sets;
  for (size_t v = 1; v < variant_extra.size(); ++v) changed.insert(changed.end(), variant_extra[v].begin(), variant_extra[v].end());
  std::vector<std::string> plays;
  for (const auto& doc : docs) plays.push_back(file_values(doc, changed));

  // --quiet: the line that says how many trials, and the headline metric's paired difference per variant.
  if (!settings.quiet) {
    std::printf("%s (%s): paired comparison on common random numbers\n", r.scenario_title.c_str(), r.scenario_name.c_str());
    std::fputs(setting_changes_text(changes).c_str(), stdout);
    for (size_t v = 0; v < labels.size(); ++v) {
      std::printf("  %s %s\n", v == 0 ? "base:     " : ("variant " + std::to_string(v) + ":").c_str(), labels[v].c_str());
      std::printf("             plays %s\n", plays[v].c_str());
    }
    // What the file itself says for every key a variant or --set changes: the base without --set is the file.
    const std::string file_has = file_values(open_scenario(settings.scenario, {}), changed);
    if (!file_has.empty()) std::printf("  the scenario file has: %s\n", file_has.c_str());
  }
  std::printf("%s trials each, seed %llu, %.2f s%s\n%s", grouped(static_cast<int64_t>(r.tally.trials())).c_str(),
              static_cast<unsigned long long>(r.seed), r.seconds, run_ending(r).c_str(), settings.quiet ? "" : "\n");
  std::fputs((settings.quiet ? format_compare_headline(r.tally, job, headline, r.level)
                             : format_compare(r.tally, job, *models[0]->make_job(seed)->schema(), headline, r.level, plays)).c_str(), stdout);
  std::fflush(stdout);
  OutputBatch outputs;
  outputs.attempt([&] { write_record_outputs(r, settings); });
  outputs.attempt([&] { write_compare_extras(r, settings, job, labels, *models[0]); });
  if (!outcome.checkpoint_failure.empty()) outputs.attempt([&] { throw std::runtime_error(outcome.checkpoint_failure); });
  outputs.finish();
  return trials_exit_code(outcome.interrupted);
}

}  // namespace volley
