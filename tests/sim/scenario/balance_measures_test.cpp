// The balance measures (docs/methods.md, "Balance measures") on one volley whose law is exact: the
// Hereros' 10 figures hit Binomial(10, 6/20) of the Germans' 40 and nothing answers
// (tests/data/single-volley.toml), so each measure is a sum over that law (F-4 hits; F-9 victory).
#include "tests/support/cli_runner.hpp"
#include "tests/support/single_volley.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>

using namespace volley::testing;

namespace {

constexpr uint64_t Trials = 200000;

nlohmann::json estimates_of(const std::string& extra, const std::string& file) {
  const auto r = run_volley("run '" + SingleVolley + "' --trials " + std::to_string(Trials) + " --quiet --json " + file + " " + extra,
                            scratch_directory());
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  nlohmann::json by_name;
  const auto result = nlohmann::json::parse(read_file(scratch_directory() + "/" + file));
  for (const auto& e : result["estimates"]) by_name[e["name"].get<std::string>()] = e;
  // The measures read from several metrics (comeback_chance, turn_decided.sd) beside them.
  for (const auto& e : result["balance_measures"])
    if (!by_name.contains(e["name"].get<std::string>())) by_name[e["name"].get<std::string>()] = e;
  return by_name;
}

// The estimate within 5 standard errors of the exact value (a probability's, or a mean's with its sd).
void check_near(const nlohmann::json& e, double exact, double sd) {
  INFO(e.dump() << " against the exact " << exact);
  CHECK(std::abs(e["estimate"].get<double>() - exact) <= 5 * sd / std::sqrt(double(Trials)) + 1e-12);
}

double binomial_sd(double p) { return std::sqrt(p * (1 - p)); }

}  // namespace

TEST_CASE("Balance measures of a one-turn volley that decides nothing (F-4, F-9)", "[sim][balance]") {
  const auto pmf = volley::pool_distribution(10, 6, 20);  // Herero hits = German casualties
  // The Germans keep 40 - k of 40: shares 100% and floor(100 (40 - k) / 40)%, within 10 points for k <= 4.
  double close = 0;
  for (int k = 0; k <= 4; ++k) close += pmf[static_cast<size_t>(k)];
  const auto e = estimates_of("", "balance-undecided.json");
  check_near(e["close"], close, binomial_sd(close));
  // Behind after turn 1: the Germans, whenever one hit landed; nobody wins, so no comeback, no margin.
  const double behind = 1 - pmf[0];
  check_near(e["behind_after_turn1"], behind, binomial_sd(behind));
  CHECK(e["comeback"]["estimate"] == 0);
  CHECK(e["margin"]["estimate"] == 0);
  CHECK(e["lead_changes"]["estimate"] == 0);
}

TEST_CASE("Balance measures of a one-turn volley that one hit decides (F-9 break at 39 of 40)", "[sim][balance]") {
  const auto pmf = volley::pool_distribution(10, 6, 20);
  // break_fraction 0.99: the Germans are defeated at 39 figures, so any hit wins in turn 1. The margin
  // is 100 - floor(100 (40 - k) / 40) = ceil(2.5 k) points for k >= 1 hits, 0 without a winner.
  double margin = 0, margin_squares = 0, close = 0;
  for (int k = 0; k <= 10; ++k) {
    const double m = k == 0 ? 0 : std::ceil(2.5 * k), p = pmf[static_cast<size_t>(k)];
    margin += p * m;
    margin_squares += p * m * m;
    if (k <= 4) close += p;
  }
  const auto e = estimates_of("--set german.break_fraction=0.99", "balance-decided.json");
  check_near(e["herero.win"], 1 - pmf[0], binomial_sd(1 - pmf[0]));
  check_near(e["margin"], margin, std::sqrt(margin_squares - margin * margin));
  check_near(e["close"], close, binomial_sd(close));
  // Decided in turn 1: nobody is behind after a turn 1 that decided nothing, and there is no lead to change.
  CHECK(e["behind_after_turn1"]["estimate"] == 0);
  CHECK(e["comeback"]["estimate"] == 0);
  CHECK(e["lead_changes"]["estimate"] == 0);
}

TEST_CASE("Spread of game length: a game always decided in turn 1 has turn_decided.sd 0 (F-9)", "[sim][balance]") {
  // One turn: every trial ends in turn 1, decided or not.
  const auto e = estimates_of("", "spread-one-turn.json");
  CHECK(e["turn_decided.sd"]["estimate"] == 0);
  CHECK(e["turn_decided.sd"]["low"] == 0);
  CHECK(e["turn_decided.sd"]["high"].get<double>() < 0.01);
}

TEST_CASE("Spread of game length: two turns, decided by any hit of turn 1, has sd sqrt(q(1 - q)) (F-4, F-9)", "[sim][balance]") {
  // Any hit in turn 1 decides it (break at 39 of 40), with q = 1 - 0.7^10; otherwise the game ends in
  // turn 2, decided then or undecided at the last turn: turn_decided is 1 or 2, a Bernoulli spread.
  const double q = 1 - std::pow(0.7, 10), sd = std::sqrt(q * (1 - q));
  const auto e = estimates_of("--set german.break_fraction=0.99 --set turns=2", "spread-two-turns.json");
  const auto& spread = e["turn_decided.sd"];
  INFO(spread.dump() << " against the exact " << sd);
  // The sd of s² for a Bernoulli law is sqrt((m4 - σ⁴)/n): 5 of those, carried to s by 1/(2σ).
  const double m4 = q * (1 - q) * (1 - 3 * q * (1 - q));
  CHECK(std::abs(spread["estimate"].get<double>() - sd) <= 5 * std::sqrt((m4 - sd * sd * sd * sd) / double(Trials)) / (2 * sd));
  CHECK(spread["low"].get<double>() <= sd);
  CHECK(spread["high"].get<double>() >= sd);
  check_near(e["turn_decided"], 2 - q, binomial_sd(q));
}

TEST_CASE("Barrage balance measures: the attacker never loses morale, so nobody comes back and the lead never changes (B-5)",
          "[sim][balance]") {
  const auto r = run_volley("run designated-targets --trials 20000 --quiet --json barrage-balance.json", scratch_directory());
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  const auto result = nlohmann::json::parse(read_file(scratch_directory() + "/barrage-balance.json"));
  nlohmann::json e;
  for (const auto& m : result["estimates"]) e[m["name"].get<std::string>()] = m;
  // Only the British fire: their morale is never touched, so the margin is the Germans' loss trial by
  // trial, and the result is close exactly when the Germans lost at most one D3's most (3).
  REQUIRE(e["british.morale_lost"]["estimate"] == 0);
  CHECK(e["morale_margin"]["estimate"].get<double>() == Approx(e["german.morale_lost"]["estimate"].get<double>()).epsilon(1e-12));
  double at_most_3 = -1;  // P(german.morale_lost <= 3), from its distribution
  for (const auto& d : result["distributions"]) {
    if (d["metric"] != "german.morale_lost") continue;
    at_most_3 = 0;
    for (size_t i = 0; i < d["k"].size(); ++i)
      if (d["k"][i].get<int>() <= 3) at_most_3 += d["p"][i].get<double>();
  }
  CHECK(e["close"]["estimate"].get<double>() == Approx(at_most_3).epsilon(1e-12));
  // The British are ahead from the first German loss on and never fall behind.
  CHECK(e["behind_after_turn1"]["estimate"].get<double>() > 0);
  CHECK(e["comeback"]["estimate"] == 0);
  CHECK(e["lead_changes"]["estimate"] == 0);
}
