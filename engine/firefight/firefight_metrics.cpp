#include "engine/firefight/firefight_metrics.hpp"

#include <algorithm>
#include <cstdlib>

namespace volley::firefight {

Schema firefight_schema(const FirefightScenario& sc) {
  Schema schema;
  auto add = [&](std::string name, MetricKind kind, int64_t lo, int64_t hi, std::string what, bool headline) {
    schema.add({std::move(name), kind, lo, std::max(hi, lo + 1), std::move(what), headline});
  };
  const int turns = sc.turns;
  for (int s = 0; s < SideCount; ++s)
    add(sc.sides[s].name + ".win", MetricKind::Probability, 0, 1, sc.sides[s].name + " wins (F-9)", true);
  add("draw", MetricKind::Probability, 0, 1, "a draw: both defeated in one turn, or undecided after the last turn", true);
  add("undecided", MetricKind::Probability, 0, 1, "no side defeated after the last turn", false);
  // Headline: how long games last is on the first screen of a run, as a battle calculator shows it.
  add("turn_decided", MetricKind::Count, 1, turns, "the turn the trial was decided (the last turn if undecided)", true);
  // Balance measures (docs/methods.md): shares are figures in action over starting figures, in whole percent.
  add("margin", MetricKind::Count, -100, 100, "the winner's share of its figures in action minus the loser's, in percentage points (0: no winner)", false);
  add("close", MetricKind::Probability, 0, 1, "the sides' shares of figures in action end within " + std::to_string(CloseMargin) + " percentage points", false);
  add("lead_changes", MetricKind::Count, 0, std::max(turns - 1, 1), "turn ends at which the other side became ahead on its share of figures", false);
  add("behind_after_turn1", MetricKind::Probability, 0, 1, "a side is behind on its share of figures after turn 1, which decided nothing", false);
  add("comeback", MetricKind::Probability, 0, 1, "the side behind after turn 1 wins (comeback chance: comeback / behind_after_turn1)", false);
  for (int s = 0; s < SideCount; ++s) {
    const Side& side = sc.sides[s];
    const std::string& n = side.name;
    // The most fire dice the side can roll in one turn: every figure, at schnellfeuer's multiplier.
    int64_t dice = 0;
    for (const auto& u : side.units) dice += int64_t{u.figures} * sc.ruleset.weapons[u.weapon].dice_per_figure;
    if (side.fast_fire) dice *= sc.ruleset.sf_dice_multiplier;
    const int64_t figures = side.start_figures, units = static_cast<int64_t>(side.units.size());
    const int64_t markers = units + static_cast<int64_t>(side.decoys.size()) + units * 2 * ((turns + 1) / 2);
    add(n + ".hits", MetricKind::Count, 0, dice * turns, "fire dice that hit, scored by " + n, false);
    add(n + ".killed", MetricKind::Count, 0, figures, "figures of " + n + " killed", false);
    add(n + ".wounded", MetricKind::Count, 0, figures, "figures of " + n + " wounded", false);
    add(n + ".casualties", MetricKind::Count, 0, figures, "figures of " + n + " killed or wounded", true);
    add(n + ".units_broken", MetricKind::Count, 0, units, "units of " + n + " broken or destroyed", false);
    add(n + ".figures_left", MetricKind::Count, 0, figures, "figures of " + n + " in action at the end", true);
    add(n + ".schnellfeuer", MetricKind::Count, 0, (turns + 1) / 2, "schnellfeuer declarations by " + n + " (SF-A)", false);
    add(n + ".revealed_by_sf_d", MetricKind::Count, 0, markers, "hidden units and decoys of " + n + " revealed by SF-D", false);
    add(n + ".kept_hidden_sf_h", MetricKind::Count, 0, int64_t{sc.ruleset.sf_keep_hidden_max} * turns,
        "hidden units and decoys of " + n + " kept hidden by SF-H", false);
    add(n + ".reconcealed", MetricKind::Count, 0, units * ((turns + 1) / 2), "re-concealments by units of " + n + " (SF-F)", false);
    add(n + ".consecutive_declarations", MetricKind::Count, 0, turns,
        "declarations by " + n + " in the turn after a declaration (SF-I: must be 0)", false);
    add(n + ".reloading_fired", MetricKind::Count, 0, turns, "fire by reloading units of " + n + " (SF-E: must be 0)", false);
    for (int t = 1; t <= turns; ++t)
      add(n + ".hits.turn" + std::to_string(t), MetricKind::Count, 0, dice,
          "fire dice that hit, scored by " + n + " in turn " + std::to_string(t), true);
  }
  const bool unit_headline = sc.total_units() <= HeadlineUnitSurvivors;
  for (int g = 0; g < sc.total_units(); ++g) {
    const UnitSpec& u = sc.unit(g);
    const std::string& n = sc.sides[u.side].name;
    add(n + ".units." + u.name + ".figures_left", MetricKind::Count, 0, u.figures,
        "figures of " + n + " " + u.name + " in action at the end (0: broken or destroyed)", unit_headline);
  }
  schema.headline_index = static_cast<size_t>(headline_side(sc));
  return schema;
}

void observe_firefight(const FirefightScenario& sc, const FirefightState& st, int64_t* obs) noexcept {
  obs[0] = st.outcome == Outcome::Win0;
  obs[1] = st.outcome == Outcome::Win1;
  obs[2] = st.outcome == Outcome::Draw || st.outcome == Outcome::Undecided;
  obs[3] = st.outcome == Outcome::Undecided;
  obs[4] = st.turn_decided;
  int share[SideCount];  // whole percent of the starting figures in action at the end
  for (int s = 0; s < SideCount; ++s) {
    int left = 0;
    for (int g = sc.unit_offset[s]; g < sc.unit_offset[s + 1]; ++g) left += st.units[g].out() ? 0 : st.units[g].figures;
    share[s] = static_cast<int>(int64_t{left} * 100 / std::max(sc.sides[s].start_figures, 1));
  }
  const int winner = st.outcome == Outcome::Win0 ? 0 : st.outcome == Outcome::Win1 ? 1 : -1;
  obs[5] = winner < 0 ? 0 : share[winner] - share[1 - winner];
  obs[6] = std::abs(share[0] - share[1]) <= CloseMargin;
  obs[7] = st.lead_changes;
  obs[8] = st.behind_after_turn1 >= 0;
  obs[9] = st.behind_after_turn1 >= 0 && st.behind_after_turn1 == winner;
  for (int s = 0; s < SideCount; ++s) {
    int64_t* o = obs + side_block(sc, s);
    const SideTally& t = st.tally[s];
    int broken = 0, left = 0;
    for (int g = sc.unit_offset[s]; g < sc.unit_offset[s + 1]; ++g) {
      const UnitState& u = st.units[g];
      if (u.out())
        ++broken;
      else
        left += u.figures;
    }
    o[0] = t.hits;
    o[1] = t.killed;
    o[2] = t.wounded;
    o[3] = t.killed + t.wounded;
    o[4] = broken;
    o[5] = left;
    o[6] = t.schnellfeuer;
    o[7] = t.revealed_by_sf_d;
    o[8] = t.kept_hidden_sf_h;
    o[9] = t.reconcealed;
    o[10] = t.consecutive_declarations;
    o[11] = t.reloading_fired;
    for (int turn = 1; turn <= sc.turns; ++turn) o[PerSideMetrics + turn - 1] = st.hits_turn[s][turn];
  }
  int64_t* survivors = obs + unit_block(sc);
  for (int g = 0, n = sc.total_units(); g < n; ++g) survivors[g] = st.units[g].out() ? 0 : st.units[g].figures;
}

}  // namespace volley::firefight
