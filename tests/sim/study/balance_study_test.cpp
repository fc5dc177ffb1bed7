// `volley balance` (sim/study/balance_study.hpp; docs/methods.md, "Balancing a scenario") on the
// default scenario: the settings found are checked by independent runs (`volley run --set`, another
// seed), the answer is ordered by how little it changes the scenario, conflicting goals give the
// trade-off, the race is the same for 1 and 2 threads, bad input is refused before any trial, and an
// interrupted race is written, marked partial.
#include "sim/study/balance_study.hpp"
#include "tests/support/balance_runner.hpp"
#include "tests/support/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>

using namespace volley;
using namespace volley::testing;

namespace {

// Z1 and Z2 free on the default scenario (each 10 figures in the file), on a small budget.
BalanceSettings patrol(std::initializer_list<const char*> goal_texts, int threads = 2) {
  BalanceSettings s;
  s.run.threads = threads;
  s.run.seed = "1";
  s.free = {"german.units.Z1.figures=10:16", "german.units.Z2.figures=6:10"};
  for (const char* g : goal_texts) s.goals.push_back(parse_balance_goal(g));
  s.max_trials = 16384;
  s.tolerance = 0.03;
  return s;
}

// An independent run of the default scenario at a candidate's assignments, on another seed, at 99.9%.
nlohmann::json independent_run(const nlohmann::json& candidate) {
  std::string sets;
  for (const auto& a : candidate["assignments"]) sets += " --set " + a.get<std::string>();
  const std::string json = fresh_directory("balance_check") + "/run.json";
  expect_success("run" + sets + " --seed 7 -n 20000 --level 0.999 --quiet --json " + json);
  const auto doc = nlohmann::json::parse(read_file(json));
  nlohmann::json estimates;
  for (const auto& e : doc["estimates"]) estimates[e["name"].get<std::string>()] = e;
  return estimates;
}

}  // namespace

TEST_CASE("balance finds Z1 and Z2 that make the ambush even with games of at least 2.4 turns; independent runs agree", "[sim][balance]") {
  const BalanceStudy study = run_balance(patrol({"herero.win=0.5", "turn_decided>=2.4"}));
  const auto& doc = study.document;
  REQUIRE(doc["ending"] == "holds");
  REQUIRE_FALSE(doc["answer"].empty());
  for (const auto& i : doc["answer"]) {
    const auto& c = doc["candidates"][i.get<size_t>()];
    INFO(c.dump());
    CHECK(c["verdict"] == "holds");
    const auto run = independent_run(c);
    // The race says the true values lie within the goals' tolerance; an independent 99.9% interval
    // then reaches the widened goal.
    CHECK(run["herero.win"]["high"].get<double>() >= 0.5 - 0.03);
    CHECK(run["herero.win"]["low"].get<double>() <= 0.5 + 0.03);
    CHECK(run["turn_decided"]["high"].get<double>() >= 2.4 - 0.03 * 2.4);
  }
  // Every candidate it dropped misses a goal by its own intervals, at the race's level.
  for (const auto& c : doc["candidates"])
    if (c["verdict"] == "dropped") {
      bool excluded = false;
      for (size_t g = 0; g < 2; ++g) {
        const double lo = doc["goals"][g]["low"].get<double>();
        const double hi = doc["goals"][g]["high"].is_null() ? INFINITY : doc["goals"][g]["high"].get<double>();
        excluded = excluded || c["goals"][g]["high"].get<double>() < lo || c["goals"][g]["low"].get<double>() > hi;
      }
      CHECK(excluded);
    }
}

