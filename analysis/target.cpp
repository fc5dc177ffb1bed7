#include "analysis/target.hpp"

#include "analysis/did_you_mean.hpp"
#include "analysis/number_parsing.hpp"
#include "analysis/spread_estimate.hpp"
#include "analysis/text_format.hpp"

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

std::string metric_names(const Schema& schema) {
  std::string list;
  for (const auto& m : schema.metrics) list += (list.empty() ? "" : ", ") + m.name;
  return list;
}

void check_target(const TargetSpec& target, const Schema& schema, const std::string& option) {
  const long i = schema.find(target.metric);
  // A spread is no estimate of one trial's value: tune's curve, sweep's points and best's races are
  // read from means and probabilities. volley balance reads spreads as goals.
  if (const auto spread = spread_metric(schema, target.metric); i < 0 && spread && !target.at_least)
    throw std::invalid_argument(option + " '" + target.text + "': " + target.metric + " is a spread (the standard deviation of " +
                                schema.metrics[*spread].name + "), which " + option +
                                " does not take: it takes a mean or a probability. A spread is a goal of volley balance: --goal '" +
                                target.text + "'");
  if (i < 0) {
    std::vector<std::string> names;
    for (const auto& m : schema.metrics) names.push_back(m.name);
    throw std::invalid_argument(option + " '" + target.text + "': no estimate named '" + target.metric + "'; " +
                                did_you_mean(target.metric, names, "estimates"));
  }
  if (!target.goal) return;
  const double goal = *target.goal;
  const auto& spec = schema.metrics[static_cast<size_t>(i)];
  if (target.is_probability(schema)) {
    if (!(goal >= 0 && goal <= 1))
      throw std::invalid_argument(option + " '" + target.text + "': " + target.name() +
                                  " is a probability, between 0 and 1; no parameter value can bring it to " + format_text("%g", goal));
  } else if (!(goal >= static_cast<double>(spec.min_value) && goal <= static_cast<double>(spec.max_value))) {
    throw std::invalid_argument(
        option + " '" + target.text + "': the mean of " + target.metric +
        format_text(" lies between %lld and %lld", static_cast<long long>(spec.min_value), static_cast<long long>(spec.max_value)) +
        "; no parameter value can bring it to " + format_text("%g", goal));
  }
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
