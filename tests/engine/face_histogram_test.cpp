// The d6 face histogram table against brute-force enumeration of every roll, its guided search
// against a plain search, and the random sources' d6_categories against the exact law.
#include "engine/exact_dice.hpp"
#include "engine/face_histogram.hpp"
#include "engine/scripted_dice.hpp"
#include "engine/trial_dice.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <map>
#include <vector>

using namespace volley;

namespace {

// How many of the 6^n rolls of n d6 give each histogram (packed as the table packs it).
std::map<D6Histogram, uint64_t> enumerate_histograms(int n) {
  std::map<D6Histogram, uint64_t> counts;
  std::vector<int> roll(static_cast<size_t>(n), 1);
  while (true) {
    D6Histogram packed = 0;
    for (int f : roll) packed += D6Histogram{1} << (10 * (f - 1));
    ++counts[packed];
    int i = 0;
    while (i < n && roll[i] == 6) roll[i++] = 1;
    if (i == n) return counts;
    ++roll[i];
  }
}

// The first histogram whose `last` is at or above u: the inverse CDF without the guide.
D6Histogram plain_search(std::span<const FaceHistogramTable::Outcome> outcomes, uint32_t u) {
  for (const auto& o : outcomes)
    if (u <= o.last) return o.faces;
  FAIL("no histogram for word " << u);
  return 0;
}

// Trial `trial`'s dice of seed `seed`, restarted on the stream these tests draw from.
template <class Dice>
Dice test_stream_dice(uint64_t seed, uint64_t trial) {
  Dice dice(seed, trial);
  dice.restart(Purpose::Test, 0, 0);
  return dice;
}

// `count` outcomes seen in `trials` against their exact probability: within 5 standard errors (the
// 1e-12 lets a probability of 0 be seen 0 times).
void check_within_5_se(uint64_t count, uint64_t trials, double exact) {
  const double se = std::sqrt(exact * (1 - exact) / static_cast<double>(trials));
  CHECK(std::abs(static_cast<double>(count) / static_cast<double>(trials) - exact) <= 5 * se + 1e-12);
}

// Every die of a histogram.
int dice_in(D6Histogram h) {
  int sum = 0;
  for (int f = 1; f <= 6; ++f) sum += face_count(h, f);
  return sum;
}

}  // namespace

TEST_CASE("face histograms: every histogram of n <= 8 d6 once, its share of words the enumerated law to 2^-32",
          "[engine][dice][histogram]") {
  const auto& table = FaceHistogramTable::instance();
  for (int n = 0; n <= MaxHistogramDice; ++n) {
    INFO(n << " dice");
    const auto counts = enumerate_histograms(n);
    const auto outcomes = table.outcomes(n);
    REQUIRE(outcomes.size() == counts.size());  // C(n + 5, 5), each histogram once (counts is a map)
    uint64_t rolls = 1;
    for (int i = 0; i < n; ++i) rolls *= 6;
    uint64_t cumulative = 0;
    int64_t previous_last = -1;
    for (const auto& o : outcomes) {
      const auto it = counts.find(o.faces);
      REQUIRE(it != counts.end());
      cumulative += it->second;
      // The words (previous_last, last] draw it: floor(cumulative share * 2^32) exactly.
      CHECK(static_cast<uint64_t>(o.last) + 1 == (cumulative << 32) / rolls);
      const double width = static_cast<double>(int64_t{o.last} - previous_last);
      CHECK(std::abs(width - static_cast<double>(it->second) * 4294967296.0 / static_cast<double>(rolls)) < 1.0);
      previous_last = o.last;
    }
    CHECK(cumulative == rolls);
    CHECK(outcomes.back().last == 0xFFFFFFFFu);
  }
}

