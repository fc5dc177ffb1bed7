// `volley best` (sim/run/best_search.hpp, sim/run/policy_space.hpp; docs/methods.md "Best play"):
// the policy space of a side, its refusals, a known best found on every seed, the same race for any
// thread count, and an interrupted race written and marked partial.
#include "sim/run/best_search.hpp"
#include "sim/scenario/scenario_errors.hpp"
#include "sim/scenario/scenario_model.hpp"
#include "tests/support/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

using namespace volley;
using namespace volley::testing;

namespace {

ScenarioDocument ambush(const std::vector<std::string>& sets = {}) { return open_scenario("herero-ambush", sets); }

// Settings that search only `key` over `values`, every other choice of the side fixed.
BestSettings only(const ScenarioDocument& doc, const std::string& side, const std::string& key, const std::string& values) {
  BestSettings s;
  s.side = side;
  for (const auto& k : side_policy_space(doc, side).keys)
    if (k.key != key) s.fixes.push_back(k.key);
  s.spaces.push_back(key + "=" + values);
  s.threads = 2;
  s.confirm_trials = 4096;
  return s;
}

// The ambush where fast fire cannot hit: every Herero weapon's bands at 1, so normal fire hits on a 1
// of the d20 and schnellfeuer, one band worse (SF-B), never, while its units reload the next turn
// (SF-E). Every policy that declares gives up hits: never maximises the Hereros' hits.
ScenarioDocument futile_fast_fire() {
  return ambush({"ruleset.weapons.herero-rifle.bands=[1, 1, 1, 1]", "ruleset.weapons.old-rifle.bands=[1, 1, 1, 1]"});
}

// A search of the Herero policy over `values` (and `free_key` too, when given) for the most hits.
BestSettings most_hits(const ScenarioDocument& doc, const std::string& values, const std::string& free_key = "") {
  BestSettings s = only(doc, "herero", "herero.policy", values);
  if (!free_key.empty()) std::erase(s.fixes, free_key);
  s.target = parse_target("herero.hits", false);
  s.delta = 0.2;
  return s;
}

}  // namespace

TEST_CASE("best: a side's policy space holds its choices, the file's value of each among them", "[sim][best]") {
  const auto doc = ambush();
  const PolicySpace herero = side_policy_space(doc, "herero");
  std::vector<std::string> keys;
  for (const auto& k : herero.keys) keys.push_back(k.key);
  CHECK(keys.front() == "herero.policy");
  CHECK(std::find(keys.begin(), keys.end(), "herero.units.M1.orders") != keys.end());
  CHECK(std::find(keys.begin(), keys.end(), "herero.keep_hidden") != keys.end());
  const auto policy = herero.keys.front();
  CHECK(policy.values[policy.file_value] == "always");  // the file's
  CHECK(herero.size() > 64);                            // 3^8 orders alone: searched locally
  // The Germans have no fast fire (SF: their policy must be never): only charge_after, hidden_fire and
  // the two Zuege's orders, 2 * 2 * 3 * 3.
  const PolicySpace german = side_policy_space(doc, "german");
  CHECK(german.keys.size() == 4);
  CHECK(german.size() == 36);
  CHECK(german.assignments(german.file_policy())[2] == "german.units.Z1.orders=hold");
}

TEST_CASE("best: a key that is no choice of the side, a refused value, an empty space, a bad target are refused before any trial",
          "[sim][best]") {
  const auto doc = ambush();
  BestSettings s;
  s.side = "herero";
  s.spaces = {"german.units.Z1.orders=hold,advance"};
  CHECK_THROWS_WITH(best_space(s, doc), Catch::Contains("--space: 'german.units.Z1.orders' is not a choice of side herero"));
  s.spaces = {"herero.policy=never,sometimes"};
  CHECK_THROWS_WITH(best_space(s, doc), Catch::Contains("--space herero.policy=sometimes: the scenario refuses this value"));
  s.spaces = {"herero.policy=range:-3"};
  CHECK_THROWS_WITH(best_space(s, doc), Catch::Contains("herero.policy=range:-3"));
  s.spaces = {};
  s.fixes = {"herero.nonsense"};
  CHECK_THROWS_WITH(best_space(s, doc), Catch::Contains("--fix: 'herero.nonsense' is not a choice of side herero"));
  BestSettings all = only(doc, "german", "german.hidden_fire", "always");
  CHECK_THROWS_WITH(best_space(all, doc), Catch::Contains("nothing is left to choose"));
  s.fixes = {};
  s.side = "zulu";
  CHECK_THROWS_WITH(best_space(s, doc), Catch::Contains("--side: the scenario has no side 'zulu' (sides: herero, german)"));
  s.side = "herero";
  s.target = parse_target("herero.wins", false);
  CHECK_THROWS_WITH(best_space(s, doc), Catch::Contains("--target"));
  expect_refused_before_work("best --side herero --space herero.charge_after=maybe", "--space herero.charge_after=maybe");
  expect_refused_before_work("best --side german --space herero.policy=never", "is not a choice of side german");
  expect_refused_before_work("best --side herero --target herero.nothing", "--target");
}

