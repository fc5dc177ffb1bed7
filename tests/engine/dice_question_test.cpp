// `volley dice`'s exact laws (engine/integer_law, engine/exact_dice, engine/dice_question) against
// closed forms to 1e-12, and the simulated question against them at a fixed seed.
#include "engine/dice_question.hpp"
#include "engine/exact_dice.hpp"
#include "engine/trial_dice.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

using namespace volley;

namespace {

// C(n, k) exactly as a long double (the products stay integers far beyond the pools tested).
long double choose(int n, int k) {
  if (k < 0 || k > n) return 0;
  long double c = 1;
  for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return c;
}

// Binomial(n, p) at k, the textbook formula.
double binomial_closed(int n, int k, double p) {
  return static_cast<double>(choose(n, k) * std::pow(static_cast<long double>(p), k) * std::pow(1.0L - p, n - k));
}

// P(sum of n dF = s), de Moivre's inclusion-exclusion: F^-n sum_j (-1)^j C(n, j) C(s - jF - 1, n - 1).
// Computed in integers (__int128), so it is exact before the one division.
__extension__ typedef __int128 Int128;  // a GCC and Clang extension: -Wpedantic is told so
double dice_sum_closed(int n, int faces, int s) {
  Int128 ways = 0;
  for (int j = 0; j <= n && s - j * faces - 1 >= n - 1; ++j) {
    Int128 a = 1, b = 1;  // C(n, j), C(s - jF - 1, n - 1)
    for (int i = 1; i <= j; ++i) a = a * (n - j + i) / i;
    const int m = s - j * faces - 1;
    for (int i = 1; i <= n - 1; ++i) b = b * (m - (n - 1) + i) / i;
    ways += (j % 2 ? -1 : 1) * a * b;
  }
  return static_cast<double>(static_cast<long double>(ways) / std::pow(static_cast<long double>(faces), n));
}

// Every bin of a sampled law within 5 standard errors of the exact probability (a bin-wise bound
// from the trial count: a false alarm in any of ~100 bins has probability below 1e-4).
void check_sampled(const std::vector<uint64_t>& counts, const IntegerLaw& law, uint64_t trials) {
  for (int64_t k = law.lowest; k <= law.highest(); ++k) {
    const double p = law.at(k);
    const double seen = static_cast<double>(counts[static_cast<size_t>(k - law.lowest)]) / static_cast<double>(trials);
    INFO("value " << k << ": exact " << p << ", seen " << seen);
    CHECK(std::abs(seen - p) <= 5 * std::sqrt(p * (1 - p) / static_cast<double>(trials)) + 1e-9);
  }
}

// Samples `trials` rolls of a question with the kernel's dice at seed 2026.
std::vector<uint64_t> sample(const DiceQuestion& q, const IntegerLaw& law, uint64_t trials, bool killed = false) {
  std::vector<uint64_t> counts(law.p.size());
  for (uint64_t t = 0; t < trials; ++t) {
    TrialDice d(2026, t);
    d.restart(Purpose::Test, 0, 0);
    int64_t value = 0, kills = 0;
    q.roll(d, value, kills);
    ++counts[static_cast<size_t>((killed ? kills : value) - law.lowest)];
  }
  return counts;
}

}  // namespace

TEST_CASE("dice: a sum's law equals de Moivre's closed form to 1e-12, with its mean and deviation", "[engine][dice][exact]") {
  for (auto [n, faces] : {std::pair{1, 6}, {2, 6}, {3, 6}, {4, 6}, {10, 6}, {5, 20}, {3, 10}}) {
    const IntegerLaw law = sum_law(n, faces);
    CHECK(law.lowest == n);
    CHECK(law.highest() == n * faces);
    for (int s = n; s <= n * faces; ++s) CHECK(law.at(s) == Approx(dice_sum_closed(n, faces, s)).margin(1e-12));
    CHECK(law.mean() == Approx(n * (faces + 1) / 2.0).epsilon(1e-12));
    CHECK(law.standard_deviation() == Approx(std::sqrt(n * (faces * faces - 1) / 12.0)).epsilon(1e-12));
  }
  // 3d6 by hand: 27 of 216 ways to roll 10; P(>= 16) = 10/216.
  const IntegerLaw three = sum_law(3, 6);
  CHECK(three.at(10) == Approx(27.0 / 216).margin(1e-15));
  CHECK(three.at_least(16) == Approx(10.0 / 216).margin(1e-15));
  CHECK(three.at_most(5) == Approx(10.0 / 216).margin(1e-15));
}