TEST_CASE("face histograms: the guided search draws what a plain inverse-CDF search draws", "[engine][dice][histogram]") {
  const auto& table = FaceHistogramTable::instance();
  for (int n = 1; n <= MaxHistogramDice; ++n) {
    INFO(n << " dice");
    const auto outcomes = table.outcomes(n);
    // Both ends of every histogram's words...
    uint32_t first = 0;
    for (const auto& o : outcomes) {
      CHECK(table.sample(n, first) == o.faces);
      CHECK(table.sample(n, o.last) == o.faces);
      first = o.last + 1;
    }
    // ...every bucket edge, and random words.
    for (uint64_t u = 0; u <= 0xFFFFFFFFull; u += 1u << 20) {
      CHECK(table.sample(n, static_cast<uint32_t>(u)) == plain_search(outcomes, static_cast<uint32_t>(u)));
      CHECK(table.sample(n, static_cast<uint32_t>(u - 1)) == plain_search(outcomes, static_cast<uint32_t>(u - 1)));
    }
    Stream stream(7, static_cast<uint64_t>(n), Purpose::Test, 0, 0);
    for (int i = 0; i < 20000; ++i) {
      const uint32_t u = stream.next_u32();
      CHECK(table.sample(n, u) == plain_search(outcomes, u));
    }
  }
}

TEST_CASE("d6_categories: the law of categories(n, 6, ...), one word per 8 dice, none for no dice", "[engine][dice][histogram]") {
  SECTION("4 dice as (sixes, fours and fives): the exact joint law") {
    constexpr uint64_t N = 200'000;
    const std::array<int, 2> sizes{1, 2};
    std::vector<uint64_t> seen(25, 0);
    for (uint64_t trial = 0; trial < N; ++trial) {
      auto dice = test_stream_dice<TrialDice>(11, trial);
      std::array<int, 2> out{};
      dice.d6_categories(4, sizes, out);
      REQUIRE(dice.words() == 1);
      ++seen[static_cast<size_t>(out[0] * 5 + out[1])];
    }
    // The exact joint law by enumeration of the 6^4 rolls.
    std::vector<double> exact(25, 0.0);
    for (const auto& [faces, count] : enumerate_histograms(4))
      exact[static_cast<size_t>(face_count(faces, 6) * 5 + face_count(faces, 5) + face_count(faces, 4))] +=
          static_cast<double>(count) / 1296.0;
    for (size_t k = 0; k < exact.size(); ++k) {
      INFO("sixes " << k / 5 << ", fours and fives " << k % 5);
      check_within_5_se(seen[k], N, exact[k]);
    }
  }
  SECTION("20 dice in five groups: three words (8 + 8 + 4 dice); the sixes Binomial(20, 1/6)") {
    constexpr uint64_t N = 100'000;
    const std::array<int, 5> sizes{1, 1, 1, 1, 1};
    std::vector<uint64_t> sixes(21, 0);
    uint64_t total_dice = 0;
    for (uint64_t trial = 0; trial < N; ++trial) {
      auto dice = test_stream_dice<TrialDice>(12, trial);
      std::array<int, 5> out{};
      dice.d6_categories(20, sizes, out);
      REQUIRE(dice.words() == 3);
      ++sixes[static_cast<size_t>(out[0])];
      for (int c : out) total_dice += static_cast<uint64_t>(c);
    }
    const auto exact = pool_distribution(20, 1, 6);
    for (size_t k = 0; k <= 20; ++k) {
      INFO(k << " sixes");
      check_within_5_se(sixes[k], N, exact[k]);
    }
    // Ones are the rest: on average 5/6 of the dice are in the groups (5 standard errors).
    const double mean = static_cast<double>(total_dice) / N;
    CHECK(std::abs(mean - 20.0 * 5 / 6) <= 5 * std::sqrt(20.0 * 5 / 6 * (1.0 / 6) / N));
  }
  SECTION("a large pool in two groups draws chained binomials: fewer words") {
    auto dice = test_stream_dice<TrialDice>(13, 0);
    const std::array<int, 2> sizes{1, 2};
    std::array<int, 2> out{};
    dice.d6_categories(100, sizes, out);
    // Sixes from 4 chunks of up to 32 dice, then fours and fives among the rest: at most 8 words,
    // against 13 histograms.
    CHECK(dice.words() == 4 + static_cast<uint64_t>((100 - out[0] + 31) / 32));
    CHECK(out[0] + out[1] <= 100);
  }
  SECTION("no dice, no word") {
    auto dice = test_stream_dice<TrialDice>(14, 0);
    const std::array<int, 2> sizes{1, 2};
    std::array<int, 2> out{7, 7};
    dice.d6_categories(0, sizes, out);
    CHECK(dice.words() == 0);
    CHECK(out == std::array<int, 2>{0, 0});
  }
  SECTION("the per-die path rolls each die, with the same groups") {
    auto dice = test_stream_dice<PerDieTrialDice>(15, 0);
    const std::array<int, 2> sizes{1, 2};
    std::array<int, 2> out{};
    dice.d6_categories(6, sizes, out);
    CHECK(dice.words() >= 6);
    CHECK(out[0] + out[1] <= 6);
  }
  SECTION("the scripted source takes each group's count, as categories") {
    ScriptedDice dice{2, 1, 0, 3};
    const std::array<int, 2> sizes{1, 2};
    std::array<int, 2> out{};
    dice.d6_categories(4, sizes, out);
    CHECK(out == std::array<int, 2>{2, 1});
    dice.d6_categories(3, sizes, out);
    CHECK(out == std::array<int, 2>{0, 3});
    CHECK(dice.exhausted());
    CHECK_THROWS(dice.d6_categories(1, sizes, out));
  }
}

