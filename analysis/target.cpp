#include "analysis/target.hpp"

#include "analysis/number_parsing.hpp"

#include <stdexcept>

namespace volley {

bool TargetSpec::is_probability(const Schema& schema) const {
  if (at_least) return true;
  const long i = schema.find(metric);
  return i >= 0 && schema.metrics[static_cast<size_t>(i)].kind == MetricKind::Probability;
}

std::string TargetSpec::name() const { return at_least ? metric + ">=" + std::to_string(*at_least) : metric; }

TargetSpec parse_target(const std::string& text, bool goal_required) {
  TargetSpec t;
  t.text = text;
  std::string body = text;
  // A goal follows the last '=' that is not part of '>='.
  size_t eq = body.rfind('=');
  if (eq != std::string::npos && eq > 0 && body[eq - 1] == '>') eq = std::string::npos;
  if (eq != std::string::npos) {
    double goal = 0;
    if (!read_finite_number(body.substr(eq + 1), goal))
      throw std::invalid_argument("--target '" + text + "': expected NAME=GOAL with GOAL a finite number");
    t.goal = goal;
    body = body.substr(0, eq);
  }
  if (goal_required && !t.goal) throw std::invalid_argument("--target '" + text + "': expected NAME=GOAL, e.g. herero.win=0.5");
  if (const auto ge = body.find(">="); ge != std::string::npos) {
    try {
      t.at_least = std::stoll(body.substr(ge + 2));
    } catch (...) {
      throw std::invalid_argument("--target '" + text + "': expected NAME>=K with K a whole number");
    }
    body = body.substr(0, ge);
  }
  if (body.empty()) throw std::invalid_argument("--target '" + text + "': no metric named");
  t.metric = body;
  return t;
}

Interval evaluate_target(const Tally& tally, const TargetSpec& target, double level, const std::string& prefix) {
  const long i = tally.schema().find(prefix + target.metric);
  if (i < 0) throw std::invalid_argument("--target: no estimate named '" + target.metric + "'");
  const auto index = static_cast<size_t>(i);
  if (!target.at_least) return estimate_metric(tally, index, level);
  // P(X >= k): trials in bins >= k, the overflow bin included.
  const auto& spec = tally.schema().metrics[index];
  uint64_t count = tally.overflow(index);
  const auto hist = tally.histogram(index);
  for (size_t k = 0; k < hist.size(); ++k)
    if (spec.min_value + static_cast<int64_t>(k) >= *target.at_least) count += hist[k];
  return wilson_interval(count, tally.trials(), level);
}

}  // namespace volley
