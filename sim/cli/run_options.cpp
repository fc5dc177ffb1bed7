#include "sim/cli/run_options.hpp"

#include "sim/cli/command_line.hpp"

#include <boost/program_options.hpp>

namespace po = boost::program_options;

namespace volley {

po::typed_value<std::string>* seed_option(RunSettings& s) {
  return po::value<std::string>(&s.seed)->default_value(s.seed)->notifier([&s](const std::string& seed) {
    if (seed == "random") s.seed = std::to_string(s.seed_value());
  });
}

void add_run_options(po::options_description& options, RunSettings& s, bool long_run) {
  options.add_options()("trials,n", whole_number(s.trials_option, "--trials", uint64_t{1}),
                        ("number of trials (default " + std::to_string(s.trials) + "; with --precision, the cap, default " +
                         std::to_string(PrecisionTrialCap) + ")")
                            .c_str())("precision", po::value<std::string>(&s.precision),
                                      "[NAME=]E: stop when that estimate's interval half-width is at most E")(
      "seed", seed_option(s), "master seed (a number, or 'random')")("threads,j", thread_count(s.threads), ThreadCountHelp.c_str())(
      "set", po::value<std::vector<std::string>>(&s.sets)->composing(), "override a scenario key: key=value (repeatable)")(
      "level", confidence_level(s.level)->default_value("0.95"), "confidence level of every interval, in (0.5, 1)")(
      "json", po::value<std::string>(&s.json), "write results (integer tallies and estimates) as JSON")(
      "csv", po::value<std::string>(&s.csv), "write estimates as tidy CSV rows")(
      "plot", po::value<std::string>(&s.plot), "draw a plot with gnuplot (.png or .svg)")("report", po::value<std::string>(&s.report),
                                                                                          "write a self-contained HTML report")(
      "quiet,q", po::bool_switch(&s.quiet), "print only the headline estimates; no progress bar")(
      "no-control", po::bool_switch(&s.no_control), "plain estimates: no luck adjustment by control variates (tallies no controls)");
  if (long_run)
    options.add_options()("shard", po::value<std::string>(&s.shard),
                          "k/N: run only the k-th of N slices of blocks (merge with volley merge)")(
        "checkpoint", po::value<std::string>(&s.checkpoint), "save tallies and completed blocks to this file as the run goes")(
        "resume", po::value<std::string>(&s.resume), "continue the run saved in this checkpoint")(
        "stop-after-blocks", whole_number(s.stop_after_blocks, "--stop-after-blocks", uint64_t{0})->default_value("0"),
        "testing: stop as if interrupted once this many blocks are done (0: never)");
}

}  // namespace volley
