// Quantile intervals from order statistics (analysis/quantile_interval.hpp, docs/methods.md): exact
// small cases worked by hand, histogram ends, and the coverage of the interval over many samples.
#include "analysis/quantile_interval.hpp"
#include "engine/rng.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <memory>
#include <utility>

using namespace volley;

namespace {

std::shared_ptr<Schema> one_count(int64_t min_value, int64_t max_value) {
  auto s = std::make_shared<Schema>();
  s->add({"x", MetricKind::Count, min_value, max_value, "", false});
  return s;
}

Tally tally_of(std::shared_ptr<Schema> schema, std::initializer_list<int64_t> values) {
  Tally t(std::move(schema));
  for (int64_t v : values) t.add(&v);
  return t;
}

}  // namespace

TEST_CASE("The median of 10 trials is bounded by the 2nd and 9th order statistics at 95%", "[analysis][quantile]") {
  // B ~ Binomial(10, 1/2), P(B = k) = C(10, k) / 1024: 1, 10, 45, 120, 210, 252, ...
  //   P(B <= 1) = 11/1024 = 0.0107 <= 0.025 and P(B <= 2) = 56/1024 = 0.0547 > 0.025: low = 2;
  //   P(B >= 9) = 11/1024 <= 0.025 and P(B >= 8) = 56/1024 > 0.025: high = 9.
  // Coverage P(2 <= B <= 8) = 1 - 22/1024 = 0.9785.
  const auto r = exact_quantile_ranks(10, 0.5, 0.95);
  CHECK(r.low == 2);
  CHECK(r.high == 9);
  CHECK(r.exact);
  // At 90% (tails 0.05) P(B <= 2) = 0.0547 is still too much: the same ranks.
  CHECK(exact_quantile_ranks(10, 0.5, 0.90).low == 2);
  // At 80% (tails 0.1): P(B <= 2) = 0.0547 <= 0.1, P(B <= 3) = 176/1024 = 0.172 > 0.1: low = 3, high = 8.
  CHECK(exact_quantile_ranks(10, 0.5, 0.80).low == 3);
  CHECK(exact_quantile_ranks(10, 0.5, 0.80).high == 8);
}

TEST_CASE("The 5% quantile of 20 trials has no order statistic below it at 95%: the interval reaches the range's bottom",
          "[analysis][quantile]") {
  // B ~ Binomial(20, 0.05): P(B = 0) = 0.95^20 = 0.358486 > 0.025, so low = 0 (no X_(l) qualifies).
  //   P(B = 1) = 20 * 0.05 * 0.95^19 = 0.377354, P(B = 2) = 190 * 0.05^2 * 0.95^18 = 0.188677,
  //   P(B = 3) = 1140 * 0.05^3 * 0.95^17 = 0.059582: P(B <= 2) = 0.924516, P(B >= 3) = 0.075484 > 0.025;
  //   P(B <= 3) = 0.984098, P(B >= 4) = 0.015902 <= 0.025: high = 4.
  const auto r = exact_quantile_ranks(20, 0.05, 0.95);
  CHECK(r.low == 0);
  CHECK(r.high == 4);
  // The 95% quantile is its mirror image: low = 21 - 4 = 17, high = 21 - 0 = 21 = n + 1.
  const auto m = exact_quantile_ranks(20, 0.95, 0.95);
  CHECK(m.low == 17);
  CHECK(m.high == 21);
}

TEST_CASE("Degenerate quantile ranks: no trials, one trial, q = 0 and q = 1", "[analysis][quantile]") {
  CHECK(exact_quantile_ranks(0, 0.5, 0.95).low == 0);
  CHECK(exact_quantile_ranks(0, 0.5, 0.95).high == 1);
  // One trial: P(B = 0) = P(B = 1) = 1/2 > 0.025, so [X_(0), X_(2)]: the whole range.
  CHECK(exact_quantile_ranks(1, 0.5, 0.95).low == 0);
  CHECK(exact_quantile_ranks(1, 0.5, 0.95).high == 2);
  // q = 0: B = 0 surely, [X_(0), X_(1)]; q = 1: B = n surely, [X_(n), X_(n+1)].
  CHECK(exact_quantile_ranks(50, 0.0, 0.95).low == 0);
  CHECK(exact_quantile_ranks(50, 0.0, 0.95).high == 1);
  CHECK(exact_quantile_ranks(50, 1.0, 0.95).low == 50);
  CHECK(exact_quantile_ranks(50, 1.0, 0.95).high == 51);
}

