// Dice pools: the binomial tables and both sampling paths against exact laws, and the exact laws
// against independent brute-force enumeration.
#include "engine/binomial_formula.hpp"
#include "engine/binomial_table.hpp"
#include "engine/dice_pool.hpp"
#include "engine/exact_dice.hpp"
#include "engine/scripted_dice.hpp"
#include "engine/trial_dice.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

using namespace volley;

namespace {

// Every outcome of n dice of `faces` faces, enumerated: the independent reference.
template <class F>
void enumerate_rolls(int n, int faces, F&& visit) {
  std::vector<int> roll(static_cast<size_t>(n), 1);
  while (true) {
    visit(roll);
    int i = 0;
    while (i < n && roll[i] == faces) roll[i++] = 1;
    if (i == n) return;
    ++roll[i];
  }
}

// Chi-square-free check of a sampled distribution: every bin within 5 standard errors of the exact
// probability (a bin-wise binomial bound, derived from the trial count).
void check_histogram(const std::vector<uint64_t>& counts, const std::vector<double>& exact, uint64_t trials) {
  for (size_t k = 0; k < exact.size(); ++k) {
    const double p = exact[k];
    const double se = std::sqrt(p * (1 - p) / static_cast<double>(trials));
    INFO("k = " << k << ", exact " << p << ", seen " << static_cast<double>(counts[k]) / static_cast<double>(trials));
    CHECK(std::abs(static_cast<double>(counts[k]) / static_cast<double>(trials) - p) <= 5 * se + 1e-9);
  }
}

}  // namespace

TEST_CASE("pool_distribution equals brute-force enumeration of every roll", "[engine][dice]") {
  for (int faces : {6, 10, 20})
    for (int n : {0, 1, 2, 4})
      for (int band : {0, 1, 3, faces}) {
        std::vector<double> brute(static_cast<size_t>(n) + 1, 0.0);
        double total = 0;
        enumerate_rolls(n, faces, [&](const std::vector<int>& roll) {
          int hits = 0;
          for (int f : roll) hits += f <= band;
          brute[hits] += 1;
          total += 1;
        });
        const auto exact = pool_distribution(n, band, faces);
        for (int k = 0; k <= n; ++k) CHECK(exact[k] == Approx(brute[k] / total).margin(1e-12));
      }
}

TEST_CASE("more_ones_than_sixes equals enumeration and docs/rules.md B-2's quoted values", "[engine][dice][B-2]") {
  for (int n = 1; n <= 6; ++n) {
    double hits = 0, total = 0;
    enumerate_rolls(n, 6, [&](const std::vector<int>& roll) {
      int ones = 0, sixes = 0;
      for (int f : roll) ones += f == 1, sixes += f == 6;
      hits += ones > sixes;
      total += 1;
    });
    CHECK(more_ones_than_sixes(n) == Approx(hits / total).margin(1e-12));
  }
  // "P(failure) ~ 0.30 with 3 dice, 0.36 with 6, 0.38 with 8" (docs/rules.md B-2, two decimals)
  CHECK(more_ones_than_sixes(3) == Approx(0.30).margin(0.006));
  CHECK(more_ones_than_sixes(6) == Approx(0.36).margin(0.006));
  CHECK(more_ones_than_sixes(8) == Approx(0.38).margin(0.006));
}

TEST_CASE("opposed_more_successes equals enumeration of both pools", "[engine][dice][B-6]") {
  for (int a = 1; a <= 4; ++a)
    for (int b = 1; b <= 3; ++b) {
      double wins = 0, total = 0;
      enumerate_rolls(a + b, 6, [&](const std::vector<int>& roll) {
        int sa = 0, sb = 0;
        for (int i = 0; i < a + b; ++i) (i < a ? sa : sb) += roll[i] >= 4;
        wins += sa > sb;
        total += 1;
      });
      CHECK(opposed_more_successes(a, 3, b, 3, 6) == Approx(wins / total).margin(1e-12));
    }
}

TEST_CASE("The binomial tables built into volley are those of their formula, entry for entry", "[engine][dice]") {
  // The data is written at build time by a generator from binomial_thresholds_by_formula(); the
  // check below (against the exact pmf) then holds for what a run reads.
  const std::vector<uint32_t> formula = binomial_thresholds_by_formula();
  const uint32_t* built = BinomialTables::instance().thresholds(0, 0, 0);
  size_t differ = 0;
  for (size_t i = 0; i < formula.size(); ++i) differ += built[i] != formula[i];
  CHECK(formula.size() == BinomialTables::Entries);
  CHECK(differ == 0);
}

