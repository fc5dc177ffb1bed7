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

std::string format_time_to_answer(const Tally& tally, size_t metric, const std::string& label, double seconds, double half_width,
                                  double level) {
  const uint64_t n = tally.trials();
  // The variance per trial of the estimate as reported: luck-adjusted where it is.
  const ControlAdjustment adjusted = control_adjustment(tally, metric);
  const double variance =
      adjusted.applied ? adjusted.variance * static_cast<double>(n) : sample_variance(n, tally.sum(metric), tally.sum_squares(metric));
  if (n < 2 || !(variance > 0)) return {};
  const double needed = trials_for_half_width(variance, half_width, level);
  const double more = std::max(needed - static_cast<double>(n), 0.0);
  const double mean = adjusted.applied ? adjusted.estimate : static_cast<double>(tally.sum(metric)) / static_cast<double>(n);
  const double relative = std::sqrt(variance / static_cast<double>(n)) / std::fabs(mean);
  const std::string these = grouped(static_cast<int64_t>(n));
  std::string out =
      format_text("%s: +-%.4g needs about %s trials (%s)", label.c_str(), half_width, grouped(needed).c_str(),
                  more > 0 ? (grouped(more) + " more than these " + these).c_str() : ("these " + these + " are enough").c_str());
  if (std::isfinite(relative) && seconds > 0)
    out +=
        format_text("; figure of merit 1/(R^2 T) %.3g per s (R %.2g, T %.3g s)", 1.0 / (relative * relative * seconds), relative, seconds);
  if (adjusted.applied) out += format_text("; luck-adjusted, variance reduction %.2fx", adjusted.reduction());
  return out + "\n";
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
