#include "sim/output/tune_report.hpp"

#include "analysis/digit_grouping.hpp"
#include "analysis/level_label.hpp"
#include "analysis/text_format.hpp"
#include "sim/output/text_escaping.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace volley {

std::string tune_text(const TuneAnswer& t, bool quiet) {
  const Interval &ea = t.at_low, &eb = t.at_high;
  if (t.partial)
    return format_text("\nPARTIAL: interrupted after %zu evaluated values; no root is given (the bracket is not final)\n", t.evaluated);
  if (!t.bracketed)
    return format_text("\nThe goal %g is not bracketed: %s is %.4f at %s and %.4f at %s. Widen the range.\n", t.goal, t.target.c_str(),
                       ea.estimate, t.low_end.c_str(), eb.estimate, t.high_end.c_str());
  auto side = [&](const Interval& e) {
    if (e.high < t.goal) return "below the goal";
    if (e.low > t.goal) return "above the goal";
    return "not separable from the goal at this trial count";
  };
  std::string text;
  if (!quiet)
    text += format_text("\nbracket: %s = %s gives %.4f [%.4f, %.4f] (%s)\n         %s = %s gives %.4f [%.4f, %.4f] (%s)\n", t.key.c_str(),
                        t.low_end.c_str(), ea.estimate, ea.low, ea.high, side(ea), t.key.c_str(), t.high_end.c_str(), eb.estimate, eb.low,
                        eb.high, side(eb));
  return text + t.answer_text;
}

std::string tune_table(const nlohmann::json& tune) {
  std::vector<nlohmann::json> points(tune["points"].begin(), tune["points"].end());
  if (points.empty()) return "";
  std::stable_sort(points.begin(), points.end(),
                   [](const nlohmann::json& a, const nlohmann::json& b) { return a["x"].get<double>() < b["x"].get<double>(); });
  const bool integer = tune.value("integer", false);
  const std::string parameter = terminal_text(tune["parameter"].get<std::string>());
  const int width = std::max(9, static_cast<int>(parameter.size()));
  std::string text = format_text("\n%-*s %9s  %-18s %12s\n", width, parameter.c_str(), "estimate",
                                 (level_percent(tune["level"].get<double>()) + " interval").c_str(), "trials");
  for (const auto& p : points) {
    const double x = p["x"].get<double>();
    text += format_text("%-*s %9.4f  %-18s %12s\n", width, integer ? format_text("%.0f", x).c_str() : format_text("%.3f", x).c_str(),
                        p["estimate"].get<double>(), format_text("[%.4f, %.4f]", p["low"].get<double>(), p["high"].get<double>()).c_str(),
                        grouped(static_cast<int64_t>(p["trials"].get<uint64_t>())).c_str());
  }
  return text;
}

std::string tune_csv(const nlohmann::json& tune) {
  std::string csv = csv_field(tune["parameter"].get<std::string>()) + ",estimate,low,high,trials\n";
  for (const auto& p : tune["points"])
    csv += format_text("%.10g,%.10g,%.10g,%.10g,%llu\n", p["x"].get<double>(), p["estimate"].get<double>(), p["low"].get<double>(),
                       p["high"].get<double>(), static_cast<unsigned long long>(p["trials"].get<uint64_t>()));
  return csv;
}

PlotSpec tune_plot(const TuneAnswer& t, const nlohmann::json& tune) {
  std::vector<SweepPoint> curve;
  for (const auto& p : tune["points"])
    curve.push_back({p["x"].get<double>(), p["estimate"].get<double>(), p["low"].get<double>(), p["high"].get<double>()});
  SweepPlotOptions plot_options;
  plot_options.goal = t.goal;
  if (t.fit_ok) {
    // The fitted model through the local points (analysis/root_fit.hpp): logistic on a probability.
    const bool logistic = t.logistic;
    const double intercept = tune["fit"]["intercept"].get<double>(), slope = tune["fit"]["slope"].get<double>();
    plot_options.fitted = [=](double x) { return logistic ? 1 / (1 + std::exp(-(intercept + slope * x))) : intercept + slope * x; };
    plot_options.fit_from = tune["fit"]["from"].get<double>();
    plot_options.fit_to = tune["fit"]["to"].get<double>();
    if (!t.integer) {  // an integer parameter is answered by whole numbers, not the fit's root
      plot_options.root = t.root;
      plot_options.root_low = t.root_low;
      plot_options.root_high = t.root_high;
    }
  }
  const char* unanswered = t.partial ? " (PARTIAL: interrupted)" : t.bracketed ? "" : " (goal not bracketed: no root)";
  return sweep_plot({{t.target, curve}}, t.key, t.target, tune["title"].get<std::string>() + ": tune" + unanswered, plot_options);
}

}  // namespace volley
