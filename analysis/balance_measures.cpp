#include "analysis/balance_measures.hpp"

#include "analysis/balance_goal.hpp"
#include "analysis/spread_estimate.hpp"

namespace volley {

namespace {

struct MeasureText {
  const char* name;
  const char* description;  // for a measure that is not a metric of its own
};

// In the order a run prints them.
constexpr MeasureText Measures[] = {
    {"margin", ""},
    {"morale_margin", ""},
    {"close", ""},
    {"lead_changes", ""},
    {"comeback_chance", "P(the side behind after turn 1 comes back to win, or to end ahead): comeback / behind_after_turn1"},
    {"turn_decided.sd", "the spread of game length: the standard deviation of turn_decided"},
};

// The measure is read from this schema: its own metric, a share of two metrics, or a count's spread.
bool available(const Schema& schema, const std::string& name) {
  if (schema.find(name) >= 0 || spread_metric(schema, name)) return true;
  for (const auto& share : ShareEstimates)
    if (name == share.name) return schema.find(share.part) >= 0 && schema.find(share.whole) >= 0;
  return false;
}

}  // namespace

std::vector<BalanceMeasure> balance_measures(const Tally& tally, double level) {
  std::vector<BalanceMeasure> out;
  const Schema& schema = tally.schema();
  for (const auto& m : Measures) {
    if (!available(schema, m.name)) continue;
    const BalanceGoal goal = parse_balance_goal(std::string(m.name) + ">=0");
    const long own = schema.find(m.name);
    const char* kind = spread_metric(schema, m.name)                                                         ? "spread"
                       : own < 0 || schema.metrics[static_cast<size_t>(own)].kind == MetricKind::Probability ? "probability"
                                                                                                             : "mean";
    out.push_back(
        {m.name, own >= 0 ? schema.metrics[static_cast<size_t>(own)].description : m.description, kind, goal.evaluate(tally, level)});
  }
  return out;
}

}  // namespace volley
