#include "sim/cli/best_options.hpp"

#include "sim/cli/command_line.hpp"

#include <boost/program_options.hpp>

namespace po = boost::program_options;

namespace volley {

void add_best_options(po::options_description& options, BestStudySettings& s) {
  BestSettings& best = s.best;
  options.add_options()("side", po::value<std::string>(&best.side),
                        "the side whose choices are searched (its schnellfeuer policy, which, keep_hidden, reconceal, "
                        "charge_after, hidden_fire and each unit's orders; a barrage side's policies and missions' plans)")(
      "target", po::value<std::string>(&s.target), "the metric to maximise (default SIDE.win), or an exceedance NAME>=k")(
      "minimise", po::bool_switch(&best.minimise), "minimise the target instead (losses, casualties)")(
      "delta", po::value<double>(&best.delta)->default_value(0.01), "the indifference zone: differences below it need not be found")(
      "seconds", po::value<double>(&best.seconds)->default_value(0), "the search's time budget in seconds (0: none)")(
      "space", po::value<std::vector<std::string>>(&best.spaces)->composing(),
      "KEY=V1,V2,...: the values searched for one key (repeatable)")("fix", po::value<std::vector<std::string>>(&best.fixes)->composing(),
                                                                     "KEY: keep it at the scenario's value (repeatable)")(
      "respond", po::bool_switch(&s.respond), "then the other side's best response, and so on, to an equilibrium or a cycle")(
      "value", po::value<std::string>(&s.value), "KEY[=OFF]: what a rule is worth under best play (herero.policy: against never)")(
      "starts", whole_number(best.starts, "--starts", 1)->default_value("1"),
      "local search: from the file's policy and starts - 1 drawn from the seed")(
      "steps", whole_number(best.max_steps, "--steps", 1)->default_value("12"), "local search: the most races")(
      "shard", po::value<std::string>(&s.run.shard), "refused: a race's rounds need every block; run it under mpirun instead")(
      "stop-after-blocks", whole_number(best.stop_after_blocks, "--stop-after-blocks", uint64_t{0})->default_value("0"),
      "testing: behave as if interrupted after this many blocks");
}

}  // namespace volley
