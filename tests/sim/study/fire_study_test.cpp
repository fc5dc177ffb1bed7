// The fire study called directly (sim/study/fire_study.hpp), against laws computed by hand: 8 herero
// rifles at class 2 on tsatf20 hit with 4 faces of 20 (F-4), so one volley's hits are
// Binomial(8, 1/5); schnellfeuer rolls twice the dice at -1 (SF-B), Binomial(16, 3/20); each hit
// kills with 1/4 (F-4), so the killed are Binomial(8, 1/20) and Binomial(16, 3/80).
#include "sim/study/fire_study.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace volley;

namespace {

double binomial(int n, double p, int k) {
  double c = 1;
  for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return c * std::pow(p, k) * std::pow(1 - p, n - k);
}

FireTable rifles(int target_figures) {
  FireSettings settings;
  settings.weapon = "herero-rifle";
  settings.figures = 8;
  settings.range = 10;
  settings.target_class = 2;
  if (target_figures > 0) settings.target_figures = target_figures;
  return fire_study(settings, scenario_argument("herero-ambush"));
}

}  // namespace

TEST_CASE("fire study: one volley's hits and killed are the binomials of F-4, normal and schnellfeuer (SF-B)", "[sim][fire][F-4][SF-B]") {
  const FireTable table = rifles(0);
  REQUIRE(table.volleys.size() == 2);
  CHECK(table.labels == std::vector<std::string>{"normal", "schnellfeuer (SF-B)"});
  const int dice[2] = {8, 16};
  const double hit[2] = {0.2, 0.15};
  for (size_t v = 0; v < 2; ++v) {
    CHECK(table.volleys[v].dice == dice[v]);
    for (int k = 0; k <= dice[v]; ++k) {
      CHECK(table.volleys[v].hits.at(k) == Approx(binomial(dice[v], hit[v], k)).margin(1e-12));
      CHECK(table.volleys[v].killed.at(k) == Approx(binomial(dice[v], hit[v] / 4, k)).margin(1e-12));
    }
  }
}

TEST_CASE("fire study: over schnellfeuer's two-turn cycle normal fire rolls twice, schnellfeuer once (SF-B, SF-E)",
          "[sim][fire][SF-B][SF-E]") {
  const FireTable table = rifles(0);
  REQUIRE(table.spans.size() == 2);
  CHECK(table.turns == 2);
  CHECK(table.spans[0].volleys == 2);
  CHECK(table.spans[1].volleys == 1);
  // No limit on casualties: two normal volleys are Binomial(16, 1/5), one burst Binomial(16, 3/20).
  for (int k = 0; k <= 16; ++k) {
    CHECK(table.spans[0].casualties.at(k) == Approx(binomial(16, 0.2, k)).margin(1e-12));
    CHECK(table.spans[1].casualties.at(k) == Approx(binomial(16, 0.15, k)).margin(1e-12));
  }
}

TEST_CASE("fire study: a target of 2 figures loses at most 2: hits beyond them are lost (F-4)", "[sim][fire][F-4]") {
  const FireTable table = rifles(2);
  const firefight::VolleyLaw& normal = table.volleys[0];
  CHECK(normal.casualties.at(0) == Approx(binomial(8, 0.2, 0)).margin(1e-12));
  CHECK(normal.casualties.at(1) == Approx(binomial(8, 0.2, 1)).margin(1e-12));
  CHECK(normal.casualties.at(2) == Approx(1 - binomial(8, 0.2, 0) - binomial(8, 0.2, 1)).margin(1e-12));
  CHECK(normal.casualties.highest() == 2);
}

TEST_CASE("fire study: what cannot fire is refused", "[sim][fire][F-4]") {
  FireSettings beyond;
  beyond.weapon = "herero-rifle";
  beyond.figures = 8;
  beyond.range = 15;  // the visibility is 12" (F-5)
  beyond.target_class = 2;
  CHECK_THROWS_AS(fire_study(beyond, scenario_argument("herero-ambush")), std::invalid_argument);
  FireSettings barrage = beyond;
  barrage.range = 5;
  CHECK_THROWS_AS(fire_study(barrage, scenario_argument("rolling-barrage")), std::invalid_argument);
}
