#include "sim/run/run_settings.hpp"

#include "analysis/did_you_mean.hpp"
#include "analysis/number_parsing.hpp"
#include "sim/record/mpi_world.hpp"

#include <charconv>
#include <random>
#include <stdexcept>

namespace volley {

uint64_t RunSettings::seed_value() const {
  if (seed == "random") {
    std::random_device device;  // only on explicit request (docs/architecture.md, Randomness)
    return (uint64_t{device()} << 32) | device();
  }
  const bool hex = seed.rfind("0x", 0) == 0;
  const char* begin = seed.data() + (hex ? 2 : 0);
  const char* last = seed.data() + seed.size();
  uint64_t value = 0;
  const auto [end, ec] = std::from_chars(begin, last, value, hex ? 16 : 10);
  if (begin == last || ec != std::errc{} || end != last)
    throw std::invalid_argument("--seed: expected a number (decimal or 0x hex) or 'random', got '" + seed + "'");
  return value;
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
    std::string name = headline, value = s.precision;
    if (const auto eq = s.precision.find('='); eq != std::string::npos) {
      name = s.precision.substr(0, eq);
      value = s.precision.substr(eq + 1);
    }
    const long metric = schema.find(name);
    if (metric < 0) {
      std::vector<std::string> names;
      for (const auto& m : schema.metrics) names.push_back(m.name);
      throw std::invalid_argument("--precision: no estimate named '" + name + "'; " + did_you_mean(name, names, "estimates"));
    }
    double e = 0;
    if (!read_finite_number(value, e) || !(e > 0))
      throw std::invalid_argument("--precision: expected [NAME=]E with E a finite positive number, got '" + s.precision + "'");
    plan.precision = PrecisionTarget{static_cast<size_t>(metric), e, s.level};
  }
  // Under mpirun every rank runs its share of the blocks and sees the combined tally (mpi_world.hpp).
  if (mpi_world().size > 1) {
    if (!s.shard.empty() || !s.checkpoint.empty() || !s.resume.empty())
      throw std::invalid_argument("--shard, --checkpoint and --resume are for single-process runs, not under mpirun");
    plan.slice = BlockSlice{static_cast<uint64_t>(mpi_world().rank), static_cast<uint64_t>(mpi_world().size)};
    plan.combine = mpi_combine;
  }
  return plan;
}

}  // namespace volley
