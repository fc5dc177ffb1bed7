// Dice expressions (engine/dice_expression.hpp) against answers found without the code: every roll
// of the dice enumerated here, textbook means (4d6 keeping the 3 highest 15869/1296, 2d20 keeping the
// lower 287/40, an exploding d6 3.5 / (1 - 1/6) = 4.2), and closed forms of the capped explosion.
#include "engine/dice_expression.hpp"
#include "engine/dice_question.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <numeric>
#include <stdexcept>
#include <vector>

using namespace volley;

namespace {

// Every outcome of `dice` dice with the given faces (each equally likely), as counts per value of
// `value(rolled)`.
std::map<int64_t, double> enumerated(int dice, const std::vector<int>& faces,
                                     const std::function<int64_t(const std::vector<int>&)>& value) {
  std::map<int64_t, double> law;
  std::vector<size_t> index(static_cast<size_t>(dice), 0);
  std::vector<int> rolled(static_cast<size_t>(dice));
  const double each = std::pow(static_cast<double>(faces.size()), -dice);
  for (;;) {
    for (size_t i = 0; i < index.size(); ++i) rolled[i] = faces[index[i]];
    law[value(rolled)] += each;
    size_t i = 0;
    while (i < index.size() && ++index[i] == faces.size()) index[i++] = 0;
    if (i == index.size()) break;
  }
  return law;
}

std::vector<int> die(int faces) {
  std::vector<int> f(static_cast<size_t>(faces));
  std::iota(f.begin(), f.end(), 1);
  return f;
}

void check_law(const IntegerLaw& law, const std::map<int64_t, double>& expected) {
  double total = 0;
  for (int64_t k = law.lowest; k <= law.highest(); ++k) total += law.at(k);
  CHECK(total == Approx(1.0).margin(1e-12));
  for (const auto& [k, p] : expected) {
    INFO("value " << k);
    CHECK(law.at(k) == Approx(p).margin(1e-14));
  }
  for (int64_t k = law.lowest; k <= law.highest(); ++k)
    if (!expected.contains(k)) CHECK(law.at(k) == Approx(0.0).margin(1e-15));
}

IntegerLaw law_of(const std::string& text, int cap = DefaultExplosionCap) { return parse_dice_expression(text, cap).law(); }

std::string refusal(const std::string& words) {
  try {
    (void)parse_dice_question(words, "", 0, "", "");
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "accepted";
}

}  // namespace

TEST_CASE("dice expression: 4d6kh3 is every roll of 4d6 less its lowest die, mean 15869/1296 = 12.2446", "[engine][dice]") {
  const auto expected = enumerated(
      4, die(6), [](const std::vector<int>& r) { return std::accumulate(r.begin(), r.end(), 0) - *std::min_element(r.begin(), r.end()); });
  const IntegerLaw law = law_of("4d6kh3");
  check_law(law, expected);
  CHECK(law.mean() == Approx(15869.0 / 1296.0).margin(1e-12));
  CHECK(law.at(18) == Approx(21.0 / 1296.0).margin(1e-15));
}

TEST_CASE("dice expression: 2d20kl1 is the lower of two d20, mean 287/40 = 7.175", "[engine][dice]") {
  const IntegerLaw law = law_of("2d20kl1");
  check_law(law, enumerated(2, die(20), [](const std::vector<int>& r) { return std::min(r[0], r[1]); }));
  CHECK(law.mean() == Approx(7.175).margin(1e-12));
  // The lowest of 3 of 5d10 (no enumeration shortcut: the programme's middle states).
  check_law(law_of("5d10kl3"), enumerated(5, die(10), [](std::vector<int> r) {
              std::sort(r.begin(), r.end());
              return r[0] + r[1] + r[2];
            }));
}

TEST_CASE("dice expression: mixed pools and constants are the sums of their dice", "[engine][dice]") {
  // d6+d8: P(k) = (number of (i, j) with i + j = k) / 48.
  std::map<int64_t, double> d6d8;
  for (int i = 1; i <= 6; ++i)
    for (int j = 1; j <= 8; ++j) d6d8[i + j] += 1.0 / 48;
  check_law(law_of("d6+d8"), d6d8);
  check_law(law_of("1d8 + d6"), d6d8);
  // 3d6+1d4+1, and 2d6-d4: enumerated over five and three dice.
  std::map<int64_t, double> mixed, minus;
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= 6; ++b) {
      for (int d = 1; d <= 4; ++d) minus[a + b - d] += 1.0 / 144;
      for (int c = 1; c <= 6; ++c)
        for (int d = 1; d <= 4; ++d) mixed[a + b + c + d + 1] += 1.0 / 864;
    }
  check_law(law_of("3d6+1d4+1"), mixed);
  check_law(law_of("2d6-d4"), minus);
  CHECK(law_of("4d6-2").mean() == Approx(12.0).margin(1e-12));
}

