// `volley best` on a barrage (sim/run/barrage_policy_space.hpp; docs/methods.md "Best play"): a
// barrage side's decisions as the key table lists them, a choice the rules make best found on every
// seed, and a key that is no choice of the side refused before any trial.
#include "engine/barrage/barrage_keys.hpp"
#include "sim/run/best_search.hpp"
#include "sim/scenario/scenario_model.hpp"
#include "tests/support/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <map>

using namespace volley;
using namespace volley::testing;

namespace {

using Values = std::vector<std::string>;

std::map<std::string, Values> keys_of(const PolicySpace& space) {
  std::map<std::string, Values> out;
  for (const auto& k : space.keys) out[k.key] = k.values;
  return out;
}

std::string file_value(const PolicySpace& space, const std::string& key) {
  for (const auto& k : space.keys)
    if (k.key == key) return k.values[k.file_value];
  return "";
}

// The side policies' words as docs/scenario-barrage.md's table of policies gives them, in its order.
const Values Cancel{"never", "friendly-under"};
const Values Adjust{"none", "nearest-enemy"};
const Values SupplyBonus{"false", "true"};
const Values Maintain{"while-stock-lasts", "never"};

}  // namespace

TEST_CASE("best: a barrage side's space is its policies and its missions' plans (B-2, B-3, B-4, PF-RB, PF-PR)",
          "[sim][best][barrage][B-2][B-3][B-4][PF-RB][PF-PR]") {
  const auto rolling = open_scenario("rolling-barrage", {});
  const PolicySpace british = side_policy_space(rolling, "british");
  const Values turns{"1", "2", "3", "4", "5", "6", "7", "8"};  // start_turn: 1 to the scenario's 8 turns
  std::map<std::string, Values> expected{{"british.policies.cancel", Cancel},
                                         {"british.policies.adjust", Adjust},
                                         {"british.policies.supply_bonus", SupplyBonus},
                                         {"british.policies.maintain", Maintain}};
  for (const std::string m : {"RB1", "RB2", "RB3"}) {
    expected["british.missions." + m + ".sheaf"] = {"regular", "converged"};
    expected["british.missions." + m + ".start_turn"] = turns;
  }
  CHECK(keys_of(british) == expected);
  CHECK(british.size() == 16u * 16u * 16u * 16u);  // 2^4 policies, and 2 sheaves x 8 turns for each of 3 missions
  // The file's own values are the key table's defaults (the file writes them out).
  CHECK(file_value(british, "british.policies.cancel") == barrage::barrage_key("<side>.policies.cancel").text);
  CHECK(file_value(british, "british.policies.adjust") == barrage::barrage_key("<side>.policies.adjust").text);
  CHECK(file_value(british, "british.policies.maintain") == barrage::barrage_key("<side>.policies.maintain").text);
  CHECK(file_value(british, "british.policies.supply_bonus") == "false");
  CHECK(file_value(british, "british.missions.RB2.start_turn") == "1");
  CHECK(british.default_target == "german.dispersed");
  CHECK(british.opponent == "german");

  // A side without missions has only its policies.
  const PolicySpace german = side_policy_space(rolling, "german");
  CHECK(keys_of(german) == std::map<std::string, Values>{{"german.policies.cancel", Cancel},
                                                         {"german.policies.adjust", Adjust},
                                                         {"german.policies.supply_bonus", SupplyBonus},
                                                         {"german.policies.maintain", Maintain}});

  // PF-PR: a pre-registered mission calling on a trigger: its sheaf and mode; the call policy "turns"
  // needs call turns the file does not give, so the rules leave it no alternative.
  const auto registered = open_scenario("pre-registered", {});
  const PolicySpace defender = side_policy_space(registered, "german");
  CHECK(keys_of(defender) == std::map<std::string, Values>{{"german.policies.cancel", Cancel},
                                                           {"german.policies.adjust", Adjust},
                                                           {"german.policies.supply_bonus", SupplyBonus},
                                                           {"german.policies.maintain", Maintain},
                                                           {"german.missions.DF1.sheaf", {"regular", "converged"}},
                                                           {"german.missions.DF1.mode", {"single", "continuous"}}});
  CHECK(defender.default_target == "british.dispersed");
  // Calling on turns: the policy, which of the two points, and each single turn beside the file's list.
  const auto on_turns = open_scenario("pre-registered", {"german.missions.DF1.policy=turns", "german.missions.DF1.call_turns=[3]"});
  const auto called = keys_of(side_policy_space(on_turns, "german"));
  CHECK(called.at("german.missions.DF1.policy") == Values{"trigger", "turns"});
  CHECK(called.at("german.missions.DF1.call_point") == Values{"1", "2"});
  // Each single turn of the 8, the file's [3] once among them; a list of several turns stays the file's.
  CHECK(called.at("german.missions.DF1.call_turns") == Values{"[1]", "[2]", "[3]", "[4]", "[5]", "[6]", "[7]", "[8]"});
  CHECK(file_value(side_policy_space(on_turns, "german"), "german.missions.DF1.call_turns") == "[3]");
  const auto two_turns = open_scenario("pre-registered", {"german.missions.DF1.policy=turns", "german.missions.DF1.call_turns=[3, 5]"});
  CHECK(keys_of(side_policy_space(two_turns, "german")).at("german.missions.DF1.call_turns") ==
        Values{"[3, 5]", "[1]", "[2]", "[3]", "[4]", "[5]", "[6]", "[7]", "[8]"});

  const auto designated = keys_of(side_policy_space(open_scenario("designated-targets", {}), "british"));
  CHECK(designated.at("british.missions.DT1.start_turn").size() == 8);
}