TEST_CASE("best finds a known best policy on every seed: never, where fast fire cannot hit (SF-B)", "[sim][best][SF-B]") {
  // min-targets:1 declares exactly when always does (the same policy written twice).
  const auto doc = futile_fast_fire();
  for (const uint64_t seed : {1, 2, 3, 4, 5}) {
    BestSettings s = most_hits(doc, "always,min-targets:1,range:12,never");
    s.seed = seed;
    const BestResult r = best_search(s, doc, nullptr, {});
    REQUIRE_FALSE(r.local);
    CHECK(r.space.assignments(r.best)[0] == "herero.policy=never");
    CHECK(r.difference.low > 0);  // the file's "always" gives up hits, paired
    const RaceRecord& race = r.races.at(0);
    CHECK(race.finished);
    // always and min-targets:1 are the same game: their paired difference never varies.
    CHECK(race.candidates[0].trials == race.candidates[1].trials);
  }
}

TEST_CASE("best: a candidate a closed triangle removed far below the winner is not 'not distinguishable', and --respond does not keep it",
          "[sim][best]") {
  // Against Hereros that all charge at once, a German Zug that charges wins far more than one that
  // holds (the confirm run's paired gain is many times delta); with the race cut at its first stage the
  // pair's triangle is closed there (h^2 S^2 / delta^2 below 4096 trials), so the hold leaves "in the zone".
  std::vector<std::string> sets = {"herero.charge_after=false"};
  for (const char* u : {"N1", "N2", "N3", "N4", "M1", "M2", "S1", "S2"})
    sets.push_back(std::string("herero.units.") + u + ".orders=charge");
  const auto doc = ambush(sets);
  BestSettings s = only(doc, "german", "german.units.Z1.orders", "hold,charge");
  s.trials = 4096;
  s.confirm_trials = 20480;
  const BestResult r = best_search(s, doc, nullptr, {});
  REQUIRE(r.best != r.file);
  REQUIRE(r.difference.low > 4 * s.delta);  // the independent paired run: charging is far better
  const RaceCandidate& held = r.races[0].candidates[0];
  CHECK(held.eliminated_round == 1);
  CHECK(held.versus_best.high < -s.delta);
  CHECK_FALSE(held.indistinguishable);
  // The responses: the Germans' first step changes their policy, so the Hereros' answer to it cannot
  // close an equilibrium on the policy the Germans had.
  const ResponseResult responses = best_responses(s, doc, nullptr, {}, 2);
  REQUIRE_FALSE(responses.changed.empty());
  CHECK(responses.changed[0]);
}

TEST_CASE("best: the same seed gives the same race with 1 and 2 threads", "[sim][best]") {
  const auto doc = ambush();
  BestSettings s = only(doc, "german", "german.units.Z1.orders", "hold,advance,charge");
  s.trials = 16384;
  std::string json[2];
  for (const int threads : {1, 2}) {
    s.threads = threads;
    nlohmann::json j = best_result_json(best_search(s, doc, nullptr, {}), "t");
    j.erase("seconds");
    json[threads - 1] = j.dump();
  }
  CHECK(json[0] == json[1]);
}

