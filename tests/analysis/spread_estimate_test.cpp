// The spread of a count (analysis/spread_estimate.hpp): its 95% interval covers the exact standard
// deviation of a dice pool's hits, a Binomial(n, p) count whose σ = √(n p (1 − p)) is known, in
// 95% ± 4 binomial standard errors of 4,000 experiments (± 0.0138): the bound a calibrated interval
// misses with probability below 10⁻⁴, and one a 90% interval read as 95% does not meet.
#include "analysis/spread_estimate.hpp"
#include "tests/support/pool_experiments.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace volley;
using namespace volley::testing;

namespace {

constexpr int SpreadExperiments = 4000;
constexpr double SpreadBound = 4 * 0.0034460;  // 4 sqrt(0.95 * 0.05 / 4000)

// How often the interval at `level` of `trials` trials holds σ.
double coverage(const PoolSpec& pool, uint64_t trials, double sigma, double level) {
  return pool_coverage(pool, 20261203, SpreadExperiments, trials, [&](const Tally& tally) {
    const Interval i = spread_interval(tally, 0, level);
    return i.low <= sigma && sigma <= i.high;
  });
}

}  // namespace

TEST_CASE("Spread: the 95% interval on the sd of 10d20 hitting on 1-6 covers sqrt(2.1) in 95% +- 4 se", "[analysis][calibration]") {
  const double c = coverage(pool_of(10, 20, 6), 1000, std::sqrt(10 * 0.3 * 0.7), 0.95);
  INFO("coverage " << c);
  CHECK(std::abs(c - 0.95) <= SpreadBound);
}

TEST_CASE("Spread: the 95% interval on the sd of a skewed count (10d20 hitting on 1) covers it in 95% +- 4 se", "[analysis][calibration]") {
  const double c = coverage(pool_of(10, 20, 1), 1000, std::sqrt(10 * 0.05 * 0.95), 0.95);
  INFO("coverage " << c);
  CHECK(std::abs(c - 0.95) <= SpreadBound);
}

TEST_CASE("Spread: the coverage check is sensitive: a 90% interval read as 95% fails it", "[analysis][calibration]") {
  const double c = coverage(pool_of(10, 20, 6), 1000, std::sqrt(10 * 0.3 * 0.7), 0.90);
  CHECK(std::abs(c - 0.95) > SpreadBound);
}

TEST_CASE("Spread: a count that never varied has spread 0, bounded by the range it could still reach", "[analysis]") {
  const DicePoolJob<PoolPath::Binomial> job(pool_of(3, 20, 20), 1);  // every die hits: 3 every trial
  auto worker = job.make_worker();
  std::vector<int64_t> obs(1);
  Tally tally(job.schema());
  for (uint64_t t = 0; t < 1000; ++t) {
    worker->play(t, obs.data());
    tally.add(obs.data());
  }
  const Interval i = spread_interval(tally, 0, 0.95);
  CHECK(i.estimate == 0);
  CHECK(i.low == 0);
  // 3 is 3 from the range's far end 0; w = z²/(n + z²).
  const double z = normal_quantile_two_sided(0.95), w = z * z / (1000 + z * z);
  CHECK(i.high == Approx(3 * std::sqrt(w * (1 - w))));
  CHECK(spread_metric(*job.schema(), "hits.sd") == std::optional<size_t>(0));
  CHECK(!spread_metric(*job.schema(), "hits"));
  CHECK(!spread_metric(*job.schema(), "misses.sd"));
}
