// Known answers (docs/architecture.md "Statistics"): with no movement, one turn and one firing unit, the hits
// of a firefight are exactly binomial: normal fire n dice at band/faces, schnellfeuer 2n dice at
// (band - 1)/faces. The simulator runs the whole kernel (cards, targets, fire, casualties) through
// run_trials and must match engine/exact_dice.hpp within bounds derived from the trial count.
#include "engine/exact_dice.hpp"
#include "sim/run/driver.hpp"
#include "sim/scenario/firefight_reader.hpp"
#include "sim/scenario/scenario_model.hpp"
#include "tests/engine/firefight/one_volley_scenario.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

using namespace volley;
using volley::firefight::testing::one_volley;

namespace {

void check_binomial(const std::string& text, int dice, int band, int faces) {
  const auto model = load_model(ScenarioDocument::from_string(text, "known-answer.toml"));
  const auto job = model->make_job(20261129);
  RunPlan plan;
  plan.trials = 200'000;
  plan.threads = 2;
  const RunResult result = run_trials(*job, plan);
  const Tally& tally = result.tally;
  const long metric = tally.schema().find("herero.hits.turn1");
  REQUIRE(metric >= 0);
  const auto exact = pool_distribution(dice, band, faces);
  const double n = static_cast<double>(tally.trials());
  // Each bin within 5 standard errors of the exact probability (plus half a count); with about 30
  // bins a false alarm has a probability below 1e-5.
  for (int k = 0; k <= dice; ++k) {
    const double p = exact[k];
    const double observed = static_cast<double>(tally.count(static_cast<size_t>(metric), k)) / n;
    CAPTURE(k, p, observed);
    CHECK(std::fabs(observed - p) <= 5 * std::sqrt(p * (1 - p) / n) + 0.5 / n);
  }
  // The mean within 5 standard errors of n p.
  const double p = static_cast<double>(band) / faces;
  const double mean = static_cast<double>(tally.sum(static_cast<size_t>(metric))) / n;
  CHECK(std::fabs(mean - dice * p) <= 5 * std::sqrt(dice * p * (1 - p) / n));
  CHECK(tally.underflow(static_cast<size_t>(metric)) == 0);
  CHECK(tally.overflow(static_cast<size_t>(metric)) == 0);
}

}  // namespace

TEST_CASE("F-4 and SF-B known answer: one volley's hits are binomial (normal and schnellfeuer, d20 and d10)",
          "[engine][firefight][F-4][SF-B][known-answer]") {
  SECTION("tsatf20, normal fire: 12 dice at 6/20") { check_binomial(one_volley("tsatf20", "never", 12, 1), 12, 6, 20); }
  SECTION("tsatf20, schnellfeuer: 24 dice at 5/20") { check_binomial(one_volley("tsatf20", "always", 12, 1), 24, 5, 20); }
  SECTION("tsatf-d10, normal fire: 9 dice at 3/10") { check_binomial(one_volley("tsatf-d10", "never", 9, 1), 9, 3, 10); }
  SECTION("tsatf-d10, schnellfeuer: 18 dice at 2/10") { check_binomial(one_volley("tsatf-d10", "always", 9, 1), 18, 2, 10); }
  SECTION("tsatf20, schnellfeuer at class 3: 40 dice at 3/20 (two binomial chunks)") {
    check_binomial(one_volley("tsatf20", "always", 20, 3), 40, 3, 20);
  }
}

TEST_CASE("F-4: on tsatf-d10 schnellfeuer against class 4 scores nothing (band 1 - 1), as the rules are written",
          "[engine][firefight][F-4][SF-B][known-answer]") {
  const auto model = load_model(ScenarioDocument::from_string(one_volley("tsatf-d10", "always", 10, 4), "k.toml"));
  RunPlan plan;
  plan.trials = 20'000;
  plan.threads = 2;
  const RunResult result = run_trials(*model->make_job(7), plan);
  const long hits = result.tally.schema().find("herero.hits");
  REQUIRE(result.tally.sum(static_cast<size_t>(hits)) == 0);
  // With natural_one_hits a 1 hits: 20 dice at 1/10.
  auto doc = ScenarioDocument::from_string(one_volley("tsatf-d10", "always", 10, 4), "k.toml");
  doc.apply_set("ruleset.natural_one_hits=true");
  const RunResult with_ones = run_trials(*load_model(doc)->make_job(7), plan);
  const double mean = static_cast<double>(with_ones.tally.sum(static_cast<size_t>(hits))) / 20'000;
  CHECK(std::fabs(mean - 2.0) <= 5 * std::sqrt(20 * 0.1 * 0.9 / 20'000));
}
