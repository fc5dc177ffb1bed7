#pragma once
// A goal of `volley balance` (docs/methods.md, "Balancing a scenario"): an estimate, as tune's --target
// names it (herero.win, german.casualties>=5), and the values that meet it: one value
// ("herero.win=0.5"), a band ("herero.win=0.45..0.55"), or a side ("turn_decided>=3": the mean at least
// 3; "draw<=0.1"). The relation is the text's last "=", ">=" or "<=", so that an exceedance takes a
// goal of its own: "german.casualties>=5=0.3" is P(german.casualties >= 5) = 0.3.
#include "analysis/estimate.hpp"
#include "analysis/target.hpp"

#include <limits>
#include <string>
#include <vector>

namespace volley {

// A share of two probability metrics, the first implying the second in every trial, as a goal: given
// the trials with the second, the count with the first is binomial, so its Wilson interval holds. The
// comeback chance P(the side behind after turn 1 wins) = comeback / behind_after_turn1 (docs/methods.md,
// "Balance measures").
struct ShareEstimate {
  const char* name;
  const char* part;
  const char* whole;
};
inline constexpr ShareEstimate ShareEstimates[] = {{"comeback_chance", "comeback", "behind_after_turn1"}};

struct BalanceGoal {
  TargetSpec target;  // without its own goal
  double lo = -std::numeric_limits<double>::infinity();
  double hi = std::numeric_limits<double>::infinity();
  std::string text;         // as given
  double tolerance = 0;     // how far outside [lo, hi] an interval may reach and still hold the goal
  bool probability = true;  // set by check_balance_goals from the schema

  // The estimate and its interval at `level` from a tally holding the goal's metrics.
  Interval evaluate(const Tally& tally, double level) const;
  // "= 0.5", "in [0.45, 0.55]", ">= 3", "<= 0.1".
  std::string relation() const;
  bool holds(double value) const { return value >= lo && value <= hi; }
  // How far a value lies outside [lo, hi] (0 inside).
  double distance(double value) const;
  // The interval lies wholly outside [lo, hi]: no value it holds meets the goal.
  bool excluded_by(const Interval& i) const { return i.high < lo || i.low > hi; }
  // The interval lies within [lo - tolerance, hi + tolerance]: every value it holds meets the goal
  // within the tolerance.
  bool settled_by(const Interval& i) const { return i.low >= lo - tolerance && i.high <= hi + tolerance; }
};

// Throws std::invalid_argument naming --goal and what was expected.
BalanceGoal parse_balance_goal(const std::string& text);

// Refuses, before any trial, goals the schema cannot answer: an unknown estimate (a share whose
// metrics the schema lacks), a goal no value of the
// estimate can meet (a probability of 1.5; a mean beyond the metric's range), and goals on the same
// estimate that no value meets together (=0.5 and >=0.6). Sets each goal's `probability` and its
// tolerance: `tolerance` itself for a probability, tolerance × max(1, |the goal's largest finite
// end|) for a mean (relative: 0.01 of a 3-turn game is 0.03 turns).
void check_balance_goals(std::vector<BalanceGoal>& goals, const Schema& schema, double tolerance);

}  // namespace volley
