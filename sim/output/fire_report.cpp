#include "sim/output/fire_report.hpp"

#include "analysis/text_format.hpp"
#include "engine/geometry.hpp"
#include "sim/output/law_table.hpp"

namespace volley {

namespace {

using firefight::StandingFireLaw;
using firefight::VolleyLaw;

std::vector<NamedLaw> span_laws(const FireTable& table, IntegerLaw StandingFireLaw::*member) {
  std::vector<NamedLaw> laws;
  for (size_t v = 0; v < table.spans.size(); ++v) laws.push_back({table.labels[v], table.spans[v].*member});
  return laws;
}

std::vector<NamedLaw> volley_laws(const FireTable& table, IntegerLaw VolleyLaw::*member) {
  std::vector<NamedLaw> laws;
  for (size_t v = 0; v < table.volleys.size(); ++v) laws.push_back({table.labels[v], table.volleys[v].*member});
  return laws;
}

std::string ratio(double fast, double normal) {
  return normal > 0 ? format_text("x%.3f", fast / normal) : std::string("normal fire cannot hit");
}

}  // namespace

std::string fire_text(const FireTable& t, bool quiet) {
  std::string text;
  if (!quiet) {
    text += format_text("%s (%s, d%d): %s%d figures with %s%s at target class %d (%s%s)\n", t.title.c_str(), t.ruleset.c_str(), t.fire_die,
                        t.firer_text.c_str(), t.figures, t.weapon.c_str(),
                        t.range >= 0 ? (" at " + inches(to_coord(t.range)) + "\"").c_str() : "", t.target_class, t.target_text.c_str(),
                        t.target_figures > 0 ? (std::to_string(t.target_figures) + " figures: hits beyond them are lost").c_str()
                                             : "no limit on casualties");
    for (size_t v = 0; v < t.volleys.size(); ++v)
      text += format_text(
          "  %-20s %d dice needing %d or less on d%d (%s)\n", t.labels[v].c_str(), t.volleys[v].dice, t.volleys[v].band, t.fire_die,
          v == 0 ? (t.firer_prone ? "prone firer at -1" : "F-4") : format_text("twice the dice at %+d", t.sf_fire_modifier).c_str());
    if (!t.fast_fire) text += format_text("  (%s has no fast fire: no schnellfeuer column)\n", t.firer_side.c_str());
  }
  // A law per column, as a table (and its moments).
  const auto laws_text = [&](const std::string& title, const std::vector<NamedLaw>& laws) {
    text += (quiet ? "" : "\n") + title + "\n" + (quiet ? "" : law_table("k", laws)) + law_moments(laws);
  };
  const std::string kill_text = format_text("each casualty killed with %d/%d (F-4), the rest wounded", t.kill_num, t.kill_den);

  // Over the turns first (SF-E's reload turn counts), normal fire every turn, schnellfeuer every other.
  std::string span_text = format_text("OVER %d TURN%s of standing fire (%s): ", t.turns, t.turns == 1 ? "" : "S",
                                      t.turns == 2 && t.volleys.size() == 2 ? "schnellfeuer's cycle" : "--turns");
  for (size_t v = 0; v < t.spans.size(); ++v)
    span_text +=
        format_text("%s%s %d volley%s", v ? ", " : "", t.labels[v].c_str(), t.spans[v].volleys, t.spans[v].volleys == 1 ? "" : "s");
  if (t.volleys.size() == 2)
    span_text += format_text(" and %d reload turn%s (SF-E)", t.turns - t.spans[1].volleys, t.turns - t.spans[1].volleys == 1 ? "" : "s");
  text += (quiet ? "" : "\n") + span_text + "\n" +
          (quiet ? "" : "the target stands (no prone) and does not fire back; its figures fall as they are hit (F-4)\n");
  laws_text(format_text("casualties over the %d turns", t.turns), span_laws(t, &StandingFireLaw::casualties));
  laws_text(format_text("killed over the %d turns: %s", t.turns, kill_text.c_str()), span_laws(t, &StandingFireLaw::killed));
  if (t.target_figures > 0)
    laws_text(format_text("the target's figures left after the %d turns, of %d", t.turns, t.target_figures),
              span_laws(t, &StandingFireLaw::figures_left));

  // Per volley (a volley of schnellfeuer is followed by its reload turn).
  text += std::string(quiet ? "" : "\n") + "PER VOLLEY (not per turn: schnellfeuer's volley is followed by a reload turn)\n";
  laws_text("hits of one volley (F-4)", volley_laws(t, &VolleyLaw::hits));
  // Without a limit every hit is a casualty: the hits' table says it all.
  if (t.target_figures > 0)
    laws_text("casualties of one volley: hits up to the target's figures (F-4)", volley_laws(t, &VolleyLaw::casualties));
  laws_text("killed in one volley: " + kill_text, volley_laws(t, &VolleyLaw::killed));
  if (!quiet) text += "\n";
  if (t.prone_test) {
    text += format_text("the target goes prone after the burst (F-8a: d6 + casualties >= %d):", t.prone_threshold);
    for (size_t v = 0; v < t.volleys.size(); ++v)
      text += format_text(" %s %.6f%s", t.labels[v].c_str(), t.volleys[v].prone, v + 1 < t.volleys.size() ? "," : "\n");
    if (!quiet)
      text += format_text("a prone target is class %d until it stands, and a prone firer fires at %+d\n", t.prone_target_class,
                          t.prone_fire_modifier);
  } else if (!quiet) {
    text += "no prone test (F-8a applies to a burst of the fast-fire side at a side with prone_rule)\n";
  }
  if (t.volleys.size() == 2) {
    const double normal = t.spans[0].casualties.mean(), fast = t.spans[1].casualties.mean();
    text += format_text("over %d turns: schnellfeuer puts out %.3f figures on average against %.3f for normal fire (%s)\n", t.turns, fast,
                        normal, ratio(fast, normal).c_str());
    const double normal_1 = t.volleys[0].casualties.mean(), fast_1 = t.volleys[1].casualties.mean();
    text += format_text(
        "per volley: schnellfeuer puts out %.3f figures on average against %.3f for normal fire (%s), but fires only every other turn "
        "(SF-E)\n",
        fast_1, normal_1, ratio(fast_1, normal_1).c_str());
  }
  return text;
}

PlotSpec fire_plot(const FireTable& t) {
  return law_plot("casualties", span_laws(t, &StandingFireLaw::casualties), t.title + format_text(": casualties over %d turns", t.turns));
}

}  // namespace volley
