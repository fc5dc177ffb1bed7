// The value-function controls (engine/firefight/value_luck.hpp, pool_luck.hpp): each term has mean
// zero under the law the kernel draws its event from, shown by summing it over every outcome (every
// face of a d6 test, every pair of melee dice, every word of a lattice coset for a dice pool); and a
// scripted volley records the luck a count of the rules gives (the scripted melee and morale tests
// of melee_morale_test.cpp check theirs).
#include "engine/binomial_table.hpp"
#include "engine/firefight/luck_controls.hpp"
#include "firefight_test_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <random>

using namespace volley;
using namespace volley::firefight;
using namespace volley::firefight::testing;

namespace {
constexpr uint32_t Spacing = uint32_t{1} << PoolLuckSpacingShift;

// Binomial(n, p) tail P(X >= m) by the formula, independent of the tables.
double binomial_at_least(int n, double p, int m) {
  double total = 0;
  for (int k = m; k <= n; ++k)
    total += std::exp(std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0)) * std::pow(p, k) * std::pow(1 - p, n - k);
  return total;
}

// round(256 x 0.8^j), counted here apart from the kernel's table.
double margin_value(int margin) { return margin <= 0 ? 256.0 : std::floor(256.0 * std::pow(0.8, margin) + 0.5); }
}  // namespace

TEST_CASE("Pool luck: over every word of a lattice coset the sum is zero, so its mean over a uniform word is zero exactly",
          "[engine][firefight][luck]") {
  // A uniform word is a uniform offset r < Spacing plus a uniform point i of the coset r + i Spacing;
  // the sum over the coset is zero for every r and every threshold, so the mean is zero.
  std::mt19937_64 gen(11);
  const uint32_t thresholds[] = {0u, 1u, Spacing - 1, Spacing, Spacing + 1, 123456789u, 0x80000000u, 0xFFFFFFFFu};
  for (uint32_t a : thresholds)
    for (int trial = 0; trial < 40; ++trial) {
      const uint32_t r = trial == 0 ? 0u : trial == 1 ? Spacing - 1 : static_cast<uint32_t>(gen()) & (Spacing - 1);
      int64_t sum = 0;
      for (uint32_t i = 0; i < static_cast<uint32_t>(PoolLuckScale); ++i) {
        const uint32_t u = r + i * Spacing;
        const int64_t luck = pool_step_luck(u, a);
        sum += luck;
        // Within one of PoolLuckScale x ([u >= a] - P(u >= a)).
        const double ideal = static_cast<double>(PoolLuckScale) * ((u >= a ? 1.0 : 0.0) - (1.0 - a / 4294967296.0));
        REQUIRE(std::fabs(static_cast<double>(luck) - ideal) < 1.0);
      }
      INFO("threshold " << a << ", offset " << r);
      CHECK(sum == 0);
    }
}

TEST_CASE("F-4 value controls of a volley: zero sum over a coset of words, and the luck of the casualties the pool drew",
          "[engine][firefight][F-4][luck]") {
  const BinomialTables& tables = BinomialTables::instance();
  std::mt19937_64 gen(12);
  for (int dice : {1, 3, 8, 9, 16, 32})
    for (int band : {1, 6, 13, 19})
      for (int figures : {1, 4, 10})
        for (int margin : {-2, 0, 3, 12}) {
          const uint32_t* row = tables.thresholds(20, band, dice);
          const uint32_t r = static_cast<uint32_t>(gen()) & (Spacing - 1);
          const int max_drop = std::min(figures, dice);
          double expected_casualties = 0;  // E[min(hits, figures)] = sum over m of P(hits >= m)
          for (int m = 1; m <= max_drop; ++m) expected_casualties += binomial_at_least(dice, band / 20.0, m);
          int64_t lost_sum = 0, margin_sum = 0, duel_sum = 0;
          for (uint32_t i = 0; i < static_cast<uint32_t>(PoolLuckScale); ++i) {
            const uint32_t u = r + i * Spacing;
            const int casualties = std::min(binomial_from_word(row, dice, u), figures);
            ValueLuck v;
            v.reset({30 + margin, 12}, {30, 10});  // the other side 2 from its break point
            v.add_pool(0, figures, dice, row, u, casualties);
            REQUIRE(v.figures[0] == 30 + margin - casualties);
            REQUIRE(v.value[1] == std::array<int64_t, ValueFeatureCount>{});
            lost_sum += v.value[0][0];
            margin_sum += v.value[0][1];
            duel_sum += v.value[0][2];
            // The duel term is the margin term times the other side's weight in sixteenths.
            REQUIRE(v.value[0][2] == v.value[0][1] * static_cast<int64_t>(std::floor(margin_value(2) / 16 + 0.5)));
            // The lost feature is PoolLuckScale x (casualties - their mean), but for less than one a step.
            REQUIRE(std::fabs(static_cast<double>(v.value[0][0]) - PoolLuckScale * (casualties - expected_casualties)) < max_drop + 1e-6);
          }
          INFO(dice << " dice at " << band << " on d20, target of " << figures << ", margin " << margin);
          CHECK(lost_sum == 0);
          CHECK(margin_sum == 0);
          CHECK(duel_sum == 0);
        }
}

