// `volley dice 10d20 --hit '<=6' [--mod -1]`: a pool's exact distribution beside the simulated one.
#include "analysis/estimate.hpp"
#include "analysis/level_label.hpp"
#include "analysis/text_format.hpp"
#include "engine/exact_dice.hpp"
#include "sim/atomic_file.hpp"
#include "sim/command_line.hpp"
#include "sim/commands.hpp"
#include "sim/dice_pool_job.hpp"
#include "sim/output_batch.hpp"
#include "sim/run_settings.hpp"
#include "sim/text_escaping.hpp"

#include <boost/program_options.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>

namespace po = boost::program_options;

namespace volley {

int command_dice(const Args& args) {
  RunSettings settings;
  std::string pool_text, hit = "<=1";
  int modifier = 0;
  bool per_die = false;
  po::options_description options("volley dice POOL [options]\n\nExact and simulated distribution of a dice pool.\n"
                                  "Example: volley dice 10d20 --hit '<=6' --mod -1\n\nOptions");
  options.add_options()("hit", po::value<std::string>(&hit)->default_value(hit), "what a die needs: '<=6' (TSATF), '>=4' or '4+' (Combat HQ)")
      ("mod", po::value<int>(&modifier)->default_value(0), "faces added to the hit band (-1: one face fewer hits)")
      ("per-die", po::bool_switch(&per_die), "roll every die instead of sampling the count (same law)")
      ("trials,n", whole_number(settings.trials, "--trials", uint64_t{1})->default_value("1000000"), "trials")
      ("precision", po::value<std::string>(&settings.precision), "E: stop when the mean's interval half-width is at most E")
      ("seed", po::value<std::string>(&settings.seed)->default_value("1"), "master seed")
      ("threads,j", whole_number(settings.threads, "--threads", 0)->default_value("0"), "worker threads (0: all cores)")
      ("level", confidence_level(settings.level)->default_value("0.95"), "confidence level, in (0.5, 1)")
      ("json", po::value<std::string>(&settings.json), "write the exact and simulated law as JSON")
      ("csv", po::value<std::string>(&settings.csv), "write the exact and simulated law as CSV rows");
  po::variables_map vm;
  if (!parse_command_line(args, options, "pool", po::value<std::string>(&pool_text), 1, vm)) return ExitOk;
  if (pool_text.empty()) throw std::invalid_argument("give a pool, e.g. volley dice 10d20 --hit '<=6'");
  const PoolSpec pool = parse_pool(pool_text, hit, modifier);
  check_output_paths({{"--json", settings.json}, {"--csv", settings.csv}}, {});
  settings.trials_option = vm["trials"].defaulted() ? 0 : settings.trials;
  Schema pool_schema;
  pool_schema.add({"hits", MetricKind::Count, 0, pool.dice, "", true});
  RunPlan plan = make_plan(settings, pool_schema, "hits");
  const uint64_t seed = settings.seed_value();
  RunResult result;
  if (per_die)
    result = run_trials(DicePoolJob<PoolPath::PerDie>(pool, seed), plan);
  else
    result = run_trials(DicePoolJob<PoolPath::Binomial>(pool, seed), plan);

  const auto exact = pool_distribution(pool.dice, pool.success_faces(), pool.faces);
  std::printf("%s, %llu trials, seed %llu, %s path\n", pool.describe().c_str(),
              static_cast<unsigned long long>(result.tally.trials()), static_cast<unsigned long long>(seed),
              per_die ? "per-die" : "binomial");
  std::printf("%6s  %10s  %10s  %23s  %s\n", "hits", "exact", "simulated", "interval (Wilson)", "");
  int outside = 0;
  nlohmann::json rows = nlohmann::json::array();
  std::string csv = "hits,exact,simulated,low,high,level\n";
  for (int k = 0; k <= pool.dice; ++k) {
    const uint64_t c = result.tally.count(0, k);
    const auto w = wilson_interval(c, result.tally.trials(), settings.level);
    const bool in = exact[k] >= w.low && exact[k] <= w.high;
    outside += !in;
    rows.push_back({{"hits", k}, {"exact", exact[k]}, {"simulated", w.estimate}, {"low", w.low}, {"high", w.high}});
    csv += format_text("%d,%.10g,%.10g,%.10g,%.10g,%g\n", k, exact[k], w.estimate, w.low, w.high, settings.level);
    if (exact[k] < 1e-9 && c == 0) continue;
    std::printf("%6d  %10.6f  %10.6f  [%9.6f, %9.6f]  %s\n", k, exact[k], w.estimate, w.low, w.high, in ? "" : "outside");
  }
  double mean = 0;
  for (int k = 0; k <= pool.dice; ++k) mean += k * exact[k];
  const auto m = estimate_metric(result.tally, 0, settings.level);
  std::printf("mean hits: exact %.6f, simulated %.6f [%.6f, %.6f] (%s, %s)\n", mean, m.estimate, m.low, m.high,
              m.method, level_percent(settings.level).c_str());
  std::printf("%d of %d values outside their %s interval (about %.1f expected by chance)\n", outside,
              pool.dice + 1, level_percent(settings.level).c_str(), (1 - settings.level) * (pool.dice + 1));
  OutputBatch outputs;
  if (!settings.json.empty())
    outputs.attempt([&] { write_file_atomically(settings.json, json_document(nlohmann::json{{"format", "volley-dice"}, {"format_version", 1}, {"pool", pool.describe()},
                                                        {"trials", result.tally.trials()}, {"seed", seed}, {"level", settings.level},
                                                        {"path", per_die ? "per-die" : "binomial"}, {"distribution", rows}}, 1) + "\n"); });
  if (!settings.csv.empty()) outputs.attempt([&] { write_file_atomically(settings.csv, csv); });
  outputs.finish();
  return ExitOk;
}

}  // namespace volley
