// The goals of `volley balance` and its racing procedure (analysis/balance_goal.hpp,
// analysis/goal_race.hpp; docs/methods.md, "Balancing a scenario"). The guarantee is measured on
// synthetic settings whose probabilities are known exactly, each look's successes drawn as binomials:
// over many races, the share in which some setting that meets the goal is dropped, or some setting
// farther than the tolerance from it is kept, must not exceed alpha beyond a bound derived from the
// number of races (3.7 binomial standard errors: a true error rate of alpha exceeds it with probability
// under 1e-4).
#include "analysis/balance_goal.hpp"
#include "analysis/goal_race.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>

using namespace volley;

namespace {

Schema win_and_turns() {
  Schema s;
  MetricSpec win;
  win.name = "herero.win";
  win.kind = MetricKind::Probability;
  win.min_value = 0;
  win.max_value = 1;
  s.add(win);
  MetricSpec turns;
  turns.name = "turn_decided";
  turns.kind = MetricKind::Count;
  turns.min_value = 1;
  turns.max_value = 8;
  s.add(turns);
  return s;
}

std::vector<BalanceGoal> goals(std::initializer_list<const char*> texts, double tolerance = 0.01) {
  std::vector<BalanceGoal> g;
  for (const char* t : texts) g.push_back(parse_balance_goal(t));
  check_balance_goals(g, win_and_turns(), tolerance);
  return g;
}

}  // namespace

TEST_CASE("balance goals: a value, a band, a side; an exceedance takes a goal of its own", "[analysis][balance]") {
  const auto g = goals({"herero.win=0.5", "herero.win=0.4..0.6", "turn_decided>=3", "turn_decided<=5"});
  CHECK(g[0].lo == 0.5);
  CHECK(g[0].hi == 0.5);
  CHECK(g[1].lo == 0.4);
  CHECK(g[1].hi == 0.6);
  CHECK(g[2].lo == 3);
  CHECK(std::isinf(g[2].hi));
  CHECK(std::isinf(g[3].lo));
  CHECK(g[3].hi == 5);
  CHECK(g[0].tolerance == 0.01);
  CHECK(g[2].tolerance == Approx(0.03));  // relative for a mean: 0.01 of 3 turns
  CHECK(g[3].tolerance == Approx(0.05));
  const BalanceGoal e = parse_balance_goal("german.casualties>=5=0.3");
  CHECK(e.target.metric == "german.casualties");
  CHECK(*e.target.at_least == 5);
  CHECK(e.lo == 0.3);
  const BalanceGoal m = parse_balance_goal("german.casualties>=5");
  CHECK(m.target.metric == "german.casualties");
  CHECK_FALSE(m.target.at_least);
  CHECK(m.lo == 5);
  CHECK(g[0].excluded_by({0.45, 0.44, 0.49, ""}));
  CHECK_FALSE(g[0].excluded_by({0.49, 0.48, 0.5, ""}));
  CHECK(g[0].settled_by({0.5, 0.491, 0.509, ""}));
  CHECK_FALSE(g[0].settled_by({0.5, 0.489, 0.509, ""}));
  CHECK(g[2].distance(2.5) == 0.5);
  CHECK(g[2].distance(3.5) == 0);
}

TEST_CASE("balance goals: impossible, unknown, malformed and contradicting goals are refused", "[analysis][balance]") {
  CHECK_THROWS_WITH(goals({"herero.win=1.5"}), Catch::Contains("a probability lies between 0 and 1"));
  CHECK_THROWS_WITH(goals({"turn_decided>=9"}), Catch::Contains("lies between 1 and 8"));
  CHECK_THROWS_WITH(goals({"herro.win=0.5"}), Catch::Contains("did you mean 'herero.win'"));
  CHECK_THROWS_WITH(goals({"herero.win=0.5", "herero.win>=0.6"}), Catch::Contains("contradict"));
  CHECK_NOTHROW(goals({"turn_decided>=3", "turn_decided<=5"}));
  CHECK_THROWS_WITH(parse_balance_goal("herero.win"), Catch::Contains("expected METRIC=VALUE"));
  CHECK_THROWS_WITH(parse_balance_goal("herero.win=abc"), Catch::Contains("finite numbers"));
  CHECK_THROWS_WITH(parse_balance_goal("herero.win=0.6..0.4"), Catch::Contains("the band is empty"));
}

TEST_CASE("pareto_front keeps the settings no other beats on every goal", "[analysis][balance]") {
  const std::vector<std::vector<double>> d = {{0.1, 0.5}, {0.2, 0.2}, {0.3, 0.3}, {0.5, 0.1}, {0.1, 0.6}, {0.2, 0.2}};
  CHECK(pareto_front(d) == std::vector<size_t>{0, 1, 3, 5});  // 2 is beaten by 1, 4 by 0; equal ones both stay
}

TEST_CASE("race_looks doubles from the first look to the cap", "[analysis][balance]") {
  CHECK(race_looks(1024, 8192) == std::vector<uint64_t>{1024, 2048, 4096, 8192});
  CHECK(race_looks(1024, 5000) == std::vector<uint64_t>{1024, 2048, 4096, 5000});
  CHECK(race_looks(1024, 512) == std::vector<uint64_t>{512});
}

