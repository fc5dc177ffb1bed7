// The best-play study called directly (sim/study/best_study.hpp): a known best found, with its start
// and rounds told through the progress sink, and a combination of options refused before any trial.
#include "sim/run/policy_space.hpp"
#include "sim/scenario/scenario_model.hpp"
#include "sim/study/best_study.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>

using namespace volley;

namespace {

// The ambush where fast fire cannot hit: every Herero weapon's bands at 1, so normal fire hits on a 1
// of the d20 and schnellfeuer, one band worse (SF-B), never, while its units reload the next turn
// (SF-E). Declaring gives up hits: never maximises the Hereros' hits.
const std::vector<std::string> FutileFastFire = {"ruleset.weapons.herero-rifle.bands=[1, 1, 1, 1]",
                                                 "ruleset.weapons.old-rifle.bands=[1, 1, 1, 1]"};

BestStudySettings most_hits() {
  BestStudySettings s;
  s.run.sets = FutileFastFire;
  s.run.threads = 2;
  s.best.side = "herero";
  for (const auto& k : side_policy_space(open_scenario("herero-ambush", FutileFastFire), "herero").keys)
    if (k.key != "herero.policy") s.best.fixes.push_back(k.key);
  s.best.spaces = {"herero.policy=always,range:12,never"};
  s.best.delta = 0.2;
  s.best.confirm_trials = 4096;
  s.target = "herero.hits";
  return s;
}

}  // namespace

TEST_CASE("best study: where fast fire cannot hit, never is the best policy (SF-B), told as the race goes", "[sim][best][SF-B]") {
  std::vector<std::string> steps;
  StudyControl control;
  control.progress = [&](const std::string& step, const nlohmann::json& piece) {
    steps.push_back(step);
    if (step == "start") CHECK(piece["local"] == false);
  };
  const BestStudy study = best_study(most_hits(), scenario_argument("herero-ambush"), control);
  REQUIRE(study.search.has_value());
  CHECK_FALSE(study.partial);
  CHECK(study.search->space.assignments(study.search->best)[0] == "herero.policy=never");
  CHECK(study.search->difference.low > 0);  // the file's "always" gives up hits, paired
  CHECK(study.document["format"] == "volley-best");
  REQUIRE(steps.size() >= 2);
  CHECK(steps.front() == "start");
  CHECK(std::count(steps.begin(), steps.end(), "race") == static_cast<long>(steps.size()) - 1);
}

TEST_CASE("best study: a stop flag already raised ends the race at once, marked partial", "[sim][best]") {
  const std::atomic<bool> stop{true};
  StudyControl control;
  control.stop = &stop;
  const BestStudy study = best_study(most_hits(), scenario_argument("herero-ambush"), control);
  CHECK(study.partial);
  CHECK(study.document["partial"] == true);
}

TEST_CASE("best study: options that do not go together are refused before the scenario is searched", "[sim][best]") {
  int told = 0;
  StudyControl control;
  control.progress = [&](const std::string&, const nlohmann::json&) { ++told; };
  BestStudySettings respond_csv = most_hits();
  respond_csv.respond = true;
  respond_csv.run.csv = "responses.csv";
  CHECK_THROWS_AS(best_study(respond_csv, scenario_argument("herero-ambush"), control), std::invalid_argument);
  BestStudySettings no_side = most_hits();
  no_side.best.side.clear();
  CHECK_THROWS_AS(best_study(no_side, scenario_argument("herero-ambush"), control), std::invalid_argument);
  CHECK(told == 0);
}
