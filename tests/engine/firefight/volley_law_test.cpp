// `volley fire`'s exact single volley (engine/firefight/volley_law) against closed forms, and against
// the whole kernel (cards, targets, fire, casualties) played through run_trials at a fixed seed.
#include "engine/exact_dice.hpp"
#include "engine/firefight/volley_law.hpp"
#include "sim/run/driver.hpp"
#include "sim/scenario/firefight_reader.hpp"
#include "sim/scenario/scenario_model.hpp"
#include "tests/engine/firefight/one_volley_scenario.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

using namespace volley;
using namespace volley::firefight;
using volley::firefight::testing::one_volley;

namespace {

double binomial_closed(int n, int k, double p) {
  long double c = 1;
  for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return static_cast<double>(c * std::pow(static_cast<long double>(p), k) * std::pow(1.0L - p, n - k));
}

Ruleset ruleset_of(const std::string& text) { return read_firefight_scenario(ScenarioDocument::from_string(text, "volley.toml")).ruleset; }

int weapon_index(const Ruleset& r, const std::string& name) {
  for (size_t w = 0; w < r.weapons.size(); ++w)
    if (r.weapons[w].name == name) return static_cast<int>(w);
  return -1;
}

}  // namespace

TEST_CASE("F-4 SF-B: one volley's hits, casualties and killed equal their closed forms to 1e-12", "[engine][firefight][F-4][SF-B][exact]") {
  const Ruleset rules = ruleset_of(one_volley("tsatf20", "never", 8, 2, 10, true));
  VolleyQuestion q;
  q.figures = 8;
  q.weapon = weapon_index(rules, "herero-rifle");
  q.target_class = 2;  // herero rifle on tsatf20: bands 6 4 4 2
  const VolleyLaw normal = volley_law(rules, q);
  CHECK(normal.dice == 8);
  CHECK(normal.band == 4);
  q.schnellfeuer = true;
  const VolleyLaw fast = volley_law(rules, q);
  CHECK(fast.dice == 16);
  CHECK(fast.band == 3);
  for (int k = 0; k <= 16; ++k) {
    CHECK(normal.hits.at(k) == Approx(k <= 8 ? binomial_closed(8, k, 0.2) : 0.0).margin(1e-12));
    CHECK(fast.hits.at(k) == Approx(binomial_closed(16, k, 0.15)).margin(1e-12));
    // Uncapped, each hit killed with 1/4: Binomial(n, p / 4).
    CHECK(fast.killed.at(k) == Approx(binomial_closed(16, k, 0.15 / 4)).margin(1e-12));
  }
  // Capped at 3 figures: P(3 casualties) = P(hits >= 3).
  q.target_figures = 3;
  const VolleyLaw capped_fast = volley_law(rules, q);
  double tail = 0;
  for (int k = 3; k <= 16; ++k) tail += binomial_closed(16, k, 0.15);
  CHECK(capped_fast.casualties.at(3) == Approx(tail).margin(1e-12));
  CHECK(capped_fast.casualties.highest() == 3);
}

TEST_CASE("F-8a: the chance a burst pins its target is the sum over casualties of P(d6 >= 6 - c)", "[engine][firefight][F-8a][exact]") {
  const Ruleset rules = ruleset_of(one_volley("tsatf20", "never", 8, 2, 10, true));
  VolleyQuestion q;
  q.figures = 8;
  q.weapon = weapon_index(rules, "herero-rifle");
  q.target_class = 2;
  q.prone_test = true;
  const VolleyLaw v = volley_law(rules, q);
  double p = 0;
  for (int c = 0; c <= 8; ++c) p += binomial_closed(8, c, 0.2) * (c >= 5 ? 1.0 : (c + 1) / 6.0);
  CHECK(v.prone == Approx(p).margin(1e-12));
  q.prone_test = false;
  CHECK(volley_law(rules, q).prone == 0);
  // A prone firer fires at -1 (F-8a): band 4 - 1.
  q.firer_prone = true;
  CHECK(volley_law(rules, q).band == 3);
}

TEST_CASE("F-4: on tsatf-d10 schnellfeuer at class 4 cannot hit unless natural_one_hits", "[engine][firefight][F-4][SF-B][exact]") {
  Ruleset rules = ruleset_of(one_volley("tsatf-d10", "never", 8, 4, 10, true));
  VolleyQuestion q;
  q.figures = 10;
  q.weapon = weapon_index(rules, "herero-rifle");
  q.target_class = 4;
  q.schnellfeuer = true;
  CHECK(volley_law(rules, q).band == 0);
  CHECK(volley_law(rules, q).hits.at(0) == 1.0);
  rules.natural_one_hits = true;
  CHECK(volley_law(rules, q).band == 1);
  CHECK(volley_law(rules, q).hits.at(0) == Approx(std::pow(0.9, 20)).margin(1e-12));
}

TEST_CASE("F-4 SF-B: the kernel's single volley reproduces the exact law at a fixed seed", "[engine][firefight][F-4][SF-B][known-answer]") {
  for (const std::string policy : {"never", "always"}) {
    INFO("policy " << policy);
    const std::string text = one_volley("tsatf20", policy, 8, 2, 3, true);
    const Ruleset rules = ruleset_of(text);
    VolleyQuestion q;
    q.figures = 8;
    q.weapon = weapon_index(rules, "herero-rifle");
    q.target_class = 2;
    q.target_figures = 3;
    q.schnellfeuer = policy == "always";
    const VolleyLaw exact = volley_law(rules, q);
    const auto model = load_model(ScenarioDocument::from_string(text, "volley.toml"));
    RunPlan plan;
    plan.trials = 200'000;
    plan.threads = 2;
    const Tally tally = run_trials(*model->make_job(20261201), plan).tally;
    const double n = static_cast<double>(tally.trials());
    const auto check = [&](const char* metric, const IntegerLaw& law) {
      const long m = tally.schema().find(metric);
      REQUIRE(m >= 0);
      for (int64_t k = law.lowest; k <= law.highest(); ++k) {
        const double p = law.at(k);
        const double seen = static_cast<double>(tally.count(static_cast<size_t>(m), k)) / n;
        CAPTURE(metric, k, p, seen);
        // 5 standard errors per bin (about 40 bins: a false alarm below 1e-4), plus half a count.
        CHECK(std::fabs(seen - p) <= 5 * std::sqrt(p * (1 - p) / n) + 0.5 / n);
      }
    };
    check("herero.hits", exact.hits);
    check("german.casualties", exact.casualties);
    check("german.killed", exact.killed);
  }
}
