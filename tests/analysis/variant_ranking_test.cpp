// Variants of a compare ranked by their paired difference to the base (docs/methods.md, "Ranking
// variants"): the order, the interval of each one's difference to the top one, and the guarantee
// that equal variants are called distinguishable at most 1 - level of the time.
#include "analysis/variant_ranking.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>

using namespace volley;

TEST_CASE("Variants rank highest first, each with its difference to the top one", "[analysis][compare]") {
  // Three variants (3 pairs): each interval at 1 - 0.05 / 3, z = 2.3940 (normal table, 0.991667).
  const uint64_t n = 10000;
  std::vector<VariantDifference> d(3);
  d[1] = {{0.10, 0.09, 0.11}, 0.25};    // sd 0.5
  d[2] = {{0.09, 0.082, 0.098}, 0.16};  // sd 0.4
  const auto ranked = rank_variants(d, n, 0.95);
  REQUIRE(ranked.size() == 3);
  CHECK(ranked[0].variant == 1);
  CHECK(ranked[1].variant == 2);
  CHECK(ranked[2].variant == 0);
  CHECK(ranked[0].against_top.estimate == 0);
  CHECK_FALSE(ranked[0].distinguishable);
  // Variant 2 against variant 1: -0.01 +- 2.3940 (0.5 + 0.4) / 100 = +-0.021546.
  CHECK(ranked[1].against_top.estimate == Approx(-0.01));
  CHECK(ranked[1].against_top.low == Approx(-0.01 - 0.021546).margin(2e-5));
  CHECK(ranked[1].against_top.high == Approx(-0.01 + 0.021546).margin(2e-5));
  CHECK_FALSE(ranked[1].distinguishable);
  // The base against variant 1: -0.10 +- 2.3940 * 0.5 / 100 = +-0.011970.
  CHECK(ranked[2].against_top.high == Approx(-0.10 + 0.011970).margin(2e-5));
  CHECK(ranked[2].distinguishable);
  CHECK(ranked[2].against_base.estimate == 0);
}

TEST_CASE("The per-pair level makes the intervals simultaneous over every pair", "[analysis][compare]") {
  CHECK(simultaneous_pair_level(2, 0.95) == Approx(0.95));
  CHECK(simultaneous_pair_level(3, 0.95) == Approx(1 - 0.05 / 3));
  CHECK(simultaneous_pair_level(5, 0.9) == Approx(1 - 0.1 / 10));
}

TEST_CASE("Equal variants are called distinguishable from the top at most 1 - level of the time", "[analysis][compare][heavy]") {
  // Four variants with the same mean, played on common random numbers (correlated with the base and
  // with each other): any variant called distinguishable from the top is an error. The family error
  // is at most 5%; the bound allows three standard errors of the measured rate.
  const int repetitions = 2000, n = 200;
  std::mt19937_64 rng(20261203);
  std::normal_distribution<double> normal;
  int errors = 0;
  for (int rep = 0; rep < repetitions; ++rep) {
    std::vector<double> sum(4, 0), sum2(4, 0);
    for (int t = 0; t < n; ++t) {
      const double shared = normal(rng);
      for (int v = 1; v < 4; ++v) {
        const double x = 0.6 * shared + 0.8 * normal(rng) * (0.5 + 0.5 * v);  // difference to the base, mean 0
        sum[v] += x;
        sum2[v] += x * x;
      }
    }
    std::vector<VariantDifference> d(4);
    for (int v = 1; v < 4; ++v) {
      const double mean = sum[v] / n, var = (sum2[v] - n * mean * mean) / (n - 1), h = 1.959964 * std::sqrt(var / n);
      d[v] = {{mean, mean - h, mean + h}, var};
    }
    bool any = false;
    for (const auto& r : rank_variants(d, n, 0.95)) any = any || r.distinguishable;
    errors += any ? 1 : 0;
  }
  const double rate = static_cast<double>(errors) / repetitions;
  CHECK(rate <= 0.05 + 3 * std::sqrt(0.05 * 0.95 / repetitions));
}