TEST_CASE("best on the command line: the best as --set, JSON and CSV; an interrupted race is written, marked partial", "[sim][best]") {
  const std::string common =
      "best herero-ambush --side german --fix german.charge_after --fix german.hidden_fire "
      "--space german.units.Z2.orders=hold --trials 8192 ";
  const std::string dir = fresh_directory("best");
  const auto r = expect_success(common + "--threads 2 --json best.json --csv best.csv --report best.html", dir);
  check_contains(r.out, {"policy space of side german: 3 policies",
                         "best policy of german (maximises german.win): --set german.units.Z1.orders=", "not distinguishable from the best",
                         "search: the whole space raced"});
  const auto j = nlohmann::json::parse(read_file(dir + "/best.json"));
  CHECK(j["format"] == "volley-best");
  CHECK(j["partial"] == false);
  CHECK(j["races"][0]["candidates"].size() == 3);
  CHECK(read_file(dir + "/best.csv").rfind("race,candidate,label,trials", 0) == 0);
  // The report page: the same document frozen in for the page's renderBest (tests/sim/web/report_browser_test.py draws it).
  const std::string page = read_file(dir + "/best.html");
  CHECK(page.find("\"format\":\"volley-best\"") != std::string::npos);
  CHECK(page.find("renderBest") != std::string::npos);
  // Shards would each decide the race's eliminations on part of its blocks: refused, pointing to MPI ranks.
  expect_refused_before_work("best --side herero --shard 1/2", "--shard: volley best does not run in shards");
  expect_refused_before_work("best --side herero --shard 1/2", "mpirun -np N volley best");
  // One thread: the hook stops the second round's second block (the first round is four blocks).
  const auto cut = run_volley(common + "--threads 1 --stop-after-blocks 5 --json cut.json --report cut.html", dir);
  CHECK(cut.exit_code == 130);
  CHECK(cut.out.find("PARTIAL") != std::string::npos);
  const auto p = nlohmann::json::parse(read_file(dir + "/cut.json"));
  CHECK(p["partial"] == true);
  CHECK(p["races"][0]["complete"] == false);
  CHECK(read_file(dir + "/cut.html").find("\"partial\":true") != std::string::npos);  // the page of the race so far says PARTIAL
}

namespace {

// A cycle's matrix holds every pair of the sides' bests, and a cell is the game a Herero step played
// against the German best before it: the same scenario on the same trials gives the same estimate.
void check_cycle_matrix(const ResponseResult& r) {
  REQUIRE(r.matrix.size() == r.mine.size());
  for (const auto& row : r.matrix) CHECK(row.size() == r.theirs.size());
  for (size_t step = 2; step < r.steps.size(); step += 2) {
    const auto mine = r.steps[step].space.assignments(r.steps[step].best);
    const auto theirs = r.steps[step - 1].space.assignments(r.steps[step - 1].best);
    const size_t i = static_cast<size_t>(std::find(r.mine.begin(), r.mine.end(), mine) - r.mine.begin());
    const size_t j = static_cast<size_t>(std::find(r.theirs.begin(), r.theirs.end(), theirs) - r.theirs.begin());
    REQUIRE(i < r.mine.size());
    REQUIRE(j < r.theirs.size());
    CHECK(r.matrix[i][j].estimate == r.steps[step].best_target.estimate);
  }
  // Every two cells of a column (side S switches) and of a row (the other side switches) paired once:
  // on common trials the mean of the per-trial differences is the difference of the cells' means.
  const size_t rows = r.mine.size(), columns = r.theirs.size();
  CHECK(r.differences.size() == columns * rows * (rows - 1) / 2 + rows * columns * (columns - 1) / 2);
  for (const auto& d : r.differences) {
    CHECK(((d.row == d.other_row) != (d.column == d.other_column)));
    const double apart = r.matrix[d.row][d.column].estimate - r.matrix[d.other_row][d.other_column].estimate;
    CHECK(d.difference.estimate == Approx(apart).margin(1e-12));
    CHECK(d.difference.low <= d.difference.estimate);
    CHECK(d.difference.estimate <= d.difference.high);
  }
}

}  // namespace

