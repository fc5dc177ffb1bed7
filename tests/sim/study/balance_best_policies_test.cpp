// `volley balance --policies best` (docs/methods.md, "Balancing a scenario"): each setting's sides play
// the policies `volley best` finds for them there. On one volley whose law is exact (the Hereros' n
// figures fire once at 40 Germans who break at any hit and can neither move nor charge:
// tests/data/single-volley.toml), the Hereros' only choice that matters is schnellfeuer (SF-B: twice
// the dice, each at 5 faces of 20 instead of 6): P(herero win) = 1 − 0.7ⁿ with the file's `never`,
// 1 − 0.75²ⁿ = 1 − 0.5625ⁿ when they declare it. The goal 0.875..0.905 is met by n = 6 alone with the
// file's policy (0.8824; n = 5 gives 0.8319, n = 7 0.9176) and by n = 4 alone under best play (0.8999;
// n = 3 gives 0.8220, n = 5 0.9437).
#include "sim/study/balance_study.hpp"
#include "tests/support/balance_runner.hpp"
#include "tests/support/cli_runner.hpp"
#include "tests/support/single_volley.hpp"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

using namespace volley;
using namespace volley::testing;

namespace {

BalanceSettings herero_figures(bool best, int threads) {
  BalanceSettings s;
  s.run.scenario = SingleVolley;
  s.run.threads = threads;
  s.run.seed = std::to_string(3);
  // F-9: the Germans break at 39 of 40; F-6: the Germans cannot move or charge, nor the Hereros charge
  // (their 4d6 would reach the Germans 18" away): only the fire of turn 1 decides.
  s.run.sets = {"german.break_fraction=0.99",   "german.units.Z.move_dice=0", "german.units.Z.charge_dice=0",
                "herero.units.H.charge_dice=0", "herero.fast_fire=true",      "herero.policy=never"};
  s.free = {"herero.units.H.figures=1:8"};
  s.goals = {parse_balance_goal("herero.win=0.875..0.905")};
  s.max_trials = 32768;
  s.best_policies = best;
  s.policy_trials = 8192;
  return s;
}

std::vector<std::string> answer(const nlohmann::json& doc) {
  std::vector<std::string> out;
  for (const auto& i : doc["answer"]) out.push_back(doc["candidates"][i.get<size_t>()]["assignments"][0].get<std::string>());
  return out;
}

}  // namespace

TEST_CASE("balance --policies best: the Hereros' schnellfeuer moves the even setting from 6 figures to 4 (SF-B, F-9)", "[sim][balance]") {
  CHECK(single_volley_at_least(6, 1) == Approx(0.8824).margin(1e-4));
  const BalanceStudy fixed = run_balance(herero_figures(false, 2));
  CHECK(fixed.document["ending"] == "holds");
  CHECK(answer(fixed.document) == std::vector<std::string>{"herero.units.H.figures=6"});
  CHECK(fixed.document["policies"]["mode"] == "file");

  const BalanceStudy best = run_balance(herero_figures(true, 2));
  const auto& doc = best.document;
  INFO(doc.dump().substr(0, 4000));
  CHECK(doc["ending"] == "holds");
  CHECK(answer(doc) == std::vector<std::string>{"herero.units.H.figures=4"});
  CHECK(doc["policies"]["mode"] == "best");
  CHECK(doc["policies"]["trials_per_policy"] == 8192);
  CHECK(doc["policies"]["trials"].get<uint64_t>() > 0);
  // The answer's Hereros declare schnellfeuer: their policy is no longer `never`.
  const auto& four = doc["candidates"][doc["answer"][0].get<size_t>()];
  CHECK(four["policies_searched"] == true);
  CHECK(four["policy_changes"].get<std::string>().find("herero.policy=") != std::string::npos);
  uint64_t searched = 0;
  for (const auto& c : doc["candidates"]) searched += c["policy_trials"].get<uint64_t>();
  CHECK(searched == doc["policies"]["trials"].get<uint64_t>());
}

TEST_CASE("balance --policies best is the same for 1 and 2 threads", "[sim][balance]") {
  auto one = run_balance(herero_figures(true, 1)).document, two = run_balance(herero_figures(true, 2)).document;
  for (auto* d : {&one, &two}) {
    d->erase("seconds");
    (*d)["policies"].erase("seconds");
  }
  CHECK(one == two);
}

TEST_CASE("balance --policies best refuses a bad budget before any trial", "[sim][balance]") {
  BalanceSettings s = herero_figures(true, 1);
  s.policy_steps = 0;
  CHECK_THROWS_WITH(run_balance(s), Catch::Contains("--policy-steps"));
}

TEST_CASE(
    "balance --policies best on the command line: the budget stated, each setting's policies; interrupted in a search: "
    "partial, exit 130",
    "[sim][balance][interrupt]") {
  const std::string dir = fresh_directory("balance_best_cli");
  const std::string args = "balance '" + SingleVolley +
                           "' --set german.break_fraction=0.99 --set german.units.Z.move_dice=0 --set german.units.Z.charge_dice=0 "
                           "--set herero.units.H.charge_dice=0 --set herero.fast_fire=true --set herero.policy=never "
                           "--free herero.units.H.figures=3:5 --goal herero.win=0.875..0.905 --trials 16384 --threads 2 "
                           "--policies best --policy-trials 4096 --policy-steps 2";
  const auto done = expect_success(args + " --json " + dir + "/b.json");
  check_contains(done.out, {"within 4,096 trials a policy and 2 races a search", "herero.units.H.figures=4", "plays herero.policy="});
  const auto doc = nlohmann::json::parse(read_file(dir + "/b.json"));
  CHECK(doc["policies"]["steps"] == 2);
  const auto cut = run_volley(args + " --stop-after-blocks 3 --json " + dir + "/p.json");
  CHECK(cut.exit_code == 130);
  check_contains(cut.out, {"PARTIAL"});
  const auto partial = nlohmann::json::parse(read_file(dir + "/p.json"));
  CHECK(partial["partial"] == true);
  CHECK(partial["looks_done"] == 0);
  expect_refused_before_work("balance --free german.units.Z1.figures=9:10 --goal herero.win=0.5 --policies good",
                             "--policies 'good': expected file or best");
}
