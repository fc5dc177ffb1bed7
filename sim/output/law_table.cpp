#include "sim/output/law_table.hpp"

#include "analysis/text_format.hpp"

#include <algorithm>

namespace volley {

namespace {

constexpr double Shown = 5e-7;  // below this a probability prints as 0.000000

// The values whose row is worth printing: from the first to the last value any law gives at least
// `Shown`.
std::pair<int64_t, int64_t> shown_range(const std::vector<NamedLaw>& laws) {
  int64_t lo = INT64_MAX, hi = INT64_MIN;
  for (const auto& [label, law] : laws)
    for (int64_t k = law.lowest; k <= law.highest(); ++k)
      if (law.at(k) >= Shown) lo = std::min(lo, k), hi = std::max(hi, k);
  if (lo > hi) lo = hi = 0;
  return {lo, hi};
}

}  // namespace

std::string law_table(const std::string& value_name, const std::vector<NamedLaw>& laws, LawUnit unit) {
  // With labelled laws the labels head the columns and the value column is just k.
  const bool labelled = laws.size() > 1 || !laws.front().label.empty();
  std::string out = format_text("%10s", labelled ? "k" : value_name.c_str());
  for (const auto& [label, law] : laws) {
    if (!label.empty()) out += format_text("  %-30s", ("| " + label).c_str());
  }
  if (labelled) out += "\n" + std::string(10, ' ');
  for (size_t i = 0; i < laws.size(); ++i) out += format_text("  %s%9s %9s %9s", laws.size() > 1 ? "|" : "", "P(=k)", "P(>=k)", "P(<=k)");
  out += "\n";
  const auto [lo, hi] = shown_range(laws);
  for (int64_t k = lo; k <= hi; ++k) {
    out += format_text("%10lld", static_cast<long long>(k));
    for (const auto& [label, law] : laws)
      out += unit == LawUnit::Percent
                 ? format_text("  %s%8.4f%% %8.4f%% %8.4f%%", laws.size() > 1 ? "|" : "", 100 * law.at(k), 100 * law.at_least(k),
                               100 * law.at_most(k))
                 : format_text("  %s%9.6f %9.6f %9.6f", laws.size() > 1 ? "|" : "", law.at(k), law.at_least(k), law.at_most(k));
    out += "\n";
  }
  return out;
}

std::string law_moments(const std::vector<NamedLaw>& laws) {
  std::string out;
  for (const auto& [label, law] : laws)
    out += format_text("%s%smean %.6f, standard deviation %.6f (exact)\n", label.c_str(), label.empty() ? "" : ": ", law.mean(),
                       law.standard_deviation());
  return out;
}

PlotSpec law_plot(const std::string& value_name, const std::vector<NamedLaw>& laws, const std::string& title) {
  PlotSpec plot;
  plot.width = 1100;
  plot.height = 420;
  const char* colours[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7"};
  const auto [lo, hi] = shown_range(laws);
  std::string bars, steps;
  for (size_t v = 0; v < laws.size(); ++v) {
    const IntegerLaw& law = laws[v].law;
    std::string rows;
    for (int64_t k = lo; k <= hi; ++k) rows += format_text("%lld %.10g %.10g\n", static_cast<long long>(k), law.at(k), law.at_least(k));
    const std::string block = "law" + std::to_string(v);
    plot.data.push_back({block, rows});
    const double width = 0.8 / static_cast<double>(laws.size());
    const double shift = (static_cast<double>(v) - (static_cast<double>(laws.size()) - 1) / 2) * width;
    const std::string label = laws[v].label.empty() ? "exact" : laws[v].label;
    const std::string colour = colours[v % 4];
    bars += (bars.empty() ? "" : ", ") +
            format_text("$%s using ($1+%.4f):2:(%.4f) with boxes lc rgb '%s' title ", block.c_str(), shift, width, colour.c_str()) +
            plot.texts.expression(label);
    steps += (steps.empty() ? "" : ", ") +
             format_text("$%s using 1:3 with linespoints pt 7 ps 0.6 lw 2 lc rgb '%s' title ", block.c_str(), colour.c_str()) +
             plot.texts.expression(label);
  }
  // Titles and labels are the user's words (5d6@4+): shown as written, not as enhanced-text markup.
  plot.script = "set multiplot layout 1,2 title " + plot.texts.expression(title) + " noenhanced" +
                "\nset termoption noenhanced\nset style fill solid 0.6 noborder\nset grid ytics\nset key top right\nset xlabel " +
                plot.texts.expression(value_name) +
                format_text("\nset xrange [%lld:%lld]\n", static_cast<long long>(lo) - 1, static_cast<long long>(hi) + 1) + "set title " +
                plot.texts.expression("P(" + value_name + " = k)") + "\nset yrange [0:*]\nplot " + bars + "\n" + "set title " +
                plot.texts.expression("P(" + value_name + " >= k)") + "\nset yrange [0:1.05]\nplot " + steps + "\nunset multiplot\n";
  return plot;
}

}  // namespace volley