TEST_CASE("best --respond on the default scenario cycles, and its matrix holds the games the steps played", "[sim][best]") {
  BestSettings s;
  s.side = "herero";
  s.threads = 2;
  const ResponseResult r = best_responses(s, ambush(), nullptr, {}, 8);
  REQUIRE(r.ending == "cycle");  // README, "Best play": all-out charge, German charge, three units held, German hold
  check_cycle_matrix(r);
}

TEST_CASE("best --respond alternates the sides' best responses until a step changes nothing or a joint policy repeats", "[sim][best]") {
  const auto doc = ambush();
  BestSettings s = only(doc, "herero", "herero.policy", "never,always");
  s.trials = 8192;
  const ResponseResult r = best_responses(s, doc, nullptr, {}, 6);
  REQUIRE_FALSE(r.steps.empty());
  for (size_t i = 0; i < r.steps.size(); ++i) CHECK(r.steps[i].side == (i % 2 == 0 ? "herero" : "german"));
  CHECK(r.steps[0].space.keys.size() == 1);  // the side's own --space and --fix
  CHECK(r.steps.size() <= 6);
  if (r.ending == "equilibrium") {
    const BestResult& last = r.steps.back();
    CHECK(r.steps.size() >= 2);
    bool kept = last.best == last.file;
    for (const auto& c : last.races.back().candidates) kept = kept || (c.choice == last.file && c.indistinguishable);
    CHECK(kept);
  } else {
    CHECK((r.ending == "cycle" || r.ending == "step limit"));
  }
  if (r.ending == "cycle") check_cycle_matrix(r);
  // An equilibrium's value: each side's target in the game both kept, from its own last step (the
  // last two steps), where the policy it kept met the other side's.
  const nlohmann::json j = response_result_json(r, "t");
  CHECK(j.contains("equilibrium") == (r.ending == "equilibrium"));
  if (r.ending == "equilibrium")
    for (const auto& v : j["equilibrium"]["values"]) {
      const size_t step = v["step"].get<size_t>() - 1;
      CHECK(step + 2 >= r.steps.size());
      CHECK(v["side"] == r.steps[step].side);
      const BestResult& kept = r.steps[step];
      CHECK(v["estimate"] == (r.changed[step] ? kept.best_target.estimate : kept.file_target.estimate));
    }
  // Each step plays against every earlier step's best: the second step's file policy of the Hereros
  // is the first step's best.
  if (r.steps.size() >= 2) CHECK(r.steps[1].space.side == "german");
}

TEST_CASE("best --value: a rule that cannot help is worth exactly nothing under best play (SF-B), and the worth is paired",
          "[sim][best][SF-B]") {
  // Fast fire never hits here (see the known-best test): the best play with the rule available leaves
  // it unused, so both games are the same scenario on the same trials, and the paired worth is 0.
  const auto doc = futile_fast_fire();
  BestSettings s = most_hits(doc, "always,never", "herero.charge_after");
  s.trials = 16384;
  const RuleValue v = rule_value(s, doc, "herero.policy", nullptr, {});
  REQUIRE_FALSE(v.partial);
  CHECK(v.off == "never");
  CHECK(v.with.space.assignments(v.with.best)[0] == "herero.policy=never");
  CHECK(v.reply_with.side == "german");
  CHECK(v.difference.estimate == 0);
  CHECK(v.value_with.estimate == v.value_without.estimate);
  expect_refused_before_work("best --side herero --value herero.units.N1.figures=8",
                             "--value: 'herero.units.N1.figures' is not a choice of side herero");
  expect_refused_before_work("best --side herero --value herero.charge_after", "--value herero.charge_after: give KEY=VALUE");
}

TEST_CASE("best's local search from several starts finds the known best, and says it searched locally", "[sim][best][SF-B]") {
  // The known-best scenario above, with the race limit at 2 policies: one-step deviations instead.
  const auto doc = futile_fast_fire();
  BestSettings s = most_hits(doc, "always,min-targets:2,range:12,never", "herero.reconceal");
  s.enumerate_limit = 2;
  s.starts = 3;
  for (const uint64_t seed : {1, 2}) {
    s.seed = seed;
    const BestResult r = best_search(s, doc, nullptr, {});
    CHECK(r.local);
    CHECK(r.space.assignments(r.best)[0] == "herero.policy=never");
    CHECK(r.races.size() >= 3);  // a race from each start at least
  }
}
