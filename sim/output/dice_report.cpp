#include "sim/output/dice_report.hpp"

#include "analysis/level_label.hpp"
#include "analysis/text_format.hpp"

namespace volley {

namespace {

// A law's name in the table and the CSV: its label, or the value's name for a lone law.
std::string law_name(const DiceTable& table, size_t m) { return table.laws[m].label.empty() ? table.value_name : table.laws[m].label; }

}  // namespace

std::string dice_text(const DiceTable& table, bool quiet) {
  // --quiet: the moments (and the simulated mean with its interval); no question line, no table.
  std::string text = quiet ? "" : table.dice + ": " + table.question + "\n";
  if (table.opposed && !quiet)
    text += format_text("%s wins %.1f%%, tie %.1f%%, %s wins %.1f%%\n", table.side_a.c_str(), 100 * table.a_wins, 100 * table.tie,
                        table.side_b.c_str(), 100 * table.b_wins);
  if (table.explodes && !quiet)
    text += format_text(
        "exploding dice roll again at most %d times each; P(a die would explode beyond that) = %.3g, which the law "
        "gives to the capped totals (--explode-cap N)\n",
        table.explosion_cap, table.beyond_cap);
  const std::string level = level_percent(table.level);
  if (!quiet && !table.simulated) text += law_table(table.value_name, table.laws, LawUnit::Percent);
  if (!quiet && table.simulated)
    for (size_t m = 0; m < table.laws.size(); ++m) {
      const IntegerLaw& law = table.laws[m].law;
      text += format_text("%s%10s  %9s %9s %9s  %9s  %-23s\n", m ? "\n" : "", law_name(table, m).c_str(), "P(=k)", "P(>=k)", "P(<=k)",
                          "simulated", ("interval (" + level + " Wilson)").c_str());
      // In percent, as the exact table (law_table's LawUnit::Percent) and AnyDice show a law.
      for (int64_t k = law.lowest; k <= law.highest(); ++k) {
        const DiceTable::Value& v = table.values[m][static_cast<size_t>(k - law.lowest)];
        if (law.at(k) >= 5e-7 || v.count > 0)
          text += format_text("%10lld  %8.4f%% %8.4f%% %8.4f%%  %8.4f%%  [%8.4f%%, %8.4f%%]  %s\n", static_cast<long long>(k),
                              100 * law.at(k), 100 * law.at_least(k), 100 * law.at_most(k), 100 * v.interval.estimate, 100 * v.interval.low,
                              100 * v.interval.high, v.inside ? "" : "outside");
      }
    }
  text += law_moments(table.laws);
  if (!table.simulated) return text;
  for (size_t m = 0; m < table.laws.size(); ++m) {
    const Interval& e = table.means[m];
    text += format_text("simulated%s%s mean %.6f [%.6f, %.6f] (%s, %s)\n", table.laws[m].label.empty() ? "" : " ",
                        table.laws[m].label.c_str(), e.estimate, e.low, e.high, e.method, level.c_str());
  }
  text +=
      format_text("%llu trials, seed %llu, %s path; %d of %d values outside their %s interval (about %.1f expected by chance)\n",
                  static_cast<unsigned long long>(table.trials), static_cast<unsigned long long>(table.seed),
                  table.per_die ? "per-die" : "binomial", table.outside, table.compared, level.c_str(), (1 - table.level) * table.compared);
  if (table.partial)
    text += format_text("PARTIAL: interrupted after %llu of %llu trials; the simulated law rests on those\n",
                        static_cast<unsigned long long>(table.trials), static_cast<unsigned long long>(table.trials_planned));
  return text;
}

std::string dice_csv(const DiceTable& table) {
  std::string csv = "law,value,exact,at_least,at_most" + std::string(table.simulated ? ",simulated,low,high,level" : "") + "\n";
  for (size_t m = 0; m < table.laws.size(); ++m) {
    const IntegerLaw& law = table.laws[m].law;
    const std::string name = law_name(table, m);
    for (int64_t k = law.lowest; k <= law.highest(); ++k) {
      csv += format_text("%s,%lld,%.17g,%.17g,%.17g", name.c_str(), static_cast<long long>(k), law.at(k), law.at_least(k), law.at_most(k));
      if (table.simulated) {
        const Interval& w = table.values[m][static_cast<size_t>(k - law.lowest)].interval;
        csv += format_text(",%.10g,%.10g,%.10g,%g", w.estimate, w.low, w.high, table.level);
      }
      csv += "\n";
    }
  }
  return csv;
}

}  // namespace volley