TEST_CASE("The balance race drops no setting that meets the goal and keeps none beyond its tolerance, at rate alpha",
          "[analysis][balance][heavy]") {
  // Eleven settings whose win probabilities are 0.40, 0.42, ..., 0.60; the goal 0.5 within 0.01 (met
  // exactly by one, within the tolerance by none other); a second goal, a side, met by the upper half.
  constexpr double Alpha = 0.05;
  constexpr int Races = 400;
  const auto g = goals({"herero.win=0.5", "turn_decided>=2"});
  std::vector<double> p, mean;
  for (int i = 0; i <= 10; ++i) {
    p.push_back(0.40 + 0.02 * i);
    mean.push_back(1.5 + 0.1 * i);  // a mean of the count, drawn as 1 + Bernoulli(mean - 1)
  }
  const auto looks = race_looks(256, 65536);
  std::mt19937_64 rng(20261203);
  int errors = 0, found = 0;
  uint64_t trials = 0;
  for (int race_index = 0; race_index < Races; ++race_index) {
    GoalRace race(p.size(), g, looks.size(), 1 - Alpha);
    std::vector<uint64_t> wins(p.size(), 0), extra(p.size(), 0);
    uint64_t played = 0;
    for (const uint64_t to : looks) {
      if (race.finished()) break;
      for (size_t c = 0; c < p.size(); ++c) {
        if (!race.open(c)) continue;
        wins[c] += std::binomial_distribution<uint64_t>(to - played, p[c])(rng);
        extra[c] += std::binomial_distribution<uint64_t>(to - played, mean[c] - 1)(rng);
        trials += to - played;
      }
      played = to;
      race.look([&](size_t c, size_t goal) {
        if (goal == 0) return wilson_interval(wins[c], played, race.interval_level());
        // The count 1 + B: n = played, sum = played + extra, sum of squares = played + 3 extra.
        return mean_interval(played, static_cast<Int128>(played + extra[c]), static_cast<UInt128>(played + 3 * extra[c]),
                             race.interval_level());
      });
    }
    bool wrong = false;
    for (size_t c = 0; c < p.size(); ++c) {
      const bool meets = g[0].holds(p[c]) && g[1].holds(mean[c]);
      const bool near = g[0].distance(p[c]) <= g[0].tolerance && g[1].distance(mean[c]) <= g[1].tolerance;
      if (meets && race.verdict(c) == GoalVerdict::Dropped) wrong = true;
      if (!near && race.verdict(c) == GoalVerdict::Holds) wrong = true;
    }
    errors += wrong;
    found += race.verdict(5) == GoalVerdict::Holds;
  }
  const double bound = Alpha + 3.7 * std::sqrt(Alpha * (1 - Alpha) / Races);
  INFO("races in error: " << errors << " of " << Races << "; the setting at the goal held in " << found << "; trials " << trials);
  CHECK(static_cast<double>(errors) / Races <= bound);
  // Power: the setting at the goal is kept when, at the cap, its interval (half-width z sigma) lies
  // within the tolerance: |estimate - 0.5| < tolerance - z sigma, a normal probability; the share kept
  // must reach it less the same 3.7 standard errors.
  const double sigma = 0.5 / std::sqrt(static_cast<double>(looks.back()));
  const double z = normal_quantile_two_sided(GoalRace(p.size(), g, looks.size(), 1 - Alpha).interval_level());
  const double kept = std::erf((g[0].tolerance - z * sigma) / sigma / std::sqrt(2.0));
  INFO("expected share kept " << kept);
  CHECK(static_cast<double>(found) / Races >= kept - 3.7 * std::sqrt(kept * (1 - kept) / Races));
}

TEST_CASE("balance goals: the comeback chance is comeback among the trials behind after turn 1, with their Wilson interval",
          "[analysis][balance]") {
  Schema schema;
  for (const char* name : {"behind_after_turn1", "comeback"}) {
    MetricSpec m;
    m.name = name;
    m.kind = MetricKind::Probability;
    m.min_value = 0;
    m.max_value = 1;
    schema.add(m);
  }
  Tally tally(std::make_shared<const Schema>(schema));
  // 100 trials: 30 behind after turn 1, 12 of those came back.
  for (int t = 0; t < 100; ++t) {
    const int64_t obs[2] = {t < 30, t < 12};
    tally.add(obs);
  }
  std::vector<BalanceGoal> g{parse_balance_goal("comeback_chance>=0.2")};
  check_balance_goals(g, schema, 0.01);
  CHECK(g[0].probability);
  const Interval i = g[0].evaluate(tally, 0.95);
  const Interval expected = wilson_interval(12, 30, 0.95);
  CHECK(i.estimate == Approx(0.4));
  CHECK(i.low == expected.low);
  CHECK(i.high == expected.high);
  std::vector<BalanceGoal> barrage{parse_balance_goal("comeback_chance>=0.2")};
  CHECK_THROWS_WITH(check_balance_goals(barrage, win_and_turns(), 0.01), Catch::Contains("estimates this scenario does not have"));
  std::vector<BalanceGoal> impossible{parse_balance_goal("comeback_chance=1.2")};
  CHECK_THROWS_WITH(check_balance_goals(impossible, schema, 0.01), Catch::Contains("a probability lies between 0 and 1"));
}