TEST_CASE("balance orders its answer by the fewest keys changed, then the smallest relative change", "[sim][balance]") {
  BalanceSettings s = patrol({"herero.win=0.4..0.6"});
  s.max_trials = 4096;
  s.tolerance = 0.05;
  const BalanceStudy study = run_balance(s);
  const auto& doc = study.document;
  REQUIRE(doc["answer"].size() >= 3);
  std::pair<size_t, double> last{0, 0};
  for (const auto& i : doc["answer"]) {
    const auto& c = doc["candidates"][i.get<size_t>()];
    // The change, from the assignments alone: each key's file value is 10.
    size_t keys = 0;
    double relative = 0;
    for (const auto& a : c["assignments"]) {
      const std::string text = a.get<std::string>();
      const double v = std::atof(text.substr(text.find('=') + 1).c_str());
      if (v != 10) {
        ++keys;
        relative += std::fabs(v - 10) / 10;
      }
    }
    CHECK(c["keys_changed"].get<size_t>() == keys);
    CHECK(c["relative_change"].get<double>() == Approx(relative));
    const std::pair<size_t, double> now{keys, relative};
    CHECK(last <= now);
    last = now;
  }
}

TEST_CASE("balance: goals that conflict give the trade-off, each setting of it checked by an independent run", "[sim][balance]") {
  // On the default scenario no Z1, Z2 make games last 3 turns on average (at most about 2.6).
  const BalanceStudy study = run_balance(patrol({"herero.win=0.5", "turn_decided>=3"}));
  const auto& doc = study.document;
  REQUIRE(doc["ending"] == "conflict");
  for (const auto& c : doc["candidates"]) CHECK(c["verdict"] == "dropped");
  const auto& answer = doc["answer"];
  REQUIRE_FALSE(answer.empty());
  const auto distances = [&](size_t c) {
    const auto& g = doc["candidates"][c]["goals"];
    return std::pair<double, double>{g[0]["distance"].get<double>(), g[1]["distance"].get<double>()};
  };
  for (const auto& i : answer) {
    const auto& c = doc["candidates"][i.get<size_t>()];
    INFO(c.dump());
    CHECK(c["trials"] == 16384);  // the front is played to the cap
    // No other setting of the front is at least as near to both goals and nearer to one.
    for (const auto& j : answer) {
      const auto a = distances(i.get<size_t>()), b = distances(j.get<size_t>());
      CHECK_FALSE((b.first <= a.first && b.second <= a.second && (b.first < a.first || b.second < a.second)));
    }
    // An independent run confirms the conflict: games there end before 3 turns on average.
    CHECK(independent_run(c)["turn_decided"]["high"].get<double>() < 3);
  }
}

TEST_CASE("balance: the same seed gives the same race, bit for bit, with 1 and 2 threads", "[sim][balance]") {
  BalanceStudy one = run_balance(patrol({"herero.win=0.5", "turn_decided>=2.4"}, 1));
  BalanceStudy two = run_balance(patrol({"herero.win=0.5", "turn_decided>=2.4"}, 2));
  one.document.erase("seconds");
  two.document.erase("seconds");
  CHECK(one.document.dump() == two.document.dump());
}

TEST_CASE("balance refuses bad free keys, ranges and goals before any trial", "[sim][balance]") {
  const std::string goal = " --goal herero.win=0.5";
  expect_refused_before_work("balance --free german.units.Z9.figures=4:8" + goal, "'german.units.Z9.figures' is no key of the scenario");
  expect_refused_before_work("balance --free german.units.Z1.name=a,b" + goal, "balance does not move");
  expect_refused_before_work("balance --free german.units.Z1.figures=8:4" + goal, "hi is below lo");
  expect_refused_before_work("balance --free german.units.Z1.figures=4:8.5" + goal, "takes whole numbers");
  expect_refused_before_work("balance --free german.units.Z1.figures=0:8" + goal, "outside german.units.Z1.figures's range");
  expect_refused_before_work("balance --free german.units.Z1.figures=4:8 --free german.units.Z1.figures=5:6" + goal, "free twice");
  expect_refused_before_work("balance --free german.fast_fire=true,maybe" + goal, "takes none of 'maybe'");
  expect_refused_before_work("balance --free german.units.Z1.figures=4:8 --goal herero.win=1.5", "a probability lies between 0 and 1");
  expect_refused_before_work("balance --free german.units.Z1.figures=4:8 --goal herro.win=0.5", "no estimate named 'herro.win'");
  expect_refused_before_work("balance --free german.units.Z1.figures=4:8 --goal herero.win=0.5 --goal 'herero.win>=0.6'", "contradict");
  expect_refused_before_work("balance --free german.units.Z1.figures=4:8 --goal 'turn_decided>=9'", "lies between 1 and 8");
  expect_refused_before_work("balance --free german.units.Z1.figures=4:8", "give at least one goal");
  expect_refused_before_work("balance" + goal, "--free: name at least one key");
}

