#include "sim/output/time_to_answer.hpp"

#include "analysis/control_variates.hpp"
#include "analysis/digit_grouping.hpp"
#include "analysis/estimate.hpp"
#include "analysis/paired_difference.hpp"
#include "analysis/setting_values.hpp"
#include "analysis/text_format.hpp"

#include <cmath>
#include <stdexcept>

namespace volley {

std::optional<TimeToAnswer> time_to_answer(const Tally& tally, size_t metric, double seconds, double half_width, double level) {
  TimeToAnswer t;
  t.trials = tally.trials();
  // The variance per trial of the estimate as reported: luck-adjusted where it is.
  const ControlAdjustment adjusted = control_adjustment(tally, metric);
  const double n = static_cast<double>(t.trials);
  const double variance =
      adjusted.applied ? adjusted.variance * n : sample_variance(t.trials, tally.sum(metric), tally.sum_squares(metric));
  if (t.trials < 2 || !(variance > 0)) return std::nullopt;
  t.half_width = half_width;
  t.trials_needed = trials_for_half_width(variance, half_width, level);
  const double mean = adjusted.applied ? adjusted.estimate : static_cast<double>(tally.sum(metric)) / n;
  t.relative_error = mean != 0 ? std::sqrt(variance / n) / std::fabs(mean) : std::nan("");
  t.seconds = seconds;
  t.figure_of_merit = std::isfinite(t.relative_error) && seconds > 0 ? 1.0 / (t.relative_error * t.relative_error * seconds) : std::nan("");
  t.luck_adjusted = adjusted.applied;
  t.control_reduction = adjusted.applied ? adjusted.reduction() : 1.0;
  return t;
}

std::string format_time_to_answer(const Tally& tally, size_t metric, const std::string& label, double seconds, double half_width,
                                  double level) {
  const auto t = time_to_answer(tally, metric, seconds, half_width, level);
  if (!t) return {};
  const double more = std::max(t->trials_needed - static_cast<double>(t->trials), 0.0);
  const std::string these = grouped(static_cast<int64_t>(t->trials));
  std::string out =
      format_text("%s: +-%.4g needs about %s trials (%s)", label.c_str(), half_width, grouped(t->trials_needed).c_str(),
                  more > 0 ? (grouped(more) + " more than these " + these).c_str() : ("these " + these + " are enough").c_str());
  if (std::isfinite(t->figure_of_merit))
    out += format_text("; figure of merit 1/(R^2 T) %.3g per s (R %.2g, T %.3g s)", t->figure_of_merit, t->relative_error, seconds);
  if (t->luck_adjusted) out += format_text("; luck-adjusted, variance reduction %.2fx", t->control_reduction);
  return out + "\n";
}

nlohmann::json time_to_answer_json(const Tally& tally, size_t metric, const std::string& label, double seconds, double half_width,
                                   double level) {
  const auto t = time_to_answer(tally, metric, seconds, half_width, level);
  if (!t) return nullptr;
  const auto finite = [](double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(); };
  return {{"metric", label},
          {"half_width", t->half_width},
          {"trials", t->trials},
          {"trials_needed", std::ceil(t->trials_needed)},
          {"relative_error", finite(t->relative_error)},
          {"seconds", t->seconds},
          {"figure_of_merit", finite(t->figure_of_merit)},
          {"luck_adjusted", t->luck_adjusted},
          {"control_reduction", t->control_reduction}};
}

double precision_goal(const std::string& precision, double otherwise) {
  if (precision.empty()) return otherwise;
  try {
    return parse_precision("--precision", precision).half_width;
  } catch (const std::invalid_argument&) {
    return otherwise;
  }
}

}  // namespace volley