TEST_CASE("face histograms: add_face_groups adds each group's count, largest faces first", "[engine][dice][histogram]") {
  const auto& table = FaceHistogramTable::instance();
  const std::vector<std::vector<int>> groupings{{1, 1, 1, 1, 1}, {1, 2}, {1, 0}, {2, 2, 2}, {6}, {3}, {1, 1, 1, 1, 1, 1}, {0, 4}};
  for (int n = 0; n <= MaxHistogramDice; ++n)
    for (const auto& o : table.outcomes(n))
      for (const auto& sizes : groupings) {
        std::vector<int> out(sizes.size(), 100), expected(sizes.size(), 100);
        int top = 6;
        for (size_t g = 0; g < sizes.size(); ++g)
          for (int i = 0; i < sizes[g]; ++i) expected[g] += face_count(o.faces, top--);
        add_face_groups(o.faces, n, sizes, out);
        REQUIRE(out == expected);
      }
  // Large counts: 1000 dice.
  const D6Histogram thousand = pack_faces({0, 100, 200, 300, 150, 150, 100});
  std::array<int, 3> out{};
  add_face_groups(thousand, 1000, std::array<int, 3>{1, 2, 3}, out);
  CHECK(out == std::array<int, 3>{100, 300, 600});
}

TEST_CASE("d6_histogram: each face of n d6, one word per 8 dice; scripted sixes first, the ones the rest", "[engine][dice][histogram]") {
  SECTION("6 dice: the ones against the sixes (a Command Failure) as the exact law says") {
    constexpr uint64_t N = 100'000;
    uint64_t failures = 0, total = 0;
    for (uint64_t trial = 0; trial < N; ++trial) {
      auto dice = test_stream_dice<TrialDice>(16, trial);
      const D6Histogram h = dice.d6_histogram(6);
      REQUIRE(dice.words() == 1);
      failures += face_count(h, 1) > face_count(h, 6) ? 1 : 0;
      for (int f = 1; f <= 6; ++f) total += static_cast<uint64_t>(face_count(h, f));
    }
    CHECK(total == 6 * N);
    const double exact = more_ones_than_sixes(6);
    CHECK(std::abs(static_cast<double>(failures) / N - exact) <= 5 * std::sqrt(exact * (1 - exact) / N));
  }
  SECTION("20 dice: three words, every die counted") {
    auto dice = test_stream_dice<TrialDice>(17, 0);
    const D6Histogram h = dice.d6_histogram(20);
    CHECK(dice.words() == 3);
    CHECK(dice_in(h) == 20);
    CHECK(dice.d6_histogram(0) == 0);
    CHECK(dice.words() == 3);
  }
  SECTION("the per-die path rolls each die") {
    auto dice = test_stream_dice<PerDieTrialDice>(18, 0);
    const D6Histogram h = dice.d6_histogram(7);
    CHECK(dice.words() >= 7);
    CHECK(dice_in(h) == 7);
  }
  SECTION("scripted: sixes, fives, fours, threes, twos; nothing for no dice") {
    ScriptedDice dice{1, 0, 2, 0, 1};
    CHECK(dice.d6_histogram(0) == 0);
    CHECK(dice.d6_histogram(6) == pack_faces({0, 2, 1, 0, 2, 0, 1}));
    CHECK(dice.exhausted());
    ScriptedDice wrong{3, 3};  // more fives than dice left
    CHECK_THROWS(wrong.d6_histogram(4));
  }
}
