#include "sim/output/sensitivity_report.hpp"

#include "analysis/level_label.hpp"
#include "analysis/text_format.hpp"
#include "sim/output/text_escaping.hpp"

namespace volley {

std::string sensitivity_text(const SensitivityTable& table, bool quiet) {
  std::string text = format_text("\n%-44s %10s %-8s %-34s %-34s\n", "parameter", "value", "",
                                 ("one step down: change [" + level_percent(table.level) + "]").c_str(), "one step up: change");
  auto cell = [](const std::string& value, const std::optional<Interval>& d) {
    if (!d) return std::string("(refused by the rules)");
    char b[96];
    std::snprintf(b, sizeof b, "%s: %+.4f [%+.4f,%+.4f]", value.c_str(), d->estimate, d->low, d->high);
    return std::string(b);
  };
  // quiet: the three levers that move the target most; the files keep all.
  std::vector<const SensitivityEffect*> printed;
  for (const auto& e : table.effects) printed.push_back(&e);
  if (quiet && printed.size() > 3) printed.resize(3);
  for (const SensitivityEffect* e : printed)
    text += format_text("%-44s %10s %-8s %-34s %-34s\n", e->key.c_str(), e->value_text.c_str(), e->assumed ? "[assumed]" : "",
                        cell(e->down_value, e->down).c_str(), cell(e->up_value, e->up).c_str());
  if (table.effects.size() < table.played && !quiet)
    text += format_text("(the %zu largest of %zu parameters played, by the largest change either way; --limit 0 shows all)\n",
                        table.effects.size(), table.played);
  if (table.skipped > 0 && !quiet)
    text += format_text("(%zu parameters had no valid value one step away and were skipped)\n", table.skipped);
  if (table.partial) text += table.partial_text + "\n";
  return text;
}

std::string sensitivity_csv(const SensitivityTable& table) {
  std::string csv = "parameter,value,assumed,direction,new_value,change,low,high\n";
  for (const auto& e : table.effects)
    for (int direction : {-1, 1}) {
      const auto& d = direction < 0 ? e.down : e.up;
      if (!d) continue;
      csv += csv_field(e.key) + format_text(",%.10g,%d,%s,", e.value, e.assumed ? 1 : 0, direction < 0 ? "down" : "up") +
             csv_field(direction < 0 ? e.down_value : e.up_value) + format_text(",%.10g,%.10g,%.10g\n", d->estimate, d->low, d->high);
    }
  return csv;
}

PlotSpec sensitivity_plot(const SensitivityTable& table) {
  std::vector<TornadoBar> bars;
  for (const auto& e : table.effects)
    bars.push_back({e.key + " (" + e.step + ")", e.assumed, e.down ? e.down->estimate : 0.0, e.up ? e.up->estimate : 0.0});
  if (bars.size() > 30) bars.resize(30);  // already ranked
  return tornado_plot(bars, table.target, table.title + ": sensitivity" + (table.partial ? " (PARTIAL: interrupted)" : ""));
}

}  // namespace volley