TEST_CASE("Quantiles and their intervals are read from the histogram as order statistics", "[analysis][quantile]") {
  // Sorted: X_(1..10) = 0 1 1 2 3 3 3 4 6 9. Median: k = ceil(0.5 * 10) = 5, X_(5) = 3; ranks 2 and 9
  // (worked above): [X_(2), X_(9)] = [1, 6].
  const Tally t = tally_of(one_count(0, 10), {3, 1, 9, 3, 0, 2, 6, 4, 1, 3});
  const auto median = quantile_interval(t, 0, 0.5, 0.95);
  CHECK(to_string(median) == "3 [1, 6]");
  CHECK(std::string(median.method) == "order statistics (exact binomial)");
  // 5%: k = max(1, ceil(0.5)) = 1, X_(1) = 0; ranks for n = 10, q = 0.05 at 95%: P(B = 0) = 0.95^10
  // = 0.5987 > 0.025 so low = 0 (the range's bottom, 0, as no trial fell below it);
  // P(B >= 3) = 1 - 0.5987 - 0.3151 - 0.0746 = 0.0115 <= 0.025 and P(B >= 2) = 0.0861 > 0.025:
  // high = 3, X_(3) = 1.
  const auto low = quantile_interval(t, 0, 0.05, 0.95);
  CHECK(low.ranks.low == 0);
  CHECK(low.ranks.high == 3);
  CHECK(to_string(low) == "0 [0, 1]");
  // 95%: k = ceil(9.5) = 10, X_(10) = 9; ranks 8 and 11 (mirror of 0 and 3): [X_(8), top] = [4, 10].
  CHECK(to_string(quantile_interval(t, 0, 0.95, 0.95)) == "9 [4, 10]");
}

TEST_CASE("An order statistic that fell outside the histogram range is printed as <min or >max", "[analysis][quantile]") {
  // Range [0, 5]; -1 underflows, 7 and 9 overflow. Sorted: X_(1) = <0, then 0 1 1 2 3 3 4, X_(9..10) = >5.
  const Tally t = tally_of(one_count(0, 5), {-1, 0, 1, 1, 2, 3, 3, 4, 7, 9});
  // Median: X_(5) = 2 in [X_(2), X_(9)] = [0, >5].
  CHECK(to_string(quantile_interval(t, 0, 0.5, 0.95)) == "2 [0, >5]");
  // 5%: X_(1) in [X_(0), X_(3)]: the bottom of the range is unknown once a trial fell below it.
  const auto five = quantile_interval(t, 0, 0.05, 0.95);
  CHECK(to_string(five) == "<0 [<0, 1]");
  CHECK(five.low.place == HistogramValue::Place::BelowRange);
  // 95%: X_(10) in [X_(8), X_(11)] = [4, >5].
  CHECK(to_string(quantile_interval(t, 0, 0.95, 0.95)) == ">5 [4, >5]");
  // histogram_quantile keeps its sentinels one past the range.
  CHECK(histogram_quantile(t, 0, 0.0) == -1);
  CHECK(histogram_quantile(t, 0, 1.0) == 6);
}

TEST_CASE("The normal ranks used for large n are never narrower than the exact ones, and at most two ranks wider", "[analysis][quantile]") {
  // At and below the switch (n q (1 - q) = 1e8) both are computable; the continuity-corrected normal
  // ranks widen each side by about half a rank, and skewness moves the exact ones by less than one.
  for (uint64_t n : {uint64_t{100000}, uint64_t{2000000}, uint64_t{400000000}}) {
    for (double q : {0.05, 0.5, 0.95}) {
      for (double level : {0.9, 0.95, 0.99}) {
        const auto e = exact_quantile_ranks(n, q, level);
        const auto a = normal_quantile_ranks(n, q, level);
        INFO("n " << n << " q " << q << " level " << level << ": exact [" << e.low << ", " << e.high << "], normal [" << a.low << ", "
                  << a.high << "]");
        CHECK(a.low <= e.low);
        CHECK(a.low + 2 >= e.low);
        CHECK(a.high >= e.high);
        CHECK(a.high <= e.high + 2);
      }
    }
  }
  CHECK(quantile_ranks(400000000, 0.5, 0.95).exact);
  CHECK_FALSE(quantile_ranks(400000004, 0.5, 0.95).exact);
}

