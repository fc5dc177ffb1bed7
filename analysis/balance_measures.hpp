#pragma once
// The balance measures of a run (docs/methods.md, "Balance measures"), each as one estimate with its
// interval, as a run prints them and writes them to JSON: those of the firefight (margin, close,
// lead_changes, comeback_chance, turn_decided.sd) and of the barrage (morale_margin, close,
// lead_changes, comeback_chance), each where the tally's schema has what it is read from. Each name is
// also a `volley balance --goal` (analysis/balance_goal.hpp).
#include "analysis/estimate.hpp"

#include <string>
#include <vector>

namespace volley {

struct BalanceMeasure {
  std::string name;         // as a goal names it
  std::string description;  // what it measures: its metric's own description, or how it is read
  const char* kind;         // "probability", "mean" or "spread" (a standard deviation)
  Interval interval;
};

std::vector<BalanceMeasure> balance_measures(const Tally& tally, double level = DefaultLevel);

}  // namespace volley