TEST_CASE("dice expression: custom faces, Fate dice and a 1 rerolled once", "[engine][dice]") {
  check_law(law_of("d{1,1,2,3}"), {{1, 0.5}, {2, 0.25}, {3, 0.25}});
  check_law(law_of("2d{0,0,5}"), enumerated(2, {0, 0, 5}, [](const std::vector<int>& r) { return r[0] + r[1]; }));
  check_law(law_of("4dF"), enumerated(4, {-1, 0, 1}, [](const std::vector<int>& r) { return r[0] + r[1] + r[2] + r[3]; }));
  // d6r1: a 1 only when both rolls are 1 (1/36); each other face 1/6 + 1/36.
  std::map<int64_t, double> reroll{{1, 1.0 / 36}};
  for (int f = 2; f <= 6; ++f) reroll[f] = 1.0 / 6 + 1.0 / 36;
  check_law(law_of("d6r1"), reroll);
  // 2d6r2 (a 1 or 2 rerolled once, each die on its own), by enumerating both rolls of both dice.
  std::map<int64_t, double> two;
  for (int a = 1; a <= 6; ++a)
    for (int a2 = 1; a2 <= 6; ++a2)
      for (int b = 1; b <= 6; ++b)
        for (int b2 = 1; b2 <= 6; ++b2) two[(a <= 2 ? a2 : a) + (b <= 2 ? b2 : b)] += 1.0 / 1296;
  check_law(law_of("2d6r2"), two);
}

TEST_CASE("dice expression: an exploding d6 has mean 4.2, and its capped law is the closed form with the mass beyond reported",
          "[engine][dice]") {
  // Uncapped, E = 3.5 + E/6, so E = 4.2; the default cap leaves (1/6)^21 of the mass.
  const DiceExpression d6 = parse_dice_expression("d6!", DefaultExplosionCap);
  CHECK(d6.law().mean() == Approx(4.2).margin(1e-12));
  CHECK(d6.beyond_cap() == Approx(std::pow(1.0 / 6, DefaultExplosionCap + 1)).epsilon(1e-9));
  // Cap 2: totals 6m + r (r = 1..5) for m = 0, 1 with P = 6^-(m+1); the third roll stands, 12 + 1..6 at 6^-3.
  std::map<int64_t, double> capped;
  for (int m = 0; m < 2; ++m)
    for (int r = 1; r <= 5; ++r) capped[6 * m + r] = std::pow(1.0 / 6, m + 1);
  for (int r = 1; r <= 6; ++r) capped[12 + r] = std::pow(1.0 / 6, 3);
  const DiceExpression two = parse_dice_expression("d6!", 2);
  check_law(two.law(), capped);
  CHECK(two.beyond_cap() == Approx(1.0 / 216).epsilon(1e-12));
  // Two dice: P(either passes the cap) = 1 - (1 - 1/216)^2.
  CHECK(parse_dice_expression("2d6!", 2).beyond_cap() == Approx(1 - std::pow(215.0 / 216, 2)).epsilon(1e-12));
  CHECK(parse_dice_expression("d6!", 0).law().mean() == Approx(3.5).margin(1e-12));
  CHECK(parse_dice_expression("3d6", 2).beyond_cap() == 0);
}