TEST_CASE("F-4 value controls of a volley: the pool's terms summed step by step, at every margin, as the definition gives them",
          "[engine][firefight][F-4][luck]") {
  // The definition, term by term: step(m) = (points of u's lattice below a) - PoolLuckScale [u < a],
  // the points counted one by one, weighted by the margin's change at the m-th figure lost.
  const BinomialTables& tables = BinomialTables::instance();
  std::mt19937_64 gen(13);
  for (int dice : {1, 5, 8, 17, 32})
    for (int figures : {1, 6, 32})
      for (int margin : {-40, -2, -1, 0, 1, 4, 30, 63, 64, 65, 70, 95, 96, 97, 98, 99, 300})
        for (int draw = 0; draw < 6; ++draw) {
          const int band = 1 + static_cast<int>(gen() % 5);
          const uint32_t* row = tables.thresholds(6, band, dice);
          const uint32_t u = draw == 0 ? 0u : draw == 1 ? 0xFFFFFFFFu : static_cast<uint32_t>(gen());
          const int casualties = std::min(binomial_from_word(row, dice, u), figures);
          int64_t lost = 0, weighted = 0;
          for (int m = 1; m <= std::min(figures, dice); ++m) {
            int64_t points = 0;
            for (uint32_t i = 0; i < static_cast<uint32_t>(PoolLuckScale); ++i)
              points += static_cast<uint64_t>(u % Spacing) + uint64_t{i} * Spacing < row[m - 1];
            const int64_t luck = points - (u < row[m - 1] ? PoolLuckScale : 0);
            lost += luck;
            weighted += static_cast<int64_t>(margin_value(margin - m) - margin_value(margin - m + 1)) * luck;
          }
          ValueLuck v;
          v.reset({100 + margin, 12}, {100, 10});
          v.add_pool(0, figures, dice, row, u, casualties);
          INFO(dice << " dice at " << band << " on d6, word " << u << ", target of " << figures << ", margin " << margin);
          CHECK(v.value[0][0] == lost);
          CHECK(v.value[0][1] == weighted);
          CHECK(v.figures[0] == 100 + margin - casualties);
        }
}

TEST_CASE("F-6, F-7, F-8b: a test whose failure breaks a unit sums to zero over the six faces", "[engine][firefight][luck]") {
  for (int failing = 0; failing <= 6; ++failing)
    for (int figures : {1, 5, 9})
      for (int margin : {-1, 0, 2, 7, 70}) {
        int64_t lost = 0, marg = 0, duel = 0;
        for (int face = 1; face <= 6; ++face) {
          ValueLuck v;
          v.reset({20, 10 + margin}, {20, 10});
          const bool failed = face <= failing;
          v.add_break_test(1, figures, failing, failed);
          CHECK(v.figures[1] == 10 + margin - (failed ? figures : 0));
          lost += v.value[1][0];
          marg += v.value[1][1];
          duel += v.value[1][2];
        }
        CHECK(lost == 0);
        CHECK(marg == 0);
        CHECK(duel == 0);
      }
}

TEST_CASE("F-7: the losing outcomes of a melee pair for any difference of bonuses, against a list of the pairs",
          "[engine][firefight][F-7][luck]") {
  for (int faces : {2, 3, 6, 7, 10, 20, 100})
    for (int d = -faces - 3; d <= faces + 3; ++d) {
      int below = 0;
      for (int x = 1; x <= faces; ++x)
        for (int y = 1; y <= faces; ++y) below += x - y < d;
      INFO(faces << " faces, difference " << d);
      CHECK(melee_pairs_below(faces, d) == below);
    }
}