TEST_CASE("The binomial tables hold the CDF scaled to 2^32", "[engine][dice]") {
  const auto& tables = BinomialTables::instance();
  for (int faces : {6, 20})
    for (int band = 1; band < faces; band += 2)
      for (int n : {1, 7, 32}) {
        const auto pmf = pool_distribution(n, band, faces);
        double cdf = 0;
        for (int k = 0; k < n; ++k) {
          cdf += pmf[k];
          CHECK(static_cast<double>(tables.thresholds(faces, band, n)[k]) == Approx(cdf * 4294967296.0).margin(4096));
        }
      }
}

TEST_CASE("Both pool paths sample the exact binomial law, large pools included", "[engine][dice]") {
  const uint64_t trials = 200000;
  for (int n : {3, 8, 10, 40, 75}) {  // 3 and 8: the small-pool path; 75: three words
    const int band = 6, faces = 20;
    std::vector<uint64_t> binomial(static_cast<size_t>(n) + 1), per_die(static_cast<size_t>(n) + 1);
    for (uint64_t t = 0; t < trials; ++t) {
      TrialDice a(77, t);
      a.restart(Purpose::Test, 0, 0);
      ++binomial[a.successes(n, band, faces)];
      PerDieTrialDice b(78, t);
      b.restart(Purpose::Test, 0, 0);
      ++per_die[b.successes(n, band, faces)];
    }
    const auto exact = pool_distribution(n, band, faces);
    check_histogram(binomial, exact, trials);
    check_histogram(per_die, exact, trials);
  }
}

TEST_CASE("Chained binomials give the multinomial face histogram of a d6 pool", "[engine][dice]") {
  // Categories {six}, {four, five}: P = 1/6, 2/6, rest 3/6. Check the joint law over 4 dice.
  const int n = 4;
  std::vector<double> exact(25, 0.0), seen_binomial(25, 0.0), seen_per_die(25, 0.0);
  double total = 0;
  enumerate_rolls(n, 6, [&](const std::vector<int>& roll) {
    int six = 0, mid = 0;
    for (int f : roll) six += f == 6, mid += f == 4 || f == 5;
    exact[six * 5 + mid] += 1;
    total += 1;
  });
  for (auto& e : exact) e /= total;
  const int sizes[] = {1, 2};
  const uint64_t trials = 300000;
  std::vector<uint64_t> counts_b(25), counts_p(25);
  for (uint64_t t = 0; t < trials; ++t) {
    int out[2];
    TrialDice a(5, t);
    a.restart(Purpose::Test, 0, 0);
    a.categories(n, 6, sizes, out);
    ++counts_b[out[0] * 5 + out[1]];
    PerDieTrialDice b(6, t);
    b.restart(Purpose::Test, 0, 0);
    b.categories(n, 6, sizes, out);
    ++counts_p[out[0] * 5 + out[1]];
  }
  check_histogram(counts_b, exact, trials);
  check_histogram(counts_p, exact, trials);
}

TEST_CASE("A pool's count from its word is the first k whose threshold is above the word, for every row", "[engine][dice]") {
  // The inverse CDF read as its definition, one entry at a time with an early exit: the reference
  // for the counts four entries at a time (which read the row's padding and clamp).
  const auto first_above = [](const uint32_t* row, int n, uint32_t u) {
    for (int k = 0; k < n; ++k)
      if (u < row[k]) return k;
    return n;
  };
  const auto& tables = BinomialTables::instance();
  Stream words(11, 0, Purpose::Test, 0, 0);
  int64_t checked = 0, mismatches = 0;
  for (int faces = 2; faces <= MaxFaces; ++faces)
    for (int band = 1; band < faces; ++band)
      for (int n = 1; n <= ChunkDice; ++n) {
        const uint32_t* row = tables.thresholds(faces, band, n);
        // The ends, each threshold and its neighbours (where the count steps), and random words.
        std::vector<uint32_t> us{0u, 1u, 0x7fffffffu, 0x80000000u, 0xfffffffeu, 0xffffffffu};
        for (int k = 0; k < n; ++k)
          for (const uint32_t t : {row[k] - 1, row[k], row[k] + 1}) us.push_back(t);
        for (int i = 0; i < 8; ++i) us.push_back(words.next_u32());
        for (const uint32_t u : us) {
          const int expected = first_above(row, n, u);
          mismatches += binomial_from_word(row, n, u) != expected;
          if (n <= SmallPool) mismatches += binomial_from_word_small(row, n, u) != expected;
          ++checked;
        }
      }
  CHECK(checked > 100000);
  CHECK(mismatches == 0);
}