TEST_CASE("dice: opposed pools spelled out agree with every roll of both sides enumerated", "[engine][dice]") {
  const auto check_opposed = [](const DiceQuestion& q, int a_dice, int b_dice, const std::function<int64_t(const std::vector<int>&)>& a,
                                const std::function<int64_t(const std::vector<int>&)>& b) {
    double a_wins = 0, tie = 0, b_wins = 0;
    const auto all = enumerated(a_dice + b_dice, die(6), [&](const std::vector<int>& r) {
      const std::vector<int> first(r.begin(), r.begin() + a_dice), second(r.begin() + a_dice, r.end());
      return a(first) - b(second);
    });
    for (const auto& [d, p] : all) (d > 0 ? a_wins : d == 0 ? tie : b_wins) += p;
    const IntegerLaw law = q.law();
    CHECK(law.at_least(1) == Approx(a_wins).margin(1e-13));
    CHECK(law.at(0) == Approx(tie).margin(1e-13));
    CHECK(law.at_most(-1) == Approx(b_wins).margin(1e-13));
    return std::vector<double>{a_wins, tie, b_wins};
  };
  const auto successes = [](const std::vector<int>& r) { return std::count_if(r.begin(), r.end(), [](int f) { return f >= 4; }); };
  const auto p = check_opposed(parse_dice_question("5d6@4+ vs 3d6@4+", "", 0, "", ""), 5, 3, successes, successes);
  // The figures: A wins 63.7%, tie 21.9%, B wins 14.5%.
  CHECK(std::round(1000 * p[0]) == 637);
  CHECK(std::round(1000 * p[1]) == 219);
  CHECK(std::round(1000 * p[2]) == 145);
  const DiceQuestion sums = parse_dice_question("4d6kh3 vs 3d6", "", 0, "", "");
  CHECK(sums.kind == DiceQuestionKind::OpposedSums);
  check_opposed(
      sums, 4, 3, [](const std::vector<int>& r) { return std::accumulate(r.begin(), r.end(), 0) - *std::min_element(r.begin(), r.end()); },
      [](const std::vector<int>& r) { return std::accumulate(r.begin(), r.end(), 0); });
}

TEST_CASE("dice expression: a bad expression is refused naming the character where it went wrong", "[engine][dice]") {
  CHECK(refusal("4d6kx3") ==
        "bad dice '4d6kx3' at character 5 ('x'): expected 'h' (keep highest, 4d6kh3) or 'l' (keep lowest, 2d20kl1) after 'k'");
  CHECK_THAT(refusal("3d6+"), Catch::Contains("at character 5 (the end)"));
  CHECK_THAT(refusal("d{1,2"), Catch::Contains("at character 6 (the end)") && Catch::Contains("'}'"));
  CHECK_THAT(refusal("d6r6"), Catch::Contains("at character 3"));
  CHECK_THAT(refusal("5d4kh6"), Catch::Contains("at character 6") && Catch::Contains("1 to 5"));
  CHECK_THAT(refusal("d6!!"), Catch::Contains("at character 4"));
  // In the second of two opposed sums, the character counts from the start of the whole question.
  CHECK_THAT(refusal("2d6 vs 3x6"), Catch::Contains("at character 9 ('x')"));
  CHECK_THAT(refusal("101d6kh3"), Catch::Contains("at most 100 dice"));
  CHECK_THAT(refusal("3d6 vs"), Catch::Contains("one on each side of vs"));
  CHECK_THAT(refusal("d6!"), Catch::Contains("accepted"));
}
