#include "sim/run/run_settings.hpp"

#include "analysis/did_you_mean.hpp"
#include "analysis/setting_values.hpp"
#include "sim/record/mpi_world.hpp"
#include "sim/run/rank_share.hpp"

#include <random>
#include <stdexcept>

namespace volley {

uint64_t RunSettings::seed_value() const {
  if (seed == "random") {
    std::random_device device;  // only on explicit request (docs/architecture.md, Randomness)
    return (uint64_t{device()} << 32) | device();
  }
  try {
    return parse_seed("--seed", seed);
  } catch (const std::invalid_argument&) {
    throw std::invalid_argument("--seed: expected a number (decimal or 0x hex) or 'random', got '" + seed + "'");
  }
}

uint64_t RunSettings::planned_trials() const {
  if (trials_option != 0) return trials_option;
  return precision.empty() ? trials : PrecisionTrialCap;
}

std::string RunSettings::trials_text() const {
  const std::string planned = std::to_string(planned_trials());
  return precision.empty() ? planned : "up to " + planned + " (--precision " + precision + ")";
}

RunPlan make_plan(const RunSettings& s, const Schema& schema, const std::string& headline) {
  RunPlan plan;
  plan.trials = s.planned_trials();
  if (plan.trials == 0) throw std::invalid_argument("--trials: expected at least 1");
  if (plan.trials > MaxTrials)
    throw std::invalid_argument("--trials: at most " + std::to_string(MaxTrials) +
                                " in one run (split larger studies with --shard or mpirun)");
  plan.stop_after_blocks = s.stop_after_blocks;
  plan.threads = s.threads;
  if (s.threads < 0) throw std::invalid_argument("--threads: expected 0 (all cores) or a positive number");
  if (s.level <= 0.5 || s.level >= 1.0) throw std::invalid_argument("--level: expected a confidence level in (0.5, 1)");
  if (!s.precision.empty()) {
    const PrecisionGoal goal = parse_precision("--precision", s.precision);
    const std::string name = goal.metric.empty() ? headline : goal.metric;
    const long metric = schema.find(name);
    if (metric < 0) {
      std::vector<std::string> names;
      for (const auto& m : schema.metrics) names.push_back(m.name);
      throw std::invalid_argument("--precision: no estimate named '" + name + "'; " + did_you_mean(name, names, "estimates"));
    }
    plan.precision = PrecisionTarget{static_cast<size_t>(metric), goal.half_width, s.level};
    plan.block_size = PrecisionBlockSize;
  }
  // Under mpirun every rank runs its share of the blocks and sees the combined tally (mpi_world.hpp).
  if (mpi_world().size > 1) {
    if (!s.shard.empty() || !s.checkpoint.empty() || !s.resume.empty())
      throw std::invalid_argument("--shard, --checkpoint and --resume are for single-process runs, not under mpirun");
    share_among_ranks(plan);
  }
  return plan;
}

}  // namespace volley