TEST_CASE("dice: 2d6+1 and 4d6-2 are the sums shifted by their constant", "[engine][dice][exact]") {
  const auto plus = parse_dice_question("2d6+1", "", 0, "", "");
  CHECK(plus.kind == DiceQuestionKind::Sum);
  const IntegerLaw a = plus.law();
  CHECK(a.lowest == 3);
  CHECK(a.highest() == 13);
  CHECK(a.at(8) == Approx(6.0 / 36).margin(1e-15));
  CHECK(a.mean() == Approx(8.0).epsilon(1e-14));
  const IntegerLaw b = parse_dice_question("4d6-2", "", 0, "", "").law();
  CHECK(b.lowest == 2);
  for (int s = 4; s <= 24; ++s) CHECK(b.at(s - 2) == Approx(dice_sum_closed(4, 6, s)).margin(1e-12));
}

TEST_CASE("dice: a count of hits is Binomial(n, faces/F) to 1e-12, tails summed from their own end", "[engine][dice][exact][F-4]") {
  const auto q = parse_dice_question("10d20", "<=6", -1, "", "");  // SF-B's -1: 5 faces of 20
  CHECK(q.kind == DiceQuestionKind::Count);
  CHECK(q.pool.hit.size() == 5);
  const IntegerLaw law = q.law();
  for (int k = 0; k <= 10; ++k) CHECK(law.at(k) == Approx(binomial_closed(10, k, 0.25)).margin(1e-12));
  CHECK(law.mean() == Approx(2.5).epsilon(1e-13));
  CHECK(law.standard_deviation() == Approx(std::sqrt(10 * 0.25 * 0.75)).epsilon(1e-13));
  // A far tail keeps its digits: P(10 of 10) = 4^-10, relative error 1e-12.
  CHECK(law.at_least(10) == Approx(std::pow(0.25, 10)).epsilon(1e-12));
  for (int n : {40, 100})
    for (int k : {0, 3, n / 4, n / 2, n}) CHECK(count_law(n, 6, 20).at(k) == Approx(binomial_closed(n, k, 0.3)).margin(1e-12));
  CHECK(parse_dice_question("6d6", "==1", 0, "", "").pool.hit.size() == 1);
  CHECK(parse_dice_question("6d6", "2..5", 0, "", "").pool.hit.size() == 4);
  CHECK(parse_dice_question("4d6", "4+", 0, "", "").pool.hit.size() == 3);
  CHECK(parse_dice_question("4d6@>=5", "", 0, "", "").pool.hit.size() == 2);
}

TEST_CASE("dice: 1s minus 6s gives B-2's Command Failure P(X >= 1), the trinomial sum", "[engine][dice][exact][B-2]") {
  for (int n = 1; n <= 12; ++n) {
    const IntegerLaw law = parse_dice_question(std::to_string(n) + "d6", "==1", 0, "==6", "").law();
    CHECK(law.at_least(1) == Approx(more_ones_than_sixes(n)).margin(1e-12));
    // The whole law, from the closed trinomial: P(o ones, s sixes) = n!/(o! s! r!) 6^-n 4^r.
    for (int d = -n; d <= n; ++d) {
      long double p = 0;
      for (int o = std::max(0, d); o <= n; ++o) {
        const int s = o - d, r = n - o - s;
        if (s < 0 || r < 0) continue;
        p += choose(n, o) * choose(n - o, s) * std::pow(4.0L, r) / std::pow(6.0L, n);
      }
      CHECK(law.at(d) == Approx(static_cast<double>(p)).margin(1e-12));
    }
  }
  // docs/rules.md B-2's quoted values.
  CHECK(count_difference_law(6, 1, 1, 6).at_least(1) == Approx(0.36).margin(0.006));
}