TEST_CASE("balance on the command line: text, JSON, CSV; an interrupted race is written, marked partial, exit 130", "[sim][balance]") {
  const std::string dir = fresh_directory("balance_cli");
  const std::string args = "balance --free german.units.Z1.figures=11:13 --goal herero.win=0.5 --tolerance 0.05 --trials 4096 --threads 2";
  const auto done = expect_success(args + " --json " + dir + "/b.json --csv " + dir + "/b.csv --plot " + dir + "/b.png");
  CHECK(read_file(dir + "/b.png").rfind("\x89PNG", 0) == 0);
  expect_success(args + " --quiet --report " + dir + "/b.html");
  CHECK(read_file(dir + "/b.html").find("\"format\":\"volley-balance\"") != std::string::npos);
  check_contains(done.out, {"setting", "herero.win", "goal = 0.5"});
  const auto doc = nlohmann::json::parse(read_file(dir + "/b.json"));
  CHECK(doc["format"] == "volley-balance");
  CHECK(doc["partial"] == false);
  const std::string csv = read_file(dir + "/b.csv");
  CHECK(csv.rfind("german.units.Z1.figures,verdict,in_answer", 0) == 0);
  CHECK(std::count(csv.begin(), csv.end(), '\n') == 4);  // a header and three settings
  const auto cut = run_volley(args + " --stop-after-blocks 5 --json " + dir + "/p.json");
  CHECK(cut.exit_code == 130);
  check_contains(cut.out, {"PARTIAL"});
  CHECK(nlohmann::json::parse(read_file(dir + "/p.json"))["partial"] == true);
}

TEST_CASE("balance takes a goal on a mean that only some settings' ranges reach, and refuses one that none reaches", "[sim][balance]") {
  // German casualties lie in [0, figures]: 14 with Z1 = 4, 22 with Z1 = 12.
  const std::string args = "balance --free german.units.Z1.figures=4:12:8 --trials 1024 --quiet --goal ";
  const auto reached = expect_success(args + "german.casualties=15");
  check_contains(reached.out, {"No setting of the grid meets the goal. The nearest:"});
  expect_refused_before_work("balance --free german.units.Z1.figures=4:6 --goal german.casualties=19",
                             "the mean of german.casualties lies between 0 and 14");
}

TEST_CASE("balance takes the spread of game length as a goal, and refuses one no spread can meet or a spread of no count",
          "[sim][balance]") {
  // turn_decided lies in 1..8 on the default scenario: its standard deviation is at most 3.5.
  expect_refused_before_work("balance --free german.units.Z1.figures=10:11 --goal 'turn_decided.sd>=5'",
                             "the standard deviation turn_decided.sd lies between 0 and 3.5");
  expect_refused_before_work("balance --free german.units.Z1.figures=10:11 --goal 'herero.win.sd>=0.1'",
                             "no estimate named 'herero.win.sd'");
  BalanceSettings s = patrol({"turn_decided.sd>=0.5"});
  s.free = {"german.units.Z1.figures=10:11"};
  s.max_trials = 4096;
  const auto doc = run_balance(s).document;
  // Games on this table vary by about 0.7 turns: both settings' intervals lie above 0.5.
  CHECK(doc["ending"] == "holds");
  CHECK(doc["answer"].size() == 2);
  CHECK(doc["goals"][0]["probability"] == false);
}
