// `volley dice 3d6`, `volley dice 10d20 --hit '<=6' --mod -1`, `volley dice 5d6@4+ vs 3d6@4+`: a dice
// question's exact law (engine/dice_question.hpp), and the simulated one beside it only when asked
// (--simulate N), through the kernel's own dice. --simulate plays trials, so a signal ends it as it
// ends every such command (sim/run/interrupt.hpp): the trials of the completed blocks are shown and
// written, marked partial, and volley exits 128 + the signal.
#include "sim/cli/command_line.hpp"
#include "sim/cli/commands.hpp"
#include "sim/cli/reproducing_command.hpp"
#include "sim/cli/run_options.hpp"
#include "sim/output/atomic_file.hpp"
#include "sim/output/dice_report.hpp"
#include "sim/output/output_batch.hpp"
#include "sim/output/report_page.hpp"
#include "sim/output/text_escaping.hpp"
#include "sim/run/interrupt.hpp"
#include "sim/study/dice_study.hpp"

#include <boost/program_options.hpp>

#include <cstdio>

namespace po = boost::program_options;

namespace volley {

namespace {

// The most faces --mod may move a band: a die has at most 1000 faces (engine/dice_question.cpp), so a
// band moved further holds every face or none, as it does at 1000.
constexpr int MaxModifier = 1000;

}  // namespace

int command_dice(const Args& args) {
  install_interrupt_handlers();  // first: a signal that arrives before the first trial still ends the command one way
  DiceSettings settings;
  RunSettings& run = settings.run;
  bool quiet = false;
  po::options_description options(
      "volley dice DICE [options]\n\nThe exact law of a dice question: P(= k), P(>= k), P(<= k), mean and standard deviation.\nExamples:\n"
      "  volley dice 3d6                                    the sum (2d6+1, 4d6-2: plus a constant)\n"
      "  volley dice 'd6+d8' / 4d6kh3 / 2d20kl1             mixed pools; keep the 3 highest of 4d6, the lowest of 2d20\n"
      "  volley dice 'd6!' / d6r1 / 'd{1,1,2,3}'            exploding, a 1 rerolled once, a die with these faces\n"
      "  volley dice 4d6kh3 vs 3d6                          opposed sums: who wins how often, and the ties\n"
      "  volley dice 10d20 --hit '<=6' --mod -1             how many dice hit (TSATF: <=; Combat HQ: 4+)\n"
      "  volley dice 6d6 --hit '==1' --minus '==6'          1s minus 6s: a Command Failure is P(>= 1)\n"
      "  volley dice 5d6@4+ vs 3d6@4+                       opposed pools: the first wins with P(>= 1)\n"
      "  volley dice 8d20 --hit '<=6' --kill 1/4            a TSATF volley: hits, then the figures killed\n\nOptions");
  options.add_options()("hit", po::value<std::string>(&settings.hit),
                        "count the dice showing: '<=6', '>=4', '4+', '==1', '2..5' (none: the sum)")(
      "mod", signed_whole_number(settings.modifier, "--mod", -MaxModifier, MaxModifier)->default_value("0"),
      "faces added to a '<=' or '>=' band (-1: one face fewer hits)")("minus", po::value<std::string>(&settings.minus),
                                                                      "subtract the dice showing these faces (with --hit)")(
      "kill", po::value<std::string>(&settings.kill), "each hit kills with this chance, a/b (F-4: 1/4)")(
      "simulate,n", whole_number(run.trials, "--simulate", uint64_t{1}, MaxTrials),
      "also play N trials and show the simulated law beside the exact one")(
      "per-die", po::bool_switch(&settings.per_die), "with --simulate: roll every die instead of sampling the counts (the same law)")(
      "seed", seed_option(run), "master seed of --simulate")("threads,j", thread_count(run.threads), ThreadCountHelp.c_str())(
      "level", confidence_level(run.level)->default_value("0.95"), "confidence level of the simulated intervals, in (0.5, 1)")(
      "explode-cap", whole_number(settings.explosion_cap, "--explode-cap", 0, 1000)->default_value("20"),
      "the most extra rolls of an exploding die (d6!); the mass beyond is reported")("report", po::value<std::string>(&run.report),
                                                                                     "write the law as a self-contained HTML page")(
      "plot", po::value<std::string>(&run.plot), "draw the law (.png or .svg)")("json", po::value<std::string>(&run.json),
                                                                                "write the law (and the simulated one) as JSON")(
      "csv", po::value<std::string>(&run.csv), "write the law (and the simulated one) as CSV rows")(
      "quiet,q", po::bool_switch(&quiet), "print only the headline figures: mean and standard deviation (and the simulated mean)");
  po::variables_map vm;
  if (!parse_command_line(args, options, "pool", po::value<std::vector<std::string>>(&settings.words), -1, vm)) return ExitOk;
  if (vm.count("simulate")) run.trials_option = run.trials;

  DiceStudy study = dice_study(settings, StudyControl{});
  add_command_line(study.document, "dice", args);
  std::fputs(dice_text(study.table, quiet).c_str(), stdout);
  OutputBatch outputs;
  if (!run.json.empty()) outputs.attempt([&] { write_file_atomically(run.json, json_document(study.document, 1) + "\n"); });
  if (!run.csv.empty()) outputs.attempt([&] { write_file_atomically(run.csv, dice_csv(study.table)); });
  if (!run.report.empty()) outputs.attempt([&] { write_file_atomically(run.report, report_page(study.document)); });
  if (!run.plot.empty())
    outputs.attempt([&] {
      draw_plot(law_plot(study.table.value_name, study.table.laws, study.table.dice), run.plot);
      std::printf("plot written to %s\n", run.plot.c_str());
    });
  outputs.finish();
  return trials_exit_code(study.table.partial);
}

}  // namespace volley