TEST_CASE("A small pool counts as the general path does and draws one word only when it has dice", "[engine][dice]") {
  const auto& tables = BinomialTables::instance();
  // The fixed-length count equals the count over the first n entries, the largest word included
  // (it is at or above the padding of the row too).
  for (int band = 1; band < 20; ++band)
    for (int n = 0; n <= SmallPool; ++n)
      for (uint32_t u : {0u, 1u, 0x40000000u, 0x7fffffffu, 0xc0000000u, 0xfffffffeu, 0xffffffffu}) {
        const uint32_t* row = tables.thresholds(20, band, n);
        CHECK(binomial_from_word_small(row, n, u) == binomial_from_word(row, n, u));
      }
  // Through TrialDice: the same count as the word drawn by hand, one word for n > 0 and none for
  // n = 0, and the stream goes on with the same next word.
  for (uint64_t trial = 0; trial < 200; ++trial)
    for (int n = 0; n <= SmallPool; ++n) {
      const int band = 1 + static_cast<int>(trial % 19);
      TrialDice d(5, trial);
      d.restart(Purpose::Test, 0, 0);
      Stream reference(5, trial, Purpose::Test, 0, 0);
      const int expected = n > 0 ? binomial_from_word(tables.thresholds(20, band, n), n, reference.next_u32()) : 0;
      CHECK(d.successes(n, band, 20) == expected);
      CHECK(d.words() == (n > 0 ? 1u : 0u));
      CHECK(d.below(1000000) == reference.below(1000000));
    }
}

TEST_CASE("A pool that cannot hit or cannot miss draws nothing", "[engine][dice]") {
  TrialDice d(1, 1);
  d.restart(Purpose::Test, 0, 0);
  CHECK(d.successes(10, 0, 20) == 0);
  CHECK(d.successes(10, 20, 20) == 10);
  CHECK(d.successes(10, 25, 20) == 10);
  CHECK(d.words() == 0);
}

TEST_CASE("parse_pool reads TSATF and Combat HQ pools and applies the modifier to the band", "[engine][dice]") {
  const auto tsatf = parse_pool("10d20", "<=6", -1);
  CHECK(tsatf.dice == 10);
  CHECK(tsatf.faces == 20);
  CHECK(tsatf.success_faces() == 5);  // SF-B: -1 lowers the band by one face
  CHECK(tsatf.hits(5));
  CHECK_FALSE(tsatf.hits(6));
  const auto chq = parse_pool("4d6", "4+", 0);
  CHECK(chq.success_faces() == 3);
  CHECK(chq.hits(4));
  CHECK_FALSE(chq.hits(3));
  CHECK(parse_pool("3d6", ">=5", -1).success_faces() == 1);
  CHECK(parse_pool("d10", "<=1", -1).success_faces() == 0);  // clamped (F-4)
  CHECK_THROWS_AS(parse_pool("10x20", "<=6", 0), std::invalid_argument);
  CHECK_THROWS_AS(parse_pool("10d21", "<=6", 0), std::invalid_argument);
  CHECK_THROWS_AS(parse_pool("10d20", "6", 0), std::invalid_argument);
}

TEST_CASE("Scripted dice return the script in order and refuse a wrong one", "[engine][dice]") {
  ScriptedDice d{3, 5, 2, 9};
  CHECK(d.successes(10, 4, 20) == 3);
  CHECK(d.die(6) == 5);
  CHECK(d.below(3) == 2);
  CHECK_THROWS_AS(d.die(6), std::logic_error);  // 9 is no face of a d6
  ScriptedDice e{7};
  CHECK_THROWS_AS(e.successes(5, 2, 6), std::logic_error);  // 7 hits of 5 dice
  ScriptedDice f;
  CHECK_THROWS_AS(f.die(6), std::logic_error);  // exhausted
}
