// `volley dice 3d6`, `volley dice 10d20 --hit '<=6' --mod -1`, `volley dice 5d6@4+ vs 3d6@4+`: a dice
// question's exact law (engine/dice_question.hpp), and the simulated one beside it only when asked
// (--simulate N), through the kernel's own dice. --simulate plays trials, so a signal ends it as it
// ends every such command (sim/run/interrupt.hpp): the trials of the completed blocks are shown and
// written, marked partial, and volley exits 128 + the signal.
#include "analysis/estimate.hpp"
#include "analysis/level_label.hpp"
#include "analysis/text_format.hpp"
#include "engine/dice_question.hpp"
#include "sim/output/atomic_file.hpp"
#include "sim/cli/command_line.hpp"
#include "sim/cli/commands.hpp"
#include "sim/run/dice_question_job.hpp"
#include "sim/run/interrupt.hpp"
#include "sim/output/law_table.hpp"
#include "sim/output/output_batch.hpp"
#include "sim/run/run_settings.hpp"
#include "sim/output/text_escaping.hpp"

#include <boost/program_options.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>

namespace po = boost::program_options;

namespace volley {

namespace {

// The simulated column of one metric: P(= k) with its Wilson interval, per value.
struct SimulatedRow {
  double estimate = 0, low = 0, high = 0;
  bool inside = true;
};

// The most faces --mod may move a band: a die has at most 1000 faces (engine/dice_question.cpp), so a
// band moved further holds every face or none, as it does at 1000.
constexpr int MaxModifier = 1000;

std::string join(const std::vector<std::string>& words) {
  std::string s;
  for (const auto& w : words) s += (s.empty() ? "" : " ") + w;
  return s;
}

}  // namespace

int command_dice(const Args& args) {
  install_interrupt_handlers();  // first: a signal that arrives before the first trial still ends the command one way
  RunSettings settings;
  std::vector<std::string> words;
  std::string hit, minus, kill, plot;
  int modifier = 0;
  bool per_die = false, quiet = false;
  po::options_description options(
      "volley dice DICE [options]\n\nThe exact law of a dice question: P(= k), P(>= k), P(<= k), mean and standard deviation.\nExamples:\n"
      "  volley dice 3d6                                    the sum (2d6+1, 4d6-2: plus a constant)\n"
      "  volley dice 10d20 --hit '<=6' --mod -1             how many dice hit (TSATF: <=; Combat HQ: 4+)\n"
      "  volley dice 6d6 --hit '==1' --minus '==6'          1s minus 6s: a Command Failure is P(>= 1)\n"
      "  volley dice 5d6@4+ vs 3d6@4+                       opposed pools: the first wins with P(>= 1)\n"
      "  volley dice 8d20 --hit '<=6' --kill 1/4            a TSATF volley: hits, then the figures killed\n\nOptions");
  options.add_options()("hit", po::value<std::string>(&hit), "count the dice showing: '<=6', '>=4', '4+', '==1', '2..5' (none: the sum)")(
      "mod", signed_whole_number(modifier, "--mod", -MaxModifier, MaxModifier)->default_value("0"),
      "faces added to a '<=' or '>=' band (-1: one face fewer hits)")("minus", po::value<std::string>(&minus),
                                                                      "subtract the dice showing these faces (with --hit)")(
      "kill", po::value<std::string>(&kill), "each hit kills with this chance, a/b (F-4: 1/4)")(
      "simulate,n", whole_number(settings.trials, "--simulate", uint64_t{1}, MaxTrials),
      "also play N trials and show the simulated law beside the exact one")(
      "per-die", po::bool_switch(&per_die), "with --simulate: roll every die instead of sampling the counts (the same law)")(
      "seed", po::value<std::string>(&settings.seed)->default_value("1"), "master seed of --simulate")(
      "threads,j", thread_count(settings.threads), ThreadCountHelp.c_str())(
      "level", confidence_level(settings.level)->default_value("0.95"), "confidence level of the simulated intervals, in (0.5, 1)")(
      "plot", po::value<std::string>(&plot), "draw the law (.png or .svg)")("json", po::value<std::string>(&settings.json),
                                                                            "write the law (and the simulated one) as JSON")(
      "csv", po::value<std::string>(&settings.csv), "write the law (and the simulated one) as CSV rows")(
      "quiet,q", po::bool_switch(&quiet), "print only the headline figures: mean and standard deviation (and the simulated mean)");
  po::variables_map vm;
  if (!parse_command_line(args, options, "pool", po::value<std::vector<std::string>>(&words), -1, vm)) return ExitOk;
  if (words.empty()) throw std::invalid_argument("give dice, e.g. volley dice 3d6, or volley dice 10d20 --hit '<=6'");
  if (!(settings.level > 0.5 && settings.level < 1)) throw std::invalid_argument("--level: expected a number in (0.5, 1)");
  const std::string text = join(words);
  const DiceQuestion question = parse_dice_question(text, hit, modifier, minus, kill);
  const bool simulate = vm.count("simulate") > 0;
  if (per_die && !simulate) throw std::invalid_argument("--per-die says how --simulate rolls: give --simulate N too");
  check_output_paths({{"--json", settings.json}, {"--csv", settings.csv}, {"--plot", plot}}, {});
  if (!plot.empty()) check_plot_path(plot);

  std::vector<NamedLaw> laws{{"", question.law()}};
  if (question.kills) {
    laws.front().label = "hits";
    laws.push_back({"killed", question.kill_law()});
  }
  const uint64_t seed = settings.seed_value();  // a bad --seed is refused before anything is printed
  // --quiet: the moments (and the simulated mean with its interval); no question line, no table.
  if (!quiet) std::printf("%s: %s\n", text.c_str(), question.describe().c_str());

  // Step 1: the simulation, when asked, through the driver (same seed, same bits for any threads).
  std::optional<RunResult> result;
  if (simulate) {
    settings.trials_option = settings.trials;
    const Schema schema = per_die ? *DiceQuestionJob<PoolPath::PerDie>(question, seed).schema()
                                  : *DiceQuestionJob<PoolPath::Binomial>(question, seed).schema();
    RunPlan plan = make_plan(settings, schema, schema.metrics.front().name);
    plan.stop = install_interrupt_handlers();
    result = per_die ? run_trials(DiceQuestionJob<PoolPath::PerDie>(question, seed), plan)
                     : run_trials(DiceQuestionJob<PoolPath::Binomial>(question, seed), plan);
  }
  const bool partial = simulate && result->interrupted;

  // Step 2: the exact table, and beside it the simulated P(= k) of each law with its interval.
  nlohmann::json json_laws = nlohmann::json::array();
  std::string csv = "law,value,exact,at_least,at_most" + std::string(simulate ? ",simulated,low,high,level" : "") + "\n";
  int outside = 0, compared = 0;
  for (size_t m = 0; m < laws.size(); ++m) {
    const auto& [label, law] = laws[m];
    const std::string name = label.empty() ? question.value_name() : label;
    if (quiet) {
      // the moments below only
    } else if (!simulate) {
      if (m == 0) std::printf("%s", law_table(question.value_name(), laws).c_str());
    } else {
      std::printf("%s%10s  %9s %9s %9s  %9s  %-23s\n", m ? "\n" : "", name.c_str(), "P(=k)", "P(>=k)", "P(<=k)", "simulated",
                  ("interval (" + level_percent(settings.level) + " Wilson)").c_str());
    }
    nlohmann::json rows = nlohmann::json::array();
    for (int64_t k = law.lowest; k <= law.highest(); ++k) {
      nlohmann::json row{{"value", k}, {"exact", law.at(k)}, {"at_least", law.at_least(k)}, {"at_most", law.at_most(k)}};
      csv += format_text("%s,%lld,%.17g,%.17g,%.17g", name.c_str(), static_cast<long long>(k), law.at(k), law.at_least(k), law.at_most(k));
      if (simulate) {
        const uint64_t c = result->tally.count(m, k);
        const auto w = wilson_interval(c, result->tally.trials(), settings.level);
        const bool in = law.at(k) >= w.low && law.at(k) <= w.high;
        outside += !in;
        ++compared;
        row.update({{"simulated", w.estimate}, {"low", w.low}, {"high", w.high}});
        csv += format_text(",%.10g,%.10g,%.10g,%g", w.estimate, w.low, w.high, settings.level);
        if (!quiet && (law.at(k) >= 5e-7 || c > 0))
          std::printf("%10lld  %9.6f %9.6f %9.6f  %9.6f  [%9.6f, %9.6f]  %s\n", static_cast<long long>(k), law.at(k), law.at_least(k),
                      law.at_most(k), w.estimate, w.low, w.high, in ? "" : "outside");
      }
      csv += "\n";
      rows.push_back(row);
    }
    json_laws.push_back({{"name", name}, {"mean", law.mean()}, {"standard_deviation", law.standard_deviation()}, {"distribution", rows}});
  }
  std::printf("%s", law_moments(laws).c_str());
  if (simulate) {
    for (size_t m = 0; m < laws.size(); ++m) {
      const auto e = estimate_metric(result->tally, m, settings.level);
      std::printf("simulated%s%s mean %.6f [%.6f, %.6f] (%s, %s)\n", laws[m].label.empty() ? "" : " ", laws[m].label.c_str(), e.estimate,
                  e.low, e.high, e.method, level_percent(settings.level).c_str());
    }
    std::printf("%llu trials, seed %llu, %s path; %d of %d values outside their %s interval (about %.1f expected by chance)\n",
                static_cast<unsigned long long>(result->tally.trials()), static_cast<unsigned long long>(seed),
                per_die ? "per-die" : "binomial", outside, compared, level_percent(settings.level).c_str(),
                (1 - settings.level) * compared);
    if (partial)
      std::printf("PARTIAL: interrupted after %llu of %llu trials; the simulated law rests on those\n",
                  static_cast<unsigned long long>(result->tally.trials()), static_cast<unsigned long long>(settings.trials));
  }

  OutputBatch outputs;
  if (!settings.json.empty()) {
    nlohmann::json doc{
        {"format", "volley-dice"}, {"format_version", 2}, {"dice", text}, {"question", question.describe()}, {"laws", json_laws}};
    if (simulate)
      doc.update({{"trials", result->tally.trials()},
                  {"trials_planned", settings.trials},
                  {"partial", partial},
                  {"seed", seed},
                  {"level", settings.level},
                  {"path", per_die ? "per-die" : "binomial"}});
    outputs.attempt([&] { write_file_atomically(settings.json, json_document(doc, 1) + "\n"); });
  }
  if (!settings.csv.empty()) outputs.attempt([&] { write_file_atomically(settings.csv, csv); });
  if (!plot.empty())
    outputs.attempt([&] {
      draw_plot(law_plot(question.value_name(), laws, text), plot);
      std::printf("plot written to %s\n", plot.c_str());
    });
  outputs.finish();
  return trials_exit_code(partial);
}

}  // namespace volley
