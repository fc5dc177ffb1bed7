// Interval calibration: over 10,000 repeated experiments of 200 trials each, at fixed seeds,
// the 95% intervals cover the true value between 93.5% and 96.5% of the time. The bounds are the
// nominal 95% +- 1.5 points: 3.4 standard errors of a coverage estimated from 10,000 experiments
// (sd = sqrt(0.95 * 0.05 / 10000) = 0.0022), wide enough for Wilson's small known departure from
// nominal at n = 200 and tight enough to catch a wrong z, a wrong variance or a biased die.
#include "analysis/estimate.hpp"
#include "engine/exact_dice.hpp"
#include "sim/run/dice_pool_job.hpp"
#include "sim/run/driver.hpp"
#include "tests/support/pool_experiments.hpp"

#include <catch2/catch.hpp>

using namespace volley;
using namespace volley::testing;

namespace {

constexpr int Experiments = 10000;
constexpr uint32_t TrialsPerExperiment = 200;

// Experiment e is block e of a run with block size 200 (the driver's own blocks).
template <class Check>
double coverage(const PoolSpec& pool, Check&& covers) {
  return pool_coverage(pool, 20261129, Experiments, TrialsPerExperiment, covers);
}

// Whether the Wilson interval at `level` on an experiment's hit rate holds the true probability p.
auto wilson_covers(double p, double level) {
  return [p, level](const Tally& t) {
    const auto w = wilson_interval(static_cast<uint64_t>(t.sum(0)), t.trials(), level);
    return w.low <= p && p <= w.high;
  };
}

}  // namespace

TEST_CASE("Calibration: the 95% Wilson interval covers a known probability 0.3 in 93.5%-96.5% of experiments", "[analysis][calibration]") {
  const PoolSpec d10_at_3 = pool_of(1, 10, 3);  // one d10 hitting on 1-3: probability exactly 0.3
  const double c = coverage(d10_at_3, wilson_covers(0.3, 0.95));
  INFO("coverage " << c);
  CHECK(c >= 0.935);
  CHECK(c <= 0.965);
}

TEST_CASE("Calibration: the 95% interval on a mean covers the known mean hits of a 10-die pool in 93.5%-96.5%", "[analysis][calibration]") {
  const PoolSpec pool = pool_of(10, 20, 6);  // 10d20 hitting on 1-6: mean exactly 3
  const double c = coverage(pool, [](const Tally& t) {
    const auto m = mean_interval(t.trials(), t.sum(0), t.sum_squares(0), 0.95);
    return m.low <= 3.0 && 3.0 <= m.high;
  });
  INFO("coverage " << c);
  CHECK(c >= 0.935);
  CHECK(c <= 0.965);
}

TEST_CASE("Calibration check is sensitive: a 90% interval read as 95% fails the bounds", "[analysis][calibration]") {
  const PoolSpec d10_at_3 = pool_of(1, 10, 3);
  const double c = coverage(d10_at_3, wilson_covers(0.3, 0.90));
  CHECK(c < 0.935);
}
