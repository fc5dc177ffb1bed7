// The control moments merge exactly and survive their words; the regression estimator removes the
// variance a control explains, measured against answers known in closed form.
#include "analysis/control_variates.hpp"
#include "analysis/estimate.hpp"
#include "engine/rng.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <memory>

using namespace volley;

namespace {
// y = coin + (die - 3.5): the die is the control 2 die - 7 (mean zero exactly), the coin (p = 1/2)
// is independent of it. The plain mean of y has variance (1/4 + 35/12) / n; the adjusted one removes
// the die's 35/12 and keeps the coin's 1/4: a reduction of (1/4 + 35/12) / (1/4) = 12.67.
std::shared_ptr<const Schema> coin_and_die_schema() {
  auto schema = std::make_shared<Schema>();
  schema->add({"y2", MetricKind::Count, -10, 20, "twice coin plus die minus 3.5", false});
  schema->controls = {"die"};
  return schema;
}
void add_trial(Tally& tally, Stream& s) {
  const int64_t coin = s.below(2), die = 1 + s.below(6);
  const int64_t obs[2] = {2 * coin + 2 * die - 7, 2 * die - 7};
  tally.add(obs);
}
}  // namespace

TEST_CASE("Control moments: split tallies merge to the whole, and words read back the same", "[analysis][controls]") {
  const auto schema = coin_and_die_schema();
  Tally whole(schema), a(schema), b(schema);
  Stream s(7, 0, Purpose::Test, 0, 0);
  Stream t(7, 0, Purpose::Test, 0, 0);
  for (int i = 0; i < 5000; ++i) add_trial(whole, s);
  for (int i = 0; i < 5000; ++i) add_trial(i < 1234 ? a : b, t);
  a.merge(b);
  CHECK(a == whole);
  CHECK(a.signature() == whole.signature());
  Tally read(schema);
  read.from_words(whole.trials(), whole.to_words());
  CHECK(read == whole);
  CHECK(whole.controls().cross(0, 0) > 0);
}

TEST_CASE("The regression estimator removes the variance of a known control", "[analysis][controls]") {
  const auto schema = coin_and_die_schema();
  Tally tally(schema);
  Stream s(11, 0, Purpose::Test, 0, 0);
  const int n = 200000;
  for (int i = 0; i < n; ++i) add_trial(tally, s);
  const ControlAdjustment adj = control_adjustment(tally, 0);
  REQUIRE(adj.applied);
  CHECK(adj.controls_used == 1);
  // Variance of the adjusted mean of y2 = 2 coin + (2 die - 7): 4 x 1/4 / n = 1 / n.
  CHECK(adj.variance * n == Approx(1.0).epsilon(0.02));
  CHECK(adj.reduction() == Approx((1.0 + 35.0 / 3.0) / 1.0).epsilon(0.03));
  // Its estimate is 2 x 1/2 = 1 within a few of its own standard errors.
  CHECK(std::fabs(adj.estimate - 1.0) < 5 * std::sqrt(adj.variance));
  // And estimate_metric reports it.
  const Interval e = estimate_metric(tally, 0);
  CHECK(e.estimate == adj.estimate);
  CHECK(std::string(e.method) == "luck-adjusted (control variates)");
}

TEST_CASE("Too few trials for the controls: the plain estimate", "[analysis][controls]") {
  const auto schema = coin_and_die_schema();
  Tally tally(schema);
  Stream s(3, 0, Purpose::Test, 0, 0);
  for (size_t i = 0; i < MinTrialsAdjusted - 1; ++i) add_trial(tally, s);
  CHECK_FALSE(control_adjustment(tally, 0).applied);
  CHECK(std::string(estimate_metric(tally, 0).method) == "normal (mean)");
}

TEST_CASE("Control moments: trials with large values (the 128-bit path) and small ones sum exactly", "[analysis][controls]") {
  auto schema = std::make_shared<Schema>();
  schema->add({"y", MetricKind::Count, -10, 10, "", false});
  schema->controls = {"c"};
  Tally tally(schema);
  const int64_t big = (int64_t{1} << 30) + 7;  // within 32 bits, beyond the 64-bit sums' per-trial bound
  const int64_t trials[3][2] = {{2, 5}, {-3, big}, {1, -big}};
  for (const auto& obs : trials) tally.add(obs);
  const ControlMoments& cm = tally.controls();
  CHECK(cm.sum(0) == Int128{5});
  CHECK(cm.cross(0, 0) == Int128{25} + 2 * static_cast<Int128>(big) * big);
  CHECK(cm.with_metric(0, 0) == Int128{10} - 3 * static_cast<Int128>(big) - static_cast<Int128>(big));
  Tally read(schema);
  read.from_words(tally.trials(), tally.to_words());
  CHECK(read == tally);
}

TEST_CASE("Control moments: many trials at the 64-bit sums' bound, across their folds into the 128-bit ones, sum exactly",
          "[analysis][controls]") {
  // 40,000 trials, two folds and a part: values at +-(2^24 - 1), the largest the 64-bit sums take,
  // 0 (a control that adds zeros), and every 1,000th trial one beyond (the 128-bit path). The sums
  // are counted here in 128 bits, trial by trial.
  auto schema = std::make_shared<Schema>();
  schema->add({"y", MetricKind::Count, -10, 10, "", false});
  schema->add({"z", MetricKind::Count, -10, 10, "", false});
  schema->controls = {"a", "b", "c"};
  Tally tally(schema);
  const int64_t edge = (int64_t{1} << 24) - 1;
  Int128 sum[3] = {}, cross[3][3] = {}, metric[2][3] = {};
  for (int t = 0; t < 40000; ++t) {
    const int64_t obs[5] = {t % 3 == 0 ? edge : -edge, t % 7 == 0 ? 0 : -edge, t % 2 == 0 ? edge : -edge, 0,
                            t % 1000 == 999 ? edge + 2 : (t % 5 == 0 ? -edge : 3)};
    tally.add(obs);
    for (int i = 0; i < 3; ++i) {
      sum[i] += obs[2 + i];
      for (int j = i; j < 3; ++j) cross[i][j] += static_cast<Int128>(obs[2 + i]) * obs[2 + j];
      for (int m = 0; m < 2; ++m) metric[m][i] += static_cast<Int128>(obs[m]) * obs[2 + i];
    }
  }
  const ControlMoments& cm = tally.controls();
  for (size_t i = 0; i < 3; ++i) {
    CHECK(cm.sum(i) == sum[i]);
    for (size_t j = i; j < 3; ++j) CHECK(cm.cross(i, j) == cross[i][j]);
    for (size_t m = 0; m < 2; ++m) CHECK(cm.with_metric(m, i) == metric[m][i]);
  }
  Tally read(schema);
  read.from_words(tally.trials(), tally.to_words());
  CHECK(read == tally);
}
