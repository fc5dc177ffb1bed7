// `volley balance` on a continuous key (docs/methods.md, "Balancing a scenario": the coarse race, then
// bisections of the cells whose intervals reach every goal). On one volley whose law is exact
// (tests/data/single-volley.toml: the Hereros' n figures fire once, each hit Binomial at 6 of 20, at 40
// Germans who cannot move, charge or reply), the Germans' break fraction f decides how many hits win
// (F-9: defeated at or below floor(40 f) figures, so k(f) = 40 - floor(40 f) hits), and
// P(herero win) = P(Binomial(n, 0.3) >= k(f)) exactly. The goal's settings form a band of f of width
// 1/40 that the coarse values miss: only the refinements find it.
#include "sim/study/balance_study.hpp"
#include "tests/support/balance_runner.hpp"
#include "tests/support/cli_runner.hpp"
#include "tests/support/single_volley.hpp"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>
#include <string>

using namespace volley;
using namespace volley::testing;

namespace {

// F-9: the hits that defeat 40 Germans at break fraction f.
int hits_to_win(double f) { return 40 - static_cast<int>(f * 40 + 1e-9); }

double exact_win(int figures, double f) { return single_volley_at_least(figures, hits_to_win(f)); }

BalanceSettings break_fraction(const std::string& goal, int threads, uint64_t seed) {
  BalanceSettings s;
  s.run.scenario = SingleVolley;
  s.run.threads = threads;
  s.run.seed = std::to_string(seed);
  // F-6: the Germans cannot move or charge, nor the Hereros charge: only the fire of turn 1 decides.
  s.run.sets = {"german.units.Z.move_dice=0", "german.units.Z.charge_dice=0", "herero.units.H.charge_dice=0"};
  s.free = {"german.break_fraction=0.7:0.98"};
  s.goals = {parse_balance_goal(goal)};
  s.max_trials = 16384;
  return s;
}

// A candidate's value of a key, from its assignments.
double value_of(const nlohmann::json& candidate, const std::string& key) {
  for (const auto& a : candidate["assignments"]) {
    const std::string text = a.get<std::string>();
    if (text.rfind(key + "=", 0) == 0) return std::atof(text.substr(key.size() + 1).c_str());
  }
  FAIL("no assignment of " + key);
  return 0;
}

}  // namespace

TEST_CASE("balance refines a continuous break fraction to the band of f the coarse values miss (F-9, exact law)", "[sim][balance]") {
  // 10 figures: 3 hits win with P = 0.6172 (f in [0.925, 0.95)); 4 hits 0.3504, 2 hits 0.8507.
  REQUIRE(exact_win(10, 0.93) == Approx(0.6172).margin(1e-4));
  const BalanceStudy study = run_balance(break_fraction("herero.win=0.6..0.63", 2, 5));
  const auto& doc = study.document;
  INFO(doc.dump().substr(0, 3000));
  REQUIRE(doc["ending"] == "holds");
  CHECK(doc["keys"][0]["continuous"] == true);
  CHECK(doc["keys"][0]["values"].size() == ContinuousCoarseValues);
  CHECK(doc["lattice"] == 65);  // 4 × 2^4 + 1 positions
  // The coarse race holds nothing: its values 0.7, 0.77, 0.84, 0.91, 0.98 give 0, 0, 0.0106, 0.3504, 0.9718.
  CHECK(doc["stages"][0]["holds"] == 0);
  REQUIRE(doc["stages"].size() >= 2);
  for (const auto& i : doc["answer"]) {
    const auto& c = doc["candidates"][i.get<size_t>()];
    const double f = value_of(c, "german.break_fraction");
    INFO(c.dump());
    CHECK(c["stage"].get<int>() > 0);
    CHECK(hits_to_win(f) == 3);  // every setting returned lies in the band
    // It was itself raced: its interval holds the goal within the tolerance.
    CHECK(c["goals"][0]["low"].get<double>() >= 0.6 - 0.01);
    CHECK(c["goals"][0]["high"].get<double>() <= 0.63 + 0.01);
  }
  // The answer nearest the file's f = 0.5 comes first: the band's lowest lattice value, 0.9275.
  CHECK(value_of(doc["candidates"][doc["answer"][0].get<size_t>()], "german.break_fraction") == Approx(0.9275));
  // Every refined value lies on the lattice: 0.7 + 0.28 j / 64.
  for (const auto& c : doc["candidates"]) {
    const double j = (value_of(c, "german.break_fraction") - 0.7) / 0.28 * 64;
    CHECK(j == Approx(std::round(j)).margin(1e-6));
  }
}

