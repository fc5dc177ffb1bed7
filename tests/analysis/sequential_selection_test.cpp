// Kim and Nelson's fully sequential selection (analysis/sequential_selection.hpp; docs/methods.md,
// "Best play") on synthetic candidates of known means, over many replications: the share of races
// that return a candidate within delta of the best is at least 1 - alpha, within a bound derived from
// the replication count (one-sided, 3.7 binomial standard errors: a true error rate of alpha exceeds
// it with probability under 1e-4, while a procedure that ignored its error rate would not).
#include "analysis/sequential_selection.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <functional>
#include <random>

using namespace volley;

namespace {

constexpr double Alpha = 0.05;
constexpr double Delta = 0.05;
constexpr uint64_t FirstStage = 50;
constexpr uint64_t StageTrials = 10;  // later rounds every 10 trials, as the simulator checks per block
constexpr int Replications = 2000;

double uniform(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

// One trial's observations of every candidate.
using Draw = std::function<void(std::mt19937_64&, std::vector<double>&)>;

struct RaceOutcome {
  size_t selected = 0;
  uint64_t trials = 0;
  uint64_t equal_allocation = 0;
};

// A race as the simulator runs it: a first stage of FirstStage common trials with every pair's
// difference variance, then rounds of StageTrials trials for the survivors only.
RaceOutcome race(size_t k, const Draw& draw, std::mt19937_64& rng) {
  SequentialSelection selection(k, {Delta, Alpha, FirstStage});
  std::vector<double> x(k), sums(k, 0);
  std::vector<std::vector<double>> diff_sum(k, std::vector<double>(k, 0)), diff_sq(k, std::vector<double>(k, 0));
  for (uint64_t t = 0; t < FirstStage; ++t) {
    draw(rng, x);
    for (size_t i = 0; i < k; ++i) {
      sums[i] += x[i];
      for (size_t l = 0; l < k; ++l) {
        diff_sum[i][l] += x[i] - x[l];
        diff_sq[i][l] += (x[i] - x[l]) * (x[i] - x[l]);
      }
    }
  }
  std::vector<std::vector<double>> variance(k, std::vector<double>(k, 0));
  const double n0 = FirstStage;
  for (size_t i = 0; i < k; ++i)
    for (size_t l = 0; l < k; ++l) variance[i][l] = (diff_sq[i][l] - diff_sum[i][l] * diff_sum[i][l] / n0) / (n0 - 1);
  selection.first_stage(variance, sums);
  uint64_t r = FirstStage;
  while (!selection.finished()) {
    for (uint64_t t = 0; t < StageTrials; ++t) {
      draw(rng, x);
      for (size_t i = 0; i < k; ++i)
        if (selection.alive(i)) sums[i] += x[i];
    }
    r += StageTrials;
    selection.next_stage(r, sums);
  }
  return {selection.best(), selection.total_trials(), selection.equal_allocation_trials()};
}

// Independent Bernoulli arms of the given means.
Draw bernoulli_arms(std::vector<double> p) {
  return [p](std::mt19937_64& rng, std::vector<double>& x) {
    for (size_t i = 0; i < p.size(); ++i) x[i] = uniform(rng) < p[i] ? 1 : 0;
  };
}

// Bernoulli arms on common random numbers: one uniform per trial for every arm (strongly correlated,
// as variants of one scenario on the same dice are).
Draw common_bernoulli_arms(std::vector<double> p) {
  return [p](std::mt19937_64& rng, std::vector<double>& x) {
    const double u = uniform(rng);
    for (size_t i = 0; i < p.size(); ++i) x[i] = u < p[i] ? 1 : 0;
  };
}

// Races `Replications` times; good(i) says whether candidate i is within delta of the best. Checks
// the bound and returns the mean trials spent against equal allocation.
double good_selection_rate(const char* name, size_t k, const Draw& draw, const std::function<bool(size_t)>& good, uint64_t seed) {
  std::mt19937_64 rng(seed);
  int wrong = 0;
  double trials = 0, equal = 0;
  for (int rep = 0; rep < Replications; ++rep) {
    const RaceOutcome o = race(k, draw, rng);
    wrong += good(o.selected) ? 0 : 1;
    trials += static_cast<double>(o.trials);
    equal += static_cast<double>(o.equal_allocation);
  }
  const double bound = Alpha * Replications + 3.7 * std::sqrt(Replications * Alpha * (1 - Alpha));
  std::printf("KN %-40s %d of %d races wrong (bound %.0f); mean trials %.0f, equal allocation %.0f (%.0f%%)\n", name, wrong, Replications,
              bound, trials / Replications, equal / Replications, 100 * trials / equal);
  CHECK(wrong <= bound);
  return trials / equal;
}

}  // namespace

TEST_CASE("KN's h^2 is Kim and Nelson's closed form and grows with the candidates and the confidence", "[analysis][best]") {
  // k = 2, n0 = 2, alpha = 0.05: eta = ((0.1)^(-2) - 1) / 2 = 49.5, h^2 = 2 * 49.5 * 1 = 99.
  CHECK(kn_h_squared(2, 2, 0.05) == Approx(99.0));
  // Large n0: h^2 -> 2 ln((k - 1) / (2 alpha)) (the continuous-time limit).
  CHECK(kn_h_squared(5, 1000000, 0.05) == Approx(2 * std::log(4 / 0.1)).epsilon(1e-4));
  CHECK(kn_h_squared(10, 100, 0.05) > kn_h_squared(5, 100, 0.05));
  CHECK(kn_h_squared(5, 100, 0.01) > kn_h_squared(5, 100, 0.05));
}

TEST_CASE("KN eliminates a candidate only when its sum falls below another's by more than the triangle", "[analysis][best]") {
  // Two candidates, n0 = 2, alpha = 0.05: h^2 = 99; pair variance 1, delta 1: the triangle's
  // half-width at r trials is (1/2)(99 - r), 48.5 at r = 2.
  SequentialSelection s(2, {1.0, 0.05, 2});
  s.first_stage({{0, 1}, {1, 0}}, {0, 48});  // 48 apart: inside
  CHECK(s.survivors() == 2);
  s.next_stage(50, {0, 25});  // (1/2)(99 - 50) = 24.5 < 25: out
  CHECK(s.finished());
  CHECK(s.best() == 1);
  CHECK(s.eliminated_round(0) == 2);
  CHECK_FALSE(s.eliminated_in_zone(0));
  CHECK(s.trials(0) == 50);
  CHECK(s.closing_trials(0, 1) == 99);
  CHECK(s.equal_allocation_trials() == 2 * 99);
}

TEST_CASE("KN returns the best of Bernoulli arms in the slippage configuration with probability 1 - alpha", "[analysis][best]") {
  // The least favourable configuration: the best exactly delta above all the others.
  const std::vector<double> p{0.55, 0.5, 0.5, 0.5, 0.5};
  const auto best_only = [](size_t i) { return i == 0; };
  const double spent = good_selection_rate("slippage, independent arms", p.size(), bernoulli_arms(p), best_only, 301);
  CHECK(spent < 1);
  good_selection_rate("slippage, common random numbers", p.size(), common_bernoulli_arms(p), best_only, 302);
  // The best last: the order of the candidates decides nothing.
  const std::vector<double> reversed{0.5, 0.5, 0.5, 0.5, 0.55};
  good_selection_rate(
      "slippage, best last", reversed.size(), bernoulli_arms(reversed), [](size_t i) { return i == 4; }, 303);
}

TEST_CASE("KN returns a candidate within delta of the best with probability 1 - alpha when several are close", "[analysis][best]") {
  // Means 0.50, 0.48, 0.46 (within delta = 0.05 of the best), 0.44 and 0.30 (not).
  const std::vector<double> p{0.44, 0.30, 0.48, 0.50, 0.46};
  const auto good = [&](size_t i) { return p[3] - p[i] < Delta; };
  const double spent = good_selection_rate("close candidates", p.size(), bernoulli_arms(p), good, 304);
  CHECK(spent < 1);
}

TEST_CASE("KN ends when every candidate is the same, and when one is written twice", "[analysis][best]") {
  // All equal: every selection is good; the race must end (by the triangles closing) within the budget
  // of equal allocation.
  const std::vector<double> equal{0.4, 0.4, 0.4, 0.4};
  const double spent = good_selection_rate(
      "all equal", equal.size(), bernoulli_arms(equal), [](size_t) { return true; }, 305);
  CHECK(spent <= 1);
  // The best written twice (candidates 1 and 3 draw the same numbers): their difference never varies,
  // so neither can eliminate the other, and the race returns one of them.
  const Draw twice = [](std::mt19937_64& rng, std::vector<double>& x) {
    const double u = uniform(rng);
    x[0] = uniform(rng) < 0.45 ? 1 : 0;
    x[1] = u < 0.55 ? 1 : 0;
    x[2] = uniform(rng) < 0.45 ? 1 : 0;
    x[3] = x[1];
  };
  good_selection_rate(
      "best written twice", 4, twice, [](size_t i) { return i == 1 || i == 3; }, 306);
  SequentialSelection s(4, {Delta, Alpha, FirstStage});
  // Exactly equal sums and a zero pair variance: the pair's triangle is closed from the start, and a
  // tie is no elimination; the lower index is the selection.
  s.first_stage({{0, 1, 1, 0}, {1, 0, 1, 1}, {1, 1, 0, 1}, {0, 1, 1, 0}}, {40, 10, 10, 40});
  s.next_stage(1000000, {800000, 1, 1, 800000});
  CHECK(s.finished());
  CHECK(s.alive(0));
  CHECK(s.alive(3));
  CHECK(s.eliminated_in_zone(1));  // triangles closed at 10^6 trials: a ranking, not a significant difference
  CHECK(s.best() == 0);
}