TEST_CASE("F-7: a melee pair's losing outcomes are counted as a list of the pairs gives them, and sum to zero",
          "[engine][firefight][F-7][luck]") {
  for (int faces : {2, 6, 10})
    for (int bonus_a = 0; bonus_a <= 2; ++bonus_a)
      for (int bonus_b = 0; bonus_b <= 2; ++bonus_b) {
        int a_loses = 0, b_loses = 0;
        for (int x = 1; x <= faces; ++x)
          for (int y = 1; y <= faces; ++y) {
            a_loses += x + bonus_a < y + bonus_b;
            b_loses += y + bonus_b < x + bonus_a;
          }
        CHECK(melee_pairs_below(faces, bonus_b - bonus_a) == a_loses);
        CHECK(melee_pairs_below(faces, bonus_a - bonus_b) == b_loses);
        // Both sides one figure above their break points: every feature of both moves.
        std::array<std::array<int64_t, ValueFeatureCount>, 2> sum{};
        for (int x = 1; x <= faces; ++x)
          for (int y = 1; y <= faces; ++y) {
            ValueLuck v;
            v.reset({11, 11}, {10, 10});
            const bool a_lost = x + bonus_a < y + bonus_b, b_lost = y + bonus_b < x + bonus_a;
            v.add_melee_pair(faces, {a_loses, b_loses}, {a_lost, b_lost});
            CHECK(v.figures == std::array<int, 2>{11 - a_lost, 11 - b_lost});
            for (int side = 0; side < 2; ++side)
              for (int f = 0; f < ValueFeatureCount; ++f) sum[side][f] += v.value[side][f];
          }
        CHECK(sum == std::array<std::array<int64_t, ValueFeatureCount>, 2>{});
      }
}

TEST_CASE("Value controls: the margin weights are 256 x 0.8^margin, 256 at or below the break point", "[engine][firefight][luck]") {
  for (int margin = -3; margin < MarginLevels + 3; ++margin) CHECK(margin_weight(margin) == static_cast<int64_t>(margin_value(margin)));
}

TEST_CASE("F-4 scripted: a volley records the luck of the casualties it caused on the target's side", "[engine][firefight][F-4][luck]") {
  auto sc = make_scenario();
  add_unit(sc, Herero, "H1", 8, 10, 10);   // herero rifle: band 6 on d20 at class 1
  add_unit(sc, German, "Z1", 10, 10, 20);  // 10" away
  add_unit(sc, German, "Z2", 10, 30, 30);
  Harness h(sc);
  h.setup();
  h.begin_turn(1);
  auto c = h.ctx();
  build_candidates(c);
  h.dice.push({3, 1});  // 3 hits of 8 dice; 1 of the 3 casualties killed
  fire_unit(c, h.unit(Herero, 0), false);
  REQUIRE(h.u(German, 0).figures == 7);
  const int margin = 20 - h.sc.sides[German].break_figures;
  // The herero side lost nothing; the german side 3 figures of the 8 the pool could take.
  CHECK(h.st.luck.figures.value[Herero] == std::array<int64_t, ValueFeatureCount>{});
  CHECK(h.st.luck.figures.figures[German] == 17);
  double mean = 0, margin_mean = 0;
  for (int m = 1; m <= 8; ++m) {
    mean += binomial_at_least(8, 6 / 20.0, m);
    margin_mean += binomial_at_least(8, 6 / 20.0, m) * (margin_value(margin - m) - margin_value(margin - m + 1));
  }
  const double got_margin = margin_value(margin - 3) - margin_value(margin);
  CHECK(std::fabs(static_cast<double>(h.st.luck.figures.value[German][0]) - 1024 * (3 - mean)) < 8);
  CHECK(std::fabs(static_cast<double>(h.st.luck.figures.value[German][1]) - 1024 * (got_margin - margin_mean)) < 8 * 256);
  // The duel term: the margin term times the herero side's weight (8 figures in action), in sixteenths.
  const int herero_margin = 8 - h.sc.sides[Herero].break_figures;
  CHECK(h.st.luck.figures.value[German][2] ==
        h.st.luck.figures.value[German][1] * static_cast<int64_t>(std::floor(margin_value(herero_margin) / 16 + 0.5)));
}