TEST_CASE("balance with a continuous key is the same for 1 and 2 threads", "[sim][balance]") {
  BalanceStudy one = run_balance(break_fraction("herero.win=0.6..0.63", 1, 5));
  BalanceStudy two = run_balance(break_fraction("herero.win=0.6..0.63", 2, 5));
  one.document.erase("seconds");
  two.document.erase("seconds");
  CHECK(one.document.dump() == two.document.dump());
}

TEST_CASE("balance mixes an integer key (a grid) with a continuous one", "[sim][balance]") {
  BalanceSettings s = break_fraction("herero.win=0.53..0.56", 2, 3);
  s.free = {"herero.units.H.figures=8:12", "german.break_fraction=0.7:0.98"};
  s.tolerance = 0.02;
  const auto doc = run_balance(s).document;
  INFO(doc.dump().substr(0, 3000));
  CHECK(doc["lattice"] == 5 * 65);
  REQUIRE(doc["ending"] == "holds");
  for (const auto& i : doc["answer"]) {
    const auto& c = doc["candidates"][i.get<size_t>()];
    const double n = value_of(c, "herero.units.H.figures"), f = value_of(c, "german.break_fraction");
    CHECK(n == std::round(n));  // the integer key keeps its whole numbers
    const double p = exact_win(static_cast<int>(n), f);
    CHECK(p >= 0.53 - 0.02);
    CHECK(p <= 0.56 + 0.02);
  }
}

// The guarantee: every setting returned as holding meets the goal within its tolerance, with
// probability at least 1 - alpha over the whole search. The goal 0.53..0.56 within 0.022 holds 9 figures
// at f in [0.925, 0.95) (0.5372) and just misses 12 figures at f in [0.9, 0.925) (0.5075, 0.0005 below
// the widened goal): a setting a race at a wrong level would return. Over many seeds, the seeds on which
// some returned setting's exact law misses the widened goal are counted against alpha = 5%.
TEST_CASE("balance's continuous search keeps its guarantee over many seeds (measured against the exact law)", "[sim][balance][heavy]") {
  const int seeds = 200;
  int erred = 0, found = 0, refined = 0;
  for (int seed = 1; seed <= seeds; ++seed) {
    BalanceSettings s = break_fraction("herero.win=0.53..0.56", 2, static_cast<uint64_t>(seed) * 7919);
    s.free = {"herero.units.H.figures=8:12", "german.break_fraction=0.7:0.98"};
    s.tolerance = 0.022;
    s.first_look = 512;
    s.max_trials = 8192;
    const auto doc = run_balance(s).document;
    bool wrong = false, from_refinement = false;
    if (doc["ending"] == "holds") {
      ++found;
      for (const auto& i : doc["answer"]) {
        const auto& c = doc["candidates"][i.get<size_t>()];
        const double p = exact_win(static_cast<int>(value_of(c, "herero.units.H.figures")), value_of(c, "german.break_fraction"));
        wrong = wrong || p < 0.53 - 0.022 || p > 0.56 + 0.022;
        from_refinement = from_refinement || c["stage"].get<int>() > 0;
      }
    }
    erred += wrong ? 1 : 0;
    refined += from_refinement ? 1 : 0;
  }
  // At most alpha of the seeds, with room for the binomial spread of 200 seeds (3 standard deviations).
  const double bound = seeds * 0.05 + 3 * std::sqrt(seeds * 0.05 * 0.95);
  WARN("continuous balance: " << erred << " of " << seeds << " seeds returned a setting that misses the goal (alpha 5%); " << found
                              << " returned settings that hold, " << refined << " from a refinement");
  CHECK(erred <= bound);
  // The goal's settings lie only between the coarse values: what is found, the refinements found.
  CHECK(refined == found);
  CHECK(found >= seeds / 2);
}

