#include "sim/output/sweep_report.hpp"

#include "analysis/level_label.hpp"
#include "analysis/text_format.hpp"
#include "sim/output/text_escaping.hpp"

#include <algorithm>

namespace volley {

std::string sweep_text(const SweepTable& table, bool quiet) {
  std::string text = format_text("%s: sweep, %s trials per point, seed %llu, common random numbers across the grid\n", table.title.c_str(),
                                 table.trials.c_str(), static_cast<unsigned long long>(table.seed));
  const std::string percent = level_percent(table.level);
  std::string header;
  for (const auto& key : table.keys) header += std::string(key.size() < 14 ? 14 : key.size(), ' ').replace(0, key.size(), key) + " ";
  // quiet prints the target only; otherwise beside it every other headline probability (win, draw, loss).
  const size_t printed_columns = quiet ? 1 : table.columns.size();
  for (size_t c = 0; c < printed_columns; ++c) {
    std::string h = table.columns[c] + " [" + percent + "]";
    header += h + std::string(h.size() < 26 ? 26 - h.size() : 1, ' ');
  }
  text += header + "\n";
  for (const auto& row : table.rows) {
    std::string line;
    for (size_t a = 0; a < table.keys.size(); ++a) {
      const std::string& v = row.values[a];
      const size_t width = std::max<size_t>(table.keys[a].size(), 14);
      line += v + std::string(width + 1 - std::min(v.size(), width), ' ');
    }
    for (size_t c = 0; c < printed_columns; ++c) {
      const Interval& e = row.columns[c];
      char cell[96];
      std::snprintf(cell, sizeof cell, "%.4f [%.4f,%.4f]", e.estimate, e.low, e.high);
      line += std::string(cell) + std::string(std::string(cell).size() < 26 ? 26 - std::string(cell).size() : 1, ' ');
    }
    text += line + "\n";
  }
  text += sweep_paired_text(table);
  if (!table.partial_text.empty()) text += table.partial_text + "\n";
  return text;
}

std::string sweep_paired_text(const SweepTable& table) {
  if (table.paired.empty()) return "";
  const SweepTable& t = table;
  std::string text = format_text("paired on the same trials: %s, each value against %s, difference in %s [%s]\n", t.keys[0].c_str(),
                                 t.rows.front().values[0].c_str(), t.paired_target.c_str(), level_percent(t.level).c_str());
  const size_t width = t.keys.size() > 1 ? std::max<size_t>(t.keys[1].size(), 14) : 0;
  std::string header = t.keys.size() > 1 ? t.keys[1] + std::string(width + 1 - t.keys[1].size(), ' ') : "";
  const size_t values = t.paired.front().differences.size() + 1;
  std::vector<std::string> titles;
  for (size_t i = 1; i < values; ++i) titles.push_back(t.rows[i].values[0] + " - " + t.rows.front().values[0]);
  for (const auto& title : titles) header += title + std::string(title.size() < 28 ? 28 - title.size() : 1, ' ');
  text += header + "\n";
  for (const auto& line : t.paired) {
    std::string row = t.keys.size() > 1 ? line.at + std::string(width + 1 - std::min(line.at.size(), width), ' ') : "";
    for (size_t i = 0; i < line.differences.size(); ++i) {
      const Interval& d = line.differences[i];
      const std::string cell = format_text("%+.4f [%+.4f,%+.4f]", d.estimate, d.low, d.high);
      row +=
          cell +
          std::string(
              cell.size() < std::max<size_t>(titles[i].size(), 27) + 1 ? std::max<size_t>(titles[i].size(), 27) + 1 - cell.size() : 1, ' ');
    }
    text += row + "\n";
  }
  return text;
}

std::string sweep_csv(const SweepTable& table) {
  std::string csv = "";
  for (const auto& key : table.keys) csv += csv_field(key) + ",";
  csv += "metric,estimate,low,high,level\n";
  for (const auto& row : table.rows)
    for (size_t c = 0; c < table.columns.size(); ++c) {
      const Interval& e = row.columns[c];
      std::string values;
      for (const auto& v : row.values) values += csv_field(v) + ",";
      csv += values + csv_field(table.columns[c]) + format_text(",%.10g,%.10g,%.10g,%g\n", e.estimate, e.low, e.high, table.level);
    }
  return csv;
}

PlotSpec sweep_document_plot(const nlohmann::json& sweep) {
  struct Axis {
    std::string key;
    std::vector<std::string> values;
    std::vector<double> numbers;
  };
  std::vector<Axis> axes;
  for (const auto& a : sweep["axes"])
    axes.push_back({a["key"].get<std::string>(), a["values"].get<std::vector<std::string>>(), a["numbers"].get<std::vector<double>>()});
  const std::string target = sweep["target"].get<std::string>();
  const bool partial = sweep["partial"].get<bool>();
  const std::string title = sweep["title"].get<std::string>() + ": sweep" + (partial ? " (PARTIAL: interrupted)" : "");
  // The points, first axis fastest: point k is value k % n of the first axis and k / n of the second.
  const size_t n = axes[0].values.size();
  auto coordinate = [](const Axis& axis, size_t i) { return axis.numbers.empty() ? static_cast<double>(i) : axis.numbers[i]; };
  std::vector<SweepPoint> curve;
  std::vector<HeatCell> cells;
  for (size_t k = 0; k < sweep["points"].size(); ++k) {
    const auto& value = sweep["points"][k]["target"];
    const double x = coordinate(axes[0], k % n);
    if (axes.size() == 1) curve.push_back({x, value["estimate"].get<double>(), value["low"].get<double>(), value["high"].get<double>()});
    else cells.push_back({x, coordinate(axes[1], k / n), value["estimate"].get<double>()});
  }
  if (axes.size() == 1) {
    SweepPlotOptions plot_options;
    if (axes[0].numbers.empty()) plot_options.categories = axes[0].values;  // words (policies) are categories
    return sweep_plot({{target, curve}}, axes[0].key, target, title, plot_options);
  }
  return heatmap_plot(cells, {axes[0].key, axes[0].values, axes[0].numbers}, {axes[1].key, axes[1].values, axes[1].numbers}, target, title,
                      sweep["target_is_probability"].get<bool>());
}

}  // namespace volley
