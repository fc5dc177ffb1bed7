#include "analysis/balance_goal.hpp"

#include "analysis/number_parsing.hpp"
#include "analysis/spread_estimate.hpp"
#include "analysis/text_format.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace volley {

std::string BalanceGoal::relation() const {
  if (lo == hi) return format_text("= %g", lo);
  if (std::isinf(hi)) return format_text(">= %g", lo);
  if (std::isinf(lo)) return format_text("<= %g", hi);
  return format_text("in [%g, %g]", lo, hi);
}

double BalanceGoal::distance(double value) const {
  if (value < lo) return lo - value;
  if (value > hi) return value - hi;
  return 0;
}

namespace {

const ShareEstimate* share_of(const TargetSpec& target) {
  if (target.at_least) return nullptr;
  for (const auto& share : ShareEstimates)
    if (target.metric == share.name) return &share;
  return nullptr;
}

}  // namespace

Interval BalanceGoal::evaluate(const Tally& tally, double level) const {
  if (!target.at_least)
    if (const auto metric = spread_metric(tally.schema(), target.metric)) return spread_interval(tally, *metric, level);
  const ShareEstimate* share = share_of(target);
  if (share == nullptr) return evaluate_target(tally, target, level);
  const long part = tally.schema().find(share->part), whole = tally.schema().find(share->whole);
  if (part < 0 || whole < 0)
    throw std::invalid_argument("--goal: no estimates named '" + std::string(share->part) + "' and '" + share->whole + "'");
  const auto count = [&](long metric) { return static_cast<uint64_t>(tally.sum(static_cast<size_t>(metric))); };
  return wilson_interval(count(part), count(whole), level);
}

BalanceGoal parse_balance_goal(const std::string& text) {
  const std::string expected = "--goal '" + text + "': expected METRIC=VALUE, METRIC=LO..HI, METRIC>=VALUE or METRIC<=VALUE";
  const size_t eq = text.rfind('=');
  if (eq == std::string::npos || eq == 0) throw std::invalid_argument(expected);
  const char before = text[eq - 1];
  const bool side = before == '>' || before == '<';
  const size_t name_end = side ? eq - 1 : eq;
  const std::string name = text.substr(0, name_end);
  const std::string value = text.substr(eq + 1);
  if (name.empty() || value.empty()) throw std::invalid_argument(expected);
  BalanceGoal goal;
  goal.text = text;
  goal.target = parse_target(name, false);
  goal.target.text = text;
  const auto number = [&](const std::string& part) {
    double v = 0;
    if (!read_finite_number(part, v)) throw std::invalid_argument(expected + ", with finite numbers; got '" + part + "'");
    return v;
  };
  if (side) {
    (before == '>' ? goal.lo : goal.hi) = number(value);
  } else if (const size_t dots = value.find(".."); dots != std::string::npos) {
    goal.lo = number(value.substr(0, dots));
    goal.hi = number(value.substr(dots + 2));
    if (goal.hi < goal.lo) throw std::invalid_argument("--goal '" + text + "': the band is empty (its high end is below its low end)");
  } else {
    goal.lo = goal.hi = number(value);
  }
  return goal;
}

void check_balance_goals(std::vector<BalanceGoal>& goals, const Schema& schema, double tolerance) {
  for (auto& goal : goals) {
    double least = 0, most = 1;
    if (const ShareEstimate* share = share_of(goal.target)) {
      if (schema.find(share->part) < 0 || schema.find(share->whole) < 0)
        throw std::invalid_argument("--goal '" + goal.text + "': " + share->name + " is " + share->part + " / " + share->whole +
                                    ", estimates this scenario does not have (a firefight's balance measures)");
      goal.probability = true;
    } else if (const auto metric = goal.target.at_least ? std::nullopt : spread_metric(schema, goal.target.metric)) {
      goal.probability = false;
      most = spread_ceiling(schema.metrics[*metric]);
    } else {
      check_target(goal.target, schema, "--goal");
      goal.probability = goal.target.is_probability(schema);
      const auto& spec = schema.metrics[static_cast<size_t>(schema.find(goal.target.metric))];
      least = goal.probability ? 0 : static_cast<double>(spec.min_value);
      most = goal.probability ? 1 : static_cast<double>(spec.max_value);
    }
    if (goal.hi < least || goal.lo > most)
      throw std::invalid_argument("--goal '" + goal.text + "': " +
                                  (goal.probability                            ? "a probability"
                                   : spread_metric(schema, goal.target.metric) ? "the standard deviation " + goal.target.metric
                                                                               : "the mean of " + goal.target.metric) +
                                  format_text(" lies between %g and %g", least, most) + "; no setting can make it " + goal.relation());
    double scale = 1;
    for (const double end : {goal.lo, goal.hi})
      if (std::isfinite(end) && !goal.probability) scale = std::max(scale, std::fabs(end));
    goal.tolerance = tolerance * scale;
  }
  for (size_t a = 0; a < goals.size(); ++a)
    for (size_t b = a + 1; b < goals.size(); ++b)
      if (goals[a].target.name() == goals[b].target.name() && (std::max(goals[a].lo, goals[b].lo) > std::min(goals[a].hi, goals[b].hi)))
        throw std::invalid_argument("--goal '" + goals[a].text + "' and --goal '" + goals[b].text + "' contradict: no value of " +
                                    goals[a].target.name() + " is " + goals[a].relation() + " and " + goals[b].relation());
}

}  // namespace volley