namespace {

// Coverage experiments: experiment e draws n values of X, uniform on 0..999, from the Philox stream
// (seed, trial e, Purpose::Test), tallies them and asks `bounds` for an interval on the q-quantile,
// whose true value is xi = ceil(1000 q) - 1 (the smallest v with (v + 1) / 1000 >= q).
constexpr int QuantileExperiments = 20000;

template <class Bounds>
double coverage(uint64_t n, double q, Bounds&& bounds) {
  const auto schema = one_count(0, 999);
  const auto xi = static_cast<int64_t>(std::ceil(1000 * q)) - 1;
  int covered = 0;
  for (int e = 0; e < QuantileExperiments; ++e) {
    Stream stream(20261130, static_cast<uint64_t>(e), Purpose::Test, 0, 0);
    Tally t(schema);
    for (uint64_t i = 0; i < n; ++i) {
      const int64_t v = stream.below(1000);
      t.add(&v);
    }
    const auto [low, high] = bounds(t);
    covered += low.value <= xi && xi <= high.value ? 1 : 0;
  }
  return static_cast<double>(covered) / QuantileExperiments;
}

// The interval as reported, and one rank narrower at each end.
auto reported(double q) {
  return [q](const Tally& t) {
    const auto qi = quantile_interval(t, 0, q, 0.95);
    return std::pair{qi.low, qi.high};
  };
}
auto narrowed(double q) {
  return [q](const Tally& t) {
    const auto r = quantile_ranks(t.trials(), q, 0.95);
    return std::pair{order_statistic(t, 0, r.low + 1), order_statistic(t, 0, r.high - 1)};
  };
}

// The bound. For X with P(X <= xi) = F >= q and P(X < xi) = F- < q, [X_(l), X_(u)] covers xi with
// probability exactly c = P(Bin(n, F) >= l) + P(Bin(n, F-) <= u - 1) - 1 >= P(l <= Bin(n, q) < u)
// >= 0.95. Here F = q and F- = q - 1/1000, and c (summed exactly in rational arithmetic) is
//   n = 250: q = 0.5, ranks [110, 141]: c = 0.952076   (one rank narrower, [111, 140]: 0.935852)
//            q = 0.05, ranks [6, 21]:   c = 0.974805
//            q = 0.95, ranks [230, 245]: c = 0.974090
//   n = 10:  q = 0.05, ranks [0, 3]:    c = 0.989115   (low end: the range's bottom, 0)
//            q = 0.5,  ranks [2, 9]:    c = 0.978690
// The covered count of 20,000 experiments is Binomial(20000, c): its standard deviation is at most
// sqrt(0.95 * 0.05 / 20000) = 0.00154 for c >= 0.95. A correct interval is within 4 of them,
// 0.0062, of c (a false failure has probability below 1e-4), and so above 0.95 - 0.0062 = 0.9438.
// The interval one rank narrower covers about 0.9359 +- 0.0017, five of its standard deviations
// below that bound: the check can fail.
constexpr double QuantileBound = 0.0062;

}  // namespace

TEST_CASE("Coverage: the 95% median interval covers the true median at the exact binomial rate, 250 trials",
          "[analysis][quantile][calibration]") {
  const double c = coverage(250, 0.5, reported(0.5));
  INFO("coverage " << c);
  CHECK(c >= 0.95 - QuantileBound);
  CHECK(c == Approx(0.952076).margin(QuantileBound));
}

TEST_CASE("Coverage: the 95% intervals on the 5% and 95% quantiles cover at the exact binomial rate, 250 trials",
          "[analysis][quantile][calibration]") {
  const double low = coverage(250, 0.05, reported(0.05));
  const double high = coverage(250, 0.95, reported(0.95));
  INFO("coverage of the 5% quantile " << low << ", of the 95% quantile " << high);
  CHECK(low >= 0.95 - QuantileBound);
  CHECK(low == Approx(0.974805).margin(QuantileBound));
  CHECK(high >= 0.95 - QuantileBound);
  CHECK(high == Approx(0.974090).margin(QuantileBound));
}

TEST_CASE("Coverage: with 10 trials the intervals reach the histogram's ends and still cover", "[analysis][quantile][calibration]") {
  const double low = coverage(10, 0.05, reported(0.05));
  const double median = coverage(10, 0.5, reported(0.5));
  INFO("coverage of the 5% quantile " << low << ", of the median " << median);
  CHECK(low == Approx(0.989115).margin(QuantileBound));
  CHECK(median == Approx(0.978690).margin(QuantileBound));
}

TEST_CASE("Coverage check is sensitive: the median interval one rank narrower at each end fails it", "[analysis][quantile][calibration]") {
  const double c = coverage(250, 0.5, narrowed(0.5));
  INFO("coverage " << c);
  CHECK(c < 0.95 - QuantileBound);
  CHECK(c == Approx(0.935852).margin(QuantileBound));
}
