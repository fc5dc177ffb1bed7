#include "sim/run/tune_search.hpp"

#include "analysis/level_label.hpp"
#include "analysis/text_format.hpp"
#include "sim/run/interrupt.hpp"
#include "sim/record/run_record.hpp"
#include "sim/run/value_seed.hpp"
#include "sim/run/variant_runner.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace volley {

TuneValue run_tune_value(const VariantOpener& open, const RunSettings& settings, const ParameterAxis& axis, const TargetSpec& target,
                         uint64_t seed, double x, const std::atomic<bool>* stop, const TrialsSink& progress) {
  const std::string value = format_value(x, axis.integer);
  const std::string assignment = axis.assignment_of(value);  // every key named: the label, and the value's seed
  // Each value plays its own random numbers. On common random numbers (one seed for every value)
  // the values' errors are positively correlated, while the fit weighs its points as independent:
  // its interval on the root then covered the exact root about 75% of the time at nominal 95%.
  VariantRun run = run_variant(open(axis.assignments_of(value)), settings, value_seed(seed, assignment), assignment, stop, progress);
  if (run.interrupted) throw Interrupted();
  const Interval e = evaluate_target(run.tally, target, settings.level);
  const double z = normal_quantile_two_sided(settings.level);
  // The fit's weights take the standard error of the estimate: the interval's half-width before
  // any cut to the metric's range (estimate.hpp).
  const double half = target.at_least
                          ? e.half_width()
                          : precision_half_width(run.tally, static_cast<size_t>(run.tally.schema().find(target.metric)), settings.level);
  const double se = half / z;
  return {x, e, run.tally.trials(), se * se, target.is_probability(run.tally.schema())};
}

TuneResult tune_search(const ParameterAxis& axis, double goal, int steps, double level, const std::function<TuneValue(double)>& evaluate) {
  TuneResult result;
  auto at = [&](double x) -> const TuneValue& {
    if (auto it = result.evaluated.find(x); it != result.evaluated.end()) return it->second;
    return result.evaluated.emplace(x, evaluate(x)).first->second;
  };
  double a = axis.lo, b = axis.hi;
  const double fa = at(a).value.estimate - goal, fb = at(b).value.estimate - goal;
  result.probability = at(a).probability;
  result.low_end = a;
  result.high_end = b;
  if (fa * fb > 0) return result;
  result.bracketed = true;
  const bool increasing = fb > fa;
  for (int step = 0; axis.integer ? (b - a > 1) : (step < steps); ++step) {
    const double mid = axis.integer ? std::floor((a + b) / 2) : (a + b) / 2;
    const double fm = at(mid).value.estimate - goal;
    if ((fm < 0) == increasing) a = mid;
    else b = mid;
  }
  result.low_end = a;
  result.high_end = b;

  // Fit through the bracket and its nearest evaluated neighbours (a local model).
  std::vector<TuneValue> by_distance;
  for (const auto& [x, e] : result.evaluated) by_distance.push_back(e);
  const double centre = (a + b) / 2;
  std::sort(by_distance.begin(), by_distance.end(),
            [&](const TuneValue& p, const TuneValue& q) { return std::abs(p.x - centre) < std::abs(q.x - centre); });
  for (size_t i = 0; i < std::min<size_t>(4, by_distance.size()); ++i)
    result.local.push_back({by_distance[i].x, by_distance[i].value.estimate, by_distance[i].variance, by_distance[i].trials});
  result.fit = fit_root(result.local, goal, result.probability, level);
  if (axis.integer) {
    for (const double end : {a, b})
      if (const TuneValue& e = result.evaluated.at(end); e.value.low <= goal && goal <= e.value.high) result.answer.push_back(e);
    result.answer_holds_goal = !result.answer.empty();
    if (!result.answer_holds_goal) result.answer = {result.evaluated.at(a), result.evaluated.at(b)};
  } else if (result.fit.ok) {
    RootFit& fit = result.fit;
    result.root_moved = fit.root < a || fit.root > b;
    fit.root = std::clamp(fit.root, a, b);
    result.root_bounded = std::isfinite(fit.low) && std::isfinite(fit.high);
    fit.low = std::isfinite(fit.low) ? std::min(fit.low, fit.root) : axis.lo;
    fit.high = std::isfinite(fit.high) ? std::max(fit.high, fit.root) : axis.hi;
  }
  return result;
}