TEST_CASE("dice: opposed pools give B-3/B-6's check, P(A > B), as a difference of binomials", "[engine][dice][exact][B-6]") {
  const auto q = parse_dice_question("5d6@4+ vs 3d6@4+", "", 0, "", "");
  REQUIRE(q.kind == DiceQuestionKind::Opposed);
  const IntegerLaw law = q.law();
  CHECK(law.lowest == -3);
  CHECK(law.highest() == 5);
  CHECK(law.at_least(1) == Approx(opposed_more_successes(5, 3, 3, 3, 6)).margin(1e-12));
  for (int d = -3; d <= 5; ++d) {
    double p = 0;
    for (int b = 0; b <= 3; ++b)
      if (d + b >= 0 && d + b <= 5) p += binomial_closed(5, d + b, 0.5) * binomial_closed(3, b, 0.5);
    CHECK(law.at(d) == Approx(p).margin(1e-12));
  }
  CHECK(law.mean() == Approx(1.0).epsilon(1e-13));
  CHECK(law.standard_deviation() == Approx(std::sqrt(8 * 0.25)).epsilon(1e-13));
}

TEST_CASE("dice: a TSATF volley's kills are Binomial(n, p x kill chance), capped hits keep their tail", "[engine][dice][exact][F-4]") {
  const auto q = parse_dice_question("8d20", "<=6", 0, "", "1/4");
  REQUIRE(q.kills);
  const IntegerLaw kills = q.kill_law();
  for (int k = 0; k <= 8; ++k) CHECK(kills.at(k) == Approx(binomial_closed(8, k, 0.3 * 0.25)).margin(1e-12));
  const IntegerLaw capped_hits = capped(count_law(8, 6, 20), 3);
  CHECK(capped_hits.highest() == 3);
  CHECK(capped_hits.at(3) == Approx(count_law(8, 6, 20).at_least(3)).margin(1e-15));
  CHECK(capped_hits.at(1) == Approx(binomial_closed(8, 1, 0.3)).margin(1e-12));
}

TEST_CASE("dice: every form sampled with the kernel's dice at a fixed seed matches its exact law", "[engine][dice][exact]") {
  const uint64_t trials = 200000;
  struct Case {
    const char* words;
    const char* hit;
    int mod;
    const char* minus;
    const char* kill;
  };
  for (const Case& c : {Case{"3d6", "", 0, "", ""}, Case{"2d6+1", "", 0, "", ""}, Case{"10d20", "<=6", -1, "", ""},
                        Case{"6d6", "==1", 0, "==6", ""}, Case{"5d6@4+ vs 3d6@4+", "", 0, "", ""}, Case{"12d100", ">=91", 0, "", ""}}) {
    INFO(c.words << " --hit " << c.hit);
    const auto q = parse_dice_question(c.words, c.hit, c.mod, c.minus, c.kill);
    const IntegerLaw law = q.law();
    check_sampled(sample(q, law, trials), law, trials);
  }
  const auto volley = parse_dice_question("8d20", "<=6", 0, "", "1/4");
  const IntegerLaw kills = volley.kill_law();
  check_sampled(sample(volley, kills, trials, true), kills, trials);
}

TEST_CASE("dice: a question that is not one is refused with what to write instead", "[engine][dice]") {
  const auto refused = [](const char* words, const char* hit, int mod, const char* minus, const char* kill, const char* says) {
    INFO(words << " " << hit);
    try {
      (void)parse_dice_question(words, hit, mod, minus, kill);
      FAIL("accepted");
    } catch (const std::invalid_argument& e) {
      CHECK(std::string(e.what()).find(says) != std::string::npos);
    }
  };
  refused("2d6+1", "<=3", 0, "", "", "takes no constant");
  refused("3d6", "", -1, "", "", "give --hit too");
  refused("6d6", "<=2", 0, "2..3", "", "share faces");
  refused("6d6", "==1", -1, "", "", "--mod moves the band");
  refused("6d6", "==7", 0, "", "", "no face 7");
  refused("5d6 vs 3d6@4+", "", 0, "", "", "5d6@4+");
  refused("5d6@4+ versus 3d6@4+", "", 0, "", "", "two opposed pools");
  refused("4x6", "", 0, "", "", "expected dice");
  refused("8d20", "<=6", 0, "", "1:4", "a chance like 1/4");
  refused("1000d1000", "", 0, "", "", "computed exactly up to");
}