TEST_CASE("balance --policies best refines a continuous key too: schnellfeuer moves the band of f (SF-B, F-9, exact law)",
          "[sim][balance]") {
  // SF-B: declaring, the Hereros' 10 figures roll 20 dice at 5 of 20. The goal 0.57..0.63 is met by
  // P(Binomial(20, 0.25) >= 5) = 0.5852 (f in [0.875, 0.9)) under best play; by the file's `never` only
  // at 3 hits of Binomial(10, 0.3) (f in [0.925, 0.95)).
  const auto pmf = volley::pool_distribution(20, 5, 20);
  double five = 0;
  for (size_t i = 5; i < pmf.size(); ++i) five += pmf[i];
  REQUIRE(five == Approx(0.5852).margin(1e-4));
  BalanceSettings s = break_fraction("herero.win=0.57..0.63", 2, 5);
  s.run.sets.push_back("herero.fast_fire=true");
  s.run.sets.push_back("herero.policy=never");
  s.best_policies = true;
  s.policy_trials = 8192;
  const auto doc = run_balance(s).document;
  INFO(doc.dump().substr(0, 3000));
  REQUIRE(doc["ending"] == "holds");
  for (const auto& i : doc["answer"]) {
    const auto& c = doc["candidates"][i.get<size_t>()];
    CHECK(hits_to_win(value_of(c, "german.break_fraction")) == 5);
    CHECK(c["policies_searched"] == true);
    CHECK(c["policy_changes"].get<std::string>().find("herero.policy=") != std::string::npos);
  }
  uint64_t searched = 0;
  for (const auto& c : doc["candidates"]) searched += c["policy_trials"].get<uint64_t>();
  CHECK(searched == doc["policies"]["trials"].get<uint64_t>());
  CHECK(doc["stages"].size() >= 2);
}

TEST_CASE("balance refuses a continuous range that is empty or inverted, and a key without values, naming the key", "[sim][balance]") {
  const std::string goal = " --goal herero.win=0.5";
  expect_refused_before_work("balance --free herero.break_fraction=0.5:0.5" + goal, "herero.break_fraction's range is empty");
  expect_refused_before_work("balance --free herero.break_fraction=0.7:0.3" + goal, "herero.break_fraction=0.7:0.3': hi is below lo");
  expect_refused_before_work("balance --free herero.break_fraction=0.3:1.5" + goal, "outside herero.break_fraction's range");
  expect_refused_before_work("balance --free german.fast_fire" + goal, "give german.fast_fire (a boolean) the values to try");
  expect_refused_before_work("balance --free herero.break_fraction" + goal, "give herero.break_fraction (a number) the values to try");
  expect_refused_before_work("balance --free herero.break_fraction=0.3:0.7 --refine 11" + goal, "--refine");
}

TEST_CASE("balance on a continuous key: text, JSON and CSV carry the stages; an interruption is written, marked partial",
          "[sim][balance]") {
  const std::string dir = fresh_directory("balance_continuous_cli");
  const std::string args = "balance " + SingleVolley +
                           " --set german.units.Z.move_dice=0 --set german.units.Z.charge_dice=0 --set herero.units.H.charge_dice=0"
                           " --free german.break_fraction=0.7:0.98 --goal herero.win=0.6..0.63 --trials 8192 --threads 2";
  const auto done = expect_success(args + " --json " + dir + "/b.json --csv " + dir + "/b.csv");
  check_contains(done.out, {"continuous 0.7000 to 0.9800", "stages (the coarse grid", "refinement 1 (spacing 0.0350)",
                            "settings the search could play"});
  const auto doc = nlohmann::json::parse(read_file(dir + "/b.json"));
  CHECK(doc["refinements"] == 4);
  CHECK(doc["stages"][1]["spacing"][0].get<double>() == Approx(0.035));
  size_t in_stages = 0;
  for (const auto& s : doc["stages"]) in_stages += s["candidates"].get<size_t>();
  CHECK(in_stages == doc["candidates"].size());
  const std::string csv = read_file(dir + "/b.csv");
  CHECK(csv.rfind("german.break_fraction,verdict,in_answer,keys_changed,relative_change,trials,stage,", 0) == 0);
  // Interrupted in a refinement: the looks completed, marked partial.
  const auto cut = run_volley(args + " --stop-after-blocks 40 --json " + dir + "/p.json");
  CHECK(cut.exit_code == 130);
  check_contains(cut.out, {"PARTIAL"});
  const auto partial = nlohmann::json::parse(read_file(dir + "/p.json"));
  CHECK(partial["partial"] == true);
  CHECK(partial["stages"].size() >= 1);
}
