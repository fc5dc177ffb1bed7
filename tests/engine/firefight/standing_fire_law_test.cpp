// `volley fire --turns N`: the exact law of N turns of standing fire (engine/firefight/standing_fire_law)
// against answers derived here by other means: every die's outcome enumerated and the target's
// figures taken turn by turn, and the closed form min(Binomial(volleys x dice, p), figures) (with no
// return fire the dice never change, so the figures lost are the hits of all the volleys, capped).
#include "engine/firefight/standing_fire_law.hpp"
#include "sim/scenario/firefight_reader.hpp"
#include "sim/scenario/scenario_document.hpp"
#include "tests/engine/firefight/one_volley_scenario.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace volley;
using namespace volley::firefight;
using volley::firefight::testing::one_volley;

namespace {

// tsatf20, herero rifle at class 2: normal fire hits on 4 or less of d20 (p = 0.2); schnellfeuer
// (SF-B) twice the dice at -1, 3 or less (p = 0.15).
VolleyLaw rifle_volley(int figures, bool schnellfeuer) {
  const Ruleset rules =
      read_firefight_scenario(ScenarioDocument::from_string(one_volley("tsatf20", "never", figures, 2), "fire.toml")).ruleset;
  VolleyQuestion q;
  q.figures = figures;
  q.weapon =
      static_cast<int>(std::find_if(rules.weapons.begin(), rules.weapons.end(), [](const Weapon& w) { return w.name == "herero-rifle"; }) -
                       rules.weapons.begin());
  q.target_class = 2;
  q.schnellfeuer = schnellfeuer;
  return volley_law(rules, q);
}

// P(figures left = j) after the volleys, by enumerating every die of every volley (2^(volleys x dice)
// outcomes): a volley's hits take that many of the figures left, the rest lost.
std::vector<double> enumerated_left(int volleys, int dice, double p, int figures) {
  std::vector<double> left(static_cast<size_t>(figures) + 1, 0.0);
  const int all = volleys * dice;
  for (unsigned outcome = 0; outcome < (1u << all); ++outcome) {
    double chance = 1;
    int standing = figures;
    for (int v = 0; v < volleys; ++v) {
      int hits = 0;
      for (int d = 0; d < dice; ++d) {
        const bool hit = (outcome >> (v * dice + d)) & 1u;
        chance *= hit ? p : 1 - p;
        hits += hit;
      }
      standing -= std::min(hits, standing);
    }
    left[static_cast<size_t>(standing)] += chance;
  }
  return left;
}

double binomial(int n, int k, double p) {
  double c = 1;
  for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return c * std::pow(p, k) * std::pow(1 - p, n - k);
}

}  // namespace

TEST_CASE("SF-E: schnellfeuer fires in turns 1, 3, 5, ... (a burst, then a reload turn); normal fire every turn",
          "[engine][firefight][SF-E][exact]") {
  CHECK(volleys_in(1, true) == 1);
  CHECK(volleys_in(2, true) == 1);
  CHECK(volleys_in(3, true) == 2);
  CHECK(volleys_in(6, true) == 3);
  CHECK(volleys_in(2, false) == 2);
  CHECK(volleys_in(6, false) == 6);
}

TEST_CASE("F-4 SF-B SF-E: the figures left after N turns of standing fire are those of every die enumerated, turn by turn",
          "[engine][firefight][F-4][SF-B][SF-E][exact]") {
  // 2 rifles at 3 figures over 3 turns: normal fire 3 volleys of 2 dice at 0.2; schnellfeuer a burst
  // of 4 dice at 0.15, a reload turn, a burst again.
  const auto [schnellfeuer, dice, p, volleys] = GENERATE(table<bool, int, double, int>({{false, 2, 0.2, 3}, {true, 4, 0.15, 2}}));
  CAPTURE(schnellfeuer);
  const StandingFireLaw law = standing_fire_law(rifle_volley(2, schnellfeuer), 3, 3, schnellfeuer, 0.25);
  CHECK(law.volleys == volleys);
  const auto expected = enumerated_left(volleys, dice, p, 3);
  for (int j = 0; j <= 3; ++j) {
    CHECK(law.figures_left.at(j) == Approx(expected[static_cast<size_t>(j)]).margin(1e-12));
    CHECK(law.casualties.at(3 - j) == Approx(expected[static_cast<size_t>(j)]).margin(1e-12));
  }
}

TEST_CASE(
    "F-4 SF-B SF-E: over schnellfeuer's two-turn cycle 8 rifles put out min(Bin(16, 0.2), M) normal against min(Bin(16, 0.15), M) fast",
    "[engine][firefight][F-4][SF-B][SF-E][exact]") {
  // Two normal volleys are 16 dice at 0.2; one burst is 16 dice at 0.15 and the reload turn nothing:
  // over the cycle normal fire puts out more (3.2 hits against 2.4), though a burst beats one volley.
  for (const int target : {0, 5}) {
    CAPTURE(target);
    const StandingFireLaw normal = standing_fire_law(rifle_volley(8, false), target, 2, false, 0.25);
    const StandingFireLaw fast = standing_fire_law(rifle_volley(8, true), target, 2, true, 0.25);
    const int cap = target > 0 ? target : 16;
    for (int k = 0; k <= cap; ++k) {
      double normal_k = 0, fast_k = 0;  // P(min(B, cap) = k)
      for (int h = k; h <= (k == cap ? 16 : k); ++h) {
        normal_k += binomial(16, h, 0.2);
        fast_k += binomial(16, h, 0.15);
      }
      CHECK(normal.casualties.at(k) == Approx(normal_k).margin(1e-12));
      CHECK(fast.casualties.at(k) == Approx(fast_k).margin(1e-12));
    }
    if (target == 0) {
      CHECK(normal.casualties.mean() == Approx(3.2).margin(1e-12));
      CHECK(fast.casualties.mean() == Approx(2.4).margin(1e-12));
      CHECK(normal.killed.mean() == Approx(0.8).margin(1e-12));  // each casualty killed with 1/4
    }
  }
}
