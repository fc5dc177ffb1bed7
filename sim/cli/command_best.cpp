// `volley best [SCENARIO] --side S [--target METRIC] [--minimise] [--delta D]`: the policy of side S
// that maximises (minimises) the target, every other key as the scenario says, found by a sequential
// race on common random numbers (sim/run/best_search.hpp; docs/methods.md, "Best play").
#include "sim/cli/command_line.hpp"
#include "sim/cli/commands.hpp"
#include "sim/cli/run_options.hpp"
#include "sim/output/atomic_file.hpp"
#include "sim/cli/best_text.hpp"
#include "sim/output/output_batch.hpp"
#include "sim/output/report_page.hpp"
#include "sim/output/text_escaping.hpp"
#include "sim/run/best_search.hpp"
#include "sim/run/interrupt.hpp"
#include "sim/run/run_session.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <boost/program_options.hpp>

#include <cstdio>
#include <unistd.h>

namespace po = boost::program_options;

namespace volley {

int command_best(const Args& args) {
  const std::atomic<bool>* stop = install_interrupt_handlers();
  RunSettings settings;
  BestSettings best;
  std::string target_text;
  bool respond = false;
  std::string value;
  po::options_description options(
      "volley best [SCENARIO] --side S [--target METRIC] [--minimise] [--delta D] [options]\n\n"
      "The policy of side S (its schnellfeuer policy, which, keep_hidden, reconceal, charge_after, hidden_fire and each\n"
      "unit's orders) that maximises the target, every other key as the scenario says: a sequential race on common random\n"
      "numbers that returns, with probability at least --level, a policy within --delta of the best in the space.\n"
      "Example: volley best herero-ambush --side herero --space herero.policy=never,always,range:12 --fix herero.keep_hidden\n\nOptions");
  options.add_options()("side", po::value<std::string>(&best.side), "the side whose choices are searched")(
      "target", po::value<std::string>(&target_text), "the metric to maximise (default SIDE.win), or an exceedance NAME>=k")(
      "minimise", po::bool_switch(&best.minimise), "minimise the target instead (losses, casualties)")(
      "delta", po::value<double>(&best.delta)->default_value(0.01), "the indifference zone: differences below it need not be found")(
      "seconds", po::value<double>(&best.seconds)->default_value(0), "the search's time budget in seconds (0: none)")(
      "space", po::value<std::vector<std::string>>(&best.spaces)->composing(),
      "KEY=V1,V2,...: the values searched for one key (repeatable)")("fix", po::value<std::vector<std::string>>(&best.fixes)->composing(),
                                                                     "KEY: keep it at the scenario's value (repeatable)")(
      "respond", po::bool_switch(&respond), "then the other side's best response, and so on, to an equilibrium or a cycle")(
      "value", po::value<std::string>(&value), "KEY[=OFF]: what a rule is worth under best play (herero.policy: against never)")(
      "starts", whole_number(best.starts, "--starts", 1)->default_value("1"),
      "local search: from the file's policy and starts - 1 drawn from the seed")(
      "steps", whole_number(best.max_steps, "--steps", 1)->default_value("12"), "local search: the most races")(
      "stop-after-blocks", whole_number(best.stop_after_blocks, "--stop-after-blocks", uint64_t{0})->default_value("0"),
      "testing: behave as if interrupted after this many blocks");
  add_run_options(options, settings, false);
  po::variables_map vm;
  if (!parse_command_line(args, options, "scenario", po::value<std::string>(&settings.scenario), 1, vm,
                          "(--trials: the most trials one candidate plays in one race, default 100000)"))
    return ExitOk;
  if (best.side.empty()) throw std::invalid_argument("--side: name the side whose policy is searched");
  if (!(best.delta > 0)) throw std::invalid_argument("--delta: expected a positive indifference zone");
  if (!(best.seconds >= 0)) throw std::invalid_argument("--seconds: expected 0 (no budget) or a positive number of seconds");
  if (!settings.precision.empty() || !settings.plot.empty())
    throw std::invalid_argument("volley best takes no --precision or --plot (its race stops by its own rule)");
  if (!settings.report.empty() && (respond || !value.empty()))
    throw std::invalid_argument("--report: not with --respond or --value (the page draws a single search's race)");
  if (!value.empty() && (respond || !settings.csv.empty()))
    throw std::invalid_argument("--value: not with --respond or --csv (its searches are in --json)");
  if (respond && !settings.csv.empty()) throw std::invalid_argument("--csv: not with --respond (its steps are in --json)");
  if (!target_text.empty()) best.target = parse_target(target_text, false);
  best.level = settings.level;
  best.threads = settings.threads;
  best.trials = settings.trials_option > 0 ? settings.trials_option : best.trials;
  best.seed = settings.seed_value();
  const ScenarioDocument doc = open_scenario(settings.scenario, settings.sets);
  const auto model = load_model(doc);
  // Every bad input is refused here, before any trial: side, keys, values, target.
  const PolicySpace space = best_space(best, doc);
  if (!value.empty()) (void)check_rule_value(best, doc, value);
  check_outputs(settings);
  const bool local = space.size() > best.enumerate_limit;
  if (!settings.quiet) {
    std::printf("%s\n%s", terminal_text(model->title()).c_str(), terminal_text(describe_space(space)).c_str());
    std::printf("search: %s\n", local ? "local: one-step deviations from the file's policy (the space is too large to race whole)"
                                      : "every policy of the space in one race");
    std::fflush(stdout);
  }
  const bool bar = !settings.quiet && isatty(STDERR_FILENO);
  const auto progress = [&](const BestProgress& p) {
    if (bar)
      std::fprintf(stderr, "\r  race %d, round %d: %zu of %zu candidates left, %llu trials each   ", p.race, p.round, p.left, p.started,
                   static_cast<unsigned long long>(p.trials));
  };
  // Prints the text, writes --json, --csv and --report (a single search), and exits as every study does.
  const auto finish = [&](const std::string& text, const nlohmann::json& json, const std::string& csv, bool partial) {
    if (bar) std::fprintf(stderr, "\r%80s\r", "");
    std::fputs(text.c_str(), stdout);
    std::fflush(stdout);
    OutputBatch outputs;
    if (!settings.json.empty()) outputs.attempt([&] { write_file_atomically(settings.json, json_document(json, 1) + "\n"); });
    if (!settings.csv.empty()) outputs.attempt([&] { write_file_atomically(settings.csv, csv); });
    if (!settings.report.empty()) outputs.attempt([&] { write_file_atomically(settings.report, report_page(json)); });
    outputs.finish();
    return trials_exit_code(partial);
  };
  if (!value.empty()) {
    const RuleValue v = rule_value(best, doc, value, stop, progress);
    return finish(format_rule_value(v, settings.quiet), rule_value_json(v, model->title()), "", v.partial);
  }
  if (respond) {
    const ResponseResult responses = best_responses(best, doc, stop, progress);
    std::string text;
    for (size_t i = 0; i < responses.steps.size(); ++i)
      text += "\nstep " + std::to_string(i + 1) + ": " + format_best(responses.steps[i], true);
    text += "\nbest responses: " + responses.ending + " after " + std::to_string(responses.steps.size()) + " steps\n";
    text += format_cycle_matrix(responses);
    return finish(text, response_result_json(responses, model->title()), "", responses.partial);
  }
  const BestResult result = best_search(best, doc, stop, progress);
  return finish(format_best(result, settings.quiet), best_result_json(result, model->title()), best_csv(result), result.partial);
}

}  // namespace volley