TEST_CASE("best finds a known best barrage plan on every seed: a rolling barrage started on turn 1, not on the last (PF-RB)",
          "[sim][best][barrage][PF-RB]") {
  // PF-RB: a rolling barrage fires at its start point on its first turn and then moves on. RB2 starts at
  // [36, 12]: its 6" x 6" template covers y 9-15, and every German unit and Blind stands at y >= 18. Started
  // on turn 8, the last, it fires once there and disperses no German; started on turn 1 it rolls through
  // the centre of the German line. The other two barrages are the same in both. Dispersals are rare
  // (about 0.05 Germans a game), so the indifference zone is small: the race must tell the two apart
  // by its test, not end them within the zone.
  const auto doc = open_scenario("rolling-barrage", {"british.missions.RB2.start_turn=8"});
  for (const uint64_t seed : {1, 2, 3, 4, 5}) {
    BestSettings s;
    s.side = "british";
    for (const auto& k : side_policy_space(doc, "british").keys)
      if (k.key != "british.missions.RB2.start_turn") s.fixes.push_back(k.key);
    s.spaces = {"british.missions.RB2.start_turn=1,8"};
    s.seed = seed;
    s.threads = 2;
    s.delta = 0.002;
    s.confirm_trials = 4096;
    const BestResult r = best_search(s, doc, nullptr, {});
    REQUIRE_FALSE(r.local);
    CHECK(r.target == "german.dispersed");
    CHECK(r.space.assignments(r.best)[0] == "british.missions.RB2.start_turn=1");
    const RaceRecord& race = r.races.at(0);
    CHECK(race.finished);
    CHECK(race.candidates.at(0).eliminated_round > 0);  // the file's start_turn 8 (first), eliminated ...
    CHECK_FALSE(race.candidates.at(0).in_zone);         // ... by the paired test
    CHECK(r.difference.low > 0);                        // best minus the file's, paired
  }
}

TEST_CASE("best on a barrage's command line: the space and its default target printed; a key of the other side refused (exit 2)",
          "[sim][best][barrage]") {
  const auto r = expect_success(
      "best rolling-barrage --side british --fix british.policies.cancel --fix british.policies.adjust "
      "--fix british.policies.supply_bonus --fix british.policies.maintain --space british.missions.RB1.start_turn=1 "
      "--space british.missions.RB2.start_turn=1,8 --space british.missions.RB3.start_turn=1 --fix british.missions.RB1.sheaf "
      "--fix british.missions.RB2.sheaf --fix british.missions.RB3.sheaf --trials 8192 --threads 2");
  check_contains(r.out, {"policy space of side british: 2 policies", "target: german.dispersed, side british's default",
                         "best policy of british (maximises german.dispersed): --set"});
  expect_refused_before_work("best rolling-barrage --side british --space german.policies.cancel=never,friendly-under",
                             "--space: 'german.policies.cancel' is not a choice of side british");
  expect_refused_before_work("best rolling-barrage --side british --space british.missions.RB1.start_turn=9",
                             "--space british.missions.RB1.start_turn=9: the scenario refuses this value");
  expect_refused_before_work("best rolling-barrage --side french", "--side: the scenario has no side 'french' (sides: british, german)");
}

TEST_CASE("a barrage run says the plan it plays: the side with missions, its policies and each mission's plan (B-2, B-3, B-4)",
          "[sim][best][barrage][B-4]") {
  // The same list the policy space is made of: the run's header and `volley best` name the same keys.
  const auto model = load_model(open_scenario("rolling-barrage", {"british.missions.RB2.start_turn=3", "british.policies.maintain=never"}));
  const auto lines = model->decisions();
  REQUIRE(lines.size() == 1);  // the Germans fire no mission
  CHECK(lines[0] ==
        "british: policies.cancel=never, policies.adjust=none, policies.supply_bonus=false, policies.maintain=never, "
        "missions.RB1.sheaf=regular, missions.RB1.start_turn=1, missions.RB2.sheaf=regular, missions.RB2.start_turn=3, "
        "missions.RB3.sheaf=regular, missions.RB3.start_turn=1");
}