std::string tune_answer_text(const TuneResult& result, const ParameterAxis& axis, const TargetSpec& target, double level) {
  if (!result.bracketed) return "";
  auto gives = [&](const TuneValue& e) {
    return format_text("%s %.4f [%.4f, %.4f]", target.name().c_str(), e.value.estimate, e.value.low, e.value.high);
  };
  if (axis.integer) {
    const TuneValue &low = result.evaluated.at(result.low_end), &high = result.evaluated.at(result.high_end);
    if (!result.answer_holds_goal)
      return format_text("answer: between %s and %s (%s, whole numbers; neither interval holds the goal): %s gives %s, %s gives %s\n",
                         format_value(low.x, true).c_str(), format_value(high.x, true).c_str(), axis.key.c_str(),
                         format_value(low.x, true).c_str(), gives(low).c_str(), format_value(high.x, true).c_str(), gives(high).c_str());
    if (result.answer.size() == 2)
      return format_text("answer: %s = %s or %s, both intervals hold the goal: %s gives %s, %s gives %s\n", axis.key.c_str(),
                         format_value(low.x, true).c_str(), format_value(high.x, true).c_str(), format_value(low.x, true).c_str(),
                         gives(low).c_str(), format_value(high.x, true).c_str(), gives(high).c_str());
    const TuneValue& held = result.answer.front();
    const TuneValue& other = held.x == low.x ? high : low;
    return format_text("answer: %s = %s: %s holds the goal; %s gives %s\n", axis.key.c_str(), format_value(held.x, true).c_str(),
                       gives(held).c_str(), format_value(other.x, true).c_str(), gives(other).c_str());
  }
  const RootFit& fit = result.fit;
  if (!fit.ok)
    return format_text("answer: between %s and %s (the fit found no slope to solve)\n", format_value(result.low_end, false).c_str(),
                       format_value(result.high_end, false).c_str());
  std::string text =
      format_text("fitted root (%s model through %zu points): %s = %.4g, %s interval [%.4g, %.4g]%s\n",
                  result.probability ? "logistic" : "linear", result.local.size(), axis.key.c_str(), fit.root, level_percent(level).c_str(),
                  fit.low, fit.high, result.root_bounded ? "" : " (the range: the fit cannot bound it)");
  if (fit.widened)
    text += format_text("  the model misfits the evaluated values (chi-square %.3g on %d df, p = %.2g): the interval is widened\n",
                        fit.lack_of_fit, fit.degrees_of_freedom, fit.lack_of_fit_p);
  if (result.root_moved)
    text += "  the fit's root lay outside the bracket: moved to the bracket's end, the interval stretched to hold it\n";
  return text;
}

nlohmann::json tune_result_json(const TuneResult& result, const ParameterAxis& axis, const TargetSpec& target, const std::string& title,
                                uint64_t seed, double level, bool partial) {
  nlohmann::json points = nlohmann::json::array();
  for (const auto& [x, e] : result.evaluated)
    points.push_back({{"x", e.x}, {"estimate", e.value.estimate}, {"low", e.value.low}, {"high", e.value.high}, {"trials", e.trials}});
  nlohmann::json out{{"format", "volley-tune"},
                     {"format_version", ResultFormatVersion},
                     {"volley_version", VOLLEY_VERSION},
                     {"title", title},
                     {"parameter", axis.key},
                     {"integer", axis.integer},
                     {"target", target.text},
                     {"goal", *target.goal},
                     {"seed", seed},
                     {"level", level},
                     {"points", points},
                     {"partial", partial}};
  if (partial) return out;  // no final bracket, no root
  out["bracketed"] = result.bracketed;
  if (!result.bracketed) return out;  // the goal lies outside both ends: no bracket, no root
  double fit_from = 1e300, fit_to = -1e300;
  for (const auto& p : result.local) {
    fit_from = std::min(fit_from, p.x);
    fit_to = std::max(fit_to, p.x);
  }
  const RootFit& fit = result.fit;
  out["bracket"] = {result.low_end, result.high_end};
  out["fit_ok"] = fit.ok;
  out["fit"] = {{"model", result.probability ? "logistic" : "linear"},
                {"intercept", fit.intercept},
                {"slope", fit.slope},
                {"from", fit_from},
                {"to", fit_to},
                {"lack_of_fit", fit.lack_of_fit},
                {"degrees_of_freedom", fit.degrees_of_freedom},
                {"lack_of_fit_p", fit.lack_of_fit_p},
                {"widened", fit.widened}};
  if (axis.integer) {
    nlohmann::json answer = nlohmann::json::array();
    for (const TuneValue& e : result.answer)
      answer.push_back({{"x", e.x}, {"estimate", e.value.estimate}, {"low", e.value.low}, {"high", e.value.high}});
    out["answer"] = answer;
    out["answer_holds_goal"] = result.answer_holds_goal;
    return out;  // whole numbers only: no fractional root
  }
  out["root"] = fit.root;
  out["root_low"] = fit.low;
  out["root_high"] = fit.high;
  out["root_bounded"] = result.root_bounded;
  return out;
}

}  // namespace volley
