#pragma once
// A target estimate named on the command line: "herero.win" (a probability or a mean), or
// "german.casualties>=5" (the exceedance probability P(X >= 5), from the histogram), optionally with
// a goal: "herero.win=0.5". Used by sweep, tune and sensitivity.
#include "analysis/estimate.hpp"

#include <optional>
#include <string>

namespace volley {

struct TargetSpec {
  std::string metric;               // the schema metric
  std::optional<int64_t> at_least;  // P(metric >= k)
  std::optional<double> goal;
  std::string text;  // as given, for reports

  bool is_probability(const Schema& schema) const;
  // The estimate without its goal: "herero.win", "herero.hits>=5".
  std::string name() const;
};

// Throws std::invalid_argument with what was expected.
TargetSpec parse_target(const std::string& text, bool goal_required);

// Refuses, before any trial or header, a target the schema cannot answer: an unknown metric (with
// the nearest names and the list of valid ones), or a goal outside what the estimate can take (a
// probability of 1.5, a mean below the metric's least value). `option`: "--target".
void check_target(const TargetSpec& target, const Schema& schema, const std::string& option);

// Every metric name of a schema, comma-separated, for messages that list the valid ones.
std::string metric_names(const Schema& schema);

// The target's estimate and interval from a tally (index: metric offset for compare tallies).
Interval evaluate_target(const Tally& tally, const TargetSpec& target, double level, const std::string& prefix = "");

}  // namespace volley
