#include "engine/firefight/firefight_metrics.hpp"

#include "engine/metric_declaration.hpp"

#include <algorithm>
#include <cstdlib>

namespace volley::firefight {

namespace {

// A side's limits, from which the tops of its metrics' histograms follow.
struct SideBounds {
  int64_t dice = 0;  // the most fire dice the side can roll in one turn: every figure, at schnellfeuer's multiplier
  int64_t figures = 0, units = 0, markers = 0, turns = 0, keep_hidden_max = 0;
};

// A side at the end of a trial: its tally and its units summed.
struct SideEnd {
  const SideTally& tally;
  int64_t broken = 0, left = 0;
};

// Each metric once, in schema order: its text and kind (MetricText, "<s>" the side's name, "<t>" the
// turn, "<u>" the unit's name), the top of its histogram and its observation. The schema and the
// observer walk the same lists, so that a metric's place in one is its place in the other.

// First the outcome: both sides' wins, then the shared metrics. `s`: the side a win is of.
template <class Visit>
void visit_outcome_metrics(Visit&& visit) {
  for (int s = 0; s < SideCount; ++s)
    visit(
        MetricText{"<s>.win", "<s> wins (F-9)", MetricKind::Probability, 0, true}, s, [](int64_t) -> int64_t { return 1; },
        [s](const FirefightState& st) -> int64_t { return st.outcome == (s == 0 ? Outcome::Win0 : Outcome::Win1); });
  visit(
      MetricText{"draw", "a draw: both defeated in one turn, or undecided after the last turn", MetricKind::Probability, 0, true}, -1,
      [](int64_t) -> int64_t { return 1; },
      [](const FirefightState& st) -> int64_t { return st.outcome == Outcome::Draw || st.outcome == Outcome::Undecided; });
  visit(
      MetricText{"undecided", "no side defeated after the last turn", MetricKind::Probability, 0, false}, -1,
      [](int64_t) -> int64_t { return 1; }, [](const FirefightState& st) -> int64_t { return st.outcome == Outcome::Undecided; });
  // Headline: how long games last is on the first screen of a run, as a battle calculator shows it.
  visit(
      MetricText{"turn_decided", "the turn the trial was decided (the last turn if undecided)", MetricKind::Count, 1, true}, -1,
      [](int64_t turns) { return turns; }, [](const FirefightState& st) -> int64_t { return st.turn_decided; });
}

// A trial's end as the balance measures read it (docs/methods.md, "Balance measures"): each side's
// share of its starting figures in action, in whole percent, and the winner (-1: none).
struct BalanceEnd {
  const FirefightState& st;
  int64_t share[SideCount] = {0, 0};
  int winner = -1;
};

BalanceEnd balance_end(const FirefightScenario& sc, const FirefightState& st) {
  BalanceEnd end{st};
  for (int s = 0; s < SideCount; ++s) {
    int64_t left = 0;
    for (int g = sc.unit_offset[s]; g < sc.unit_offset[s + 1]; ++g) left += st.units[g].out() ? 0 : st.units[g].figures;
    end.share[s] = left * 100 / std::max(sc.sides[s].start_figures, 1);
  }
  end.winner = st.outcome == Outcome::Win0 ? 0 : st.outcome == Outcome::Win1 ? 1 : -1;
  return end;
}

static_assert(CloseMargin == 10, "the description of `close` names the margin");

// After the outcome, the balance measures; the top of a histogram from the number of turns.
template <class Visit>
void visit_balance_metrics(Visit&& visit) {
  constexpr auto Count = MetricKind::Count;
  constexpr auto Probability = MetricKind::Probability;
  visit(
      MetricText{"margin", "the winner's share of its figures in action minus the loser's, in percentage points (0: no winner)", Count,
                 -100, false},
      [](int64_t) -> int64_t { return 100; },
      [](const BalanceEnd& e) -> int64_t { return e.winner < 0 ? 0 : e.share[e.winner] - e.share[1 - e.winner]; });
  visit(
      MetricText{"close", "the sides' shares of figures in action end within 10 percentage points", Probability, 0, false},
      [](int64_t) -> int64_t { return 1; },
      [](const BalanceEnd& e) -> int64_t { return std::abs(e.share[0] - e.share[1]) <= CloseMargin; });
  visit(
      MetricText{"lead_changes", "turn ends at which the other side became ahead on its share of figures", Count, 0, false},
      [](int64_t turns) { return turns - 1; }, [](const BalanceEnd& e) -> int64_t { return e.st.lead_changes; });
  visit(
      MetricText{"behind_after_turn1", "a side is behind on its share of figures after turn 1, which decided nothing", Probability, 0,
                 false},
      [](int64_t) -> int64_t { return 1; }, [](const BalanceEnd& e) -> int64_t { return e.st.behind_after_turn1 >= 0; });
  visit(
      MetricText{"comeback", "the side behind after turn 1 wins (comeback chance: comeback / behind_after_turn1)", Probability, 0, false},
      [](int64_t) -> int64_t { return 1; },
      [](const BalanceEnd& e) -> int64_t { return e.st.behind_after_turn1 >= 0 && e.st.behind_after_turn1 == e.winner; });
}

// Then per side, in the sides' order: these, then its hits per turn.
template <class Visit>
void visit_side_metrics(Visit&& visit) {
  constexpr auto Count = MetricKind::Count;
  visit(
      MetricText{"<s>.hits", "fire dice that hit, scored by <s>", Count, 0, false}, [](const SideBounds& b) { return b.dice * b.turns; },
      [](const SideEnd& e) -> int64_t { return e.tally.hits; });
  visit(
      MetricText{"<s>.killed", "figures of <s> killed", Count, 0, false}, [](const SideBounds& b) { return b.figures; },
      [](const SideEnd& e) -> int64_t { return e.tally.killed; });
  visit(
      MetricText{"<s>.wounded", "figures of <s> wounded", Count, 0, false}, [](const SideBounds& b) { return b.figures; },
      [](const SideEnd& e) -> int64_t { return e.tally.wounded; });
  visit(
      MetricText{"<s>.casualties", "figures of <s> killed or wounded", Count, 0, true}, [](const SideBounds& b) { return b.figures; },
      [](const SideEnd& e) -> int64_t { return e.tally.killed + e.tally.wounded; });
  visit(
      MetricText{"<s>.units_broken", "units of <s> broken or destroyed", Count, 0, false}, [](const SideBounds& b) { return b.units; },
      [](const SideEnd& e) { return e.broken; });
  visit(
      MetricText{"<s>.figures_left", "figures of <s> in action at the end", Count, 0, true}, [](const SideBounds& b) { return b.figures; },
      [](const SideEnd& e) { return e.left; });
  visit(
      MetricText{"<s>.schnellfeuer", "schnellfeuer declarations by <s> (SF-A)", Count, 0, false},
      [](const SideBounds& b) { return (b.turns + 1) / 2; }, [](const SideEnd& e) -> int64_t { return e.tally.schnellfeuer; });
  visit(
      MetricText{"<s>.revealed_by_sf_d", "hidden units and decoys of <s> revealed by SF-D", Count, 0, false},
      [](const SideBounds& b) { return b.markers; }, [](const SideEnd& e) -> int64_t { return e.tally.revealed_by_sf_d; });
  visit(
      MetricText{"<s>.kept_hidden_sf_h", "hidden units and decoys of <s> kept hidden by SF-H", Count, 0, false},
      [](const SideBounds& b) { return b.keep_hidden_max * b.turns; },
      [](const SideEnd& e) -> int64_t { return e.tally.kept_hidden_sf_h; });
  visit(
      MetricText{"<s>.reconcealed", "re-concealments by units of <s> (SF-F)", Count, 0, false},
      [](const SideBounds& b) { return b.units * ((b.turns + 1) / 2); }, [](const SideEnd& e) -> int64_t { return e.tally.reconcealed; });
  visit(
      MetricText{"<s>.consecutive_declarations", "declarations by <s> in the turn after a declaration (SF-I: must be 0)", Count, 0, false},
      [](const SideBounds& b) { return b.turns; }, [](const SideEnd& e) -> int64_t { return e.tally.consecutive_declarations; });
  visit(
      MetricText{"<s>.reloading_fired", "fire by reloading units of <s> (SF-E: must be 0)", Count, 0, false},
      [](const SideBounds& b) { return b.turns; }, [](const SideEnd& e) -> int64_t { return e.tally.reloading_fired; });
}

// A side's hits in each turn 1..turns, after its block.
constexpr MetricText TurnHits{"<s>.hits.turn<t>", "fire dice that hit, scored by <s> in turn <t>", MetricKind::Count, 0, true};
int64_t turn_hits_top(const SideBounds& b) { return b.dice; }
int64_t turn_hits(const FirefightState& st, int side, int turn) { return st.hits_turn[side][turn]; }

// Last, per unit in global index order, its survivors in action (a headline up to HeadlineUnitSurvivors units).
constexpr MetricText UnitFiguresLeft{"<s>.units.<u>.figures_left", "figures of <s> <u> in action at the end (0: broken or destroyed)",
                                     MetricKind::Count, 0, true};
int64_t unit_figures_left_top(const UnitSpec& u) { return u.figures; }
int64_t unit_figures_left(const UnitState& u) { return u.out() ? 0 : u.figures; }

SideBounds bounds_of(const FirefightScenario& sc, const Side& side) {
  SideBounds b;
  for (const auto& u : side.units) b.dice += int64_t{u.figures} * sc.ruleset.weapons[u.weapon].dice_per_figure;
  if (side.fast_fire) b.dice *= sc.ruleset.sf_dice_multiplier;
  b.figures = side.start_figures;
  b.units = static_cast<int64_t>(side.units.size());
  b.turns = sc.turns;
  b.markers = b.units + static_cast<int64_t>(side.decoys.size()) + b.units * 2 * ((b.turns + 1) / 2);
  b.keep_hidden_max = sc.ruleset.sf_keep_hidden_max;
  return b;
}

}  // namespace

Schema make_schema(const FirefightScenario& sc) {
  Schema schema;
  auto add = [&](const MetricText& text, const MetricNames& names, int64_t hi, bool headline) {
    schema.add({names.fill(text.name), text.kind, text.lo, std::max(hi, text.lo + 1), names.fill(text.description), headline});
  };
  visit_outcome_metrics([&](const MetricText& text, int side, auto top, auto) {
    add(text, MetricNames{side < 0 ? "" : sc.sides[side].name}, top(int64_t{sc.turns}), text.headline);
  });
  visit_balance_metrics([&](const MetricText& text, auto top, auto) { add(text, MetricNames{""}, top(int64_t{sc.turns}), text.headline); });
  for (int s = 0; s < SideCount; ++s) {
    const SideBounds bounds = bounds_of(sc, sc.sides[s]);
    const MetricNames side{sc.sides[s].name};
    visit_side_metrics([&](const MetricText& text, auto top, auto) { add(text, side, top(bounds), text.headline); });
    for (int t = 1; t <= sc.turns; ++t) add(TurnHits, side.with_turn(t), turn_hits_top(bounds), TurnHits.headline);
  }
  const bool unit_headline = sc.total_units() <= HeadlineUnitSurvivors;
  for (int g = 0; g < sc.total_units(); ++g) {
    const UnitSpec& u = sc.unit(g);
    add(UnitFiguresLeft, MetricNames{sc.sides[u.side].name}.with_unit(u.name), unit_figures_left_top(u),
        UnitFiguresLeft.headline && unit_headline);
  }
  schema.headline_index = static_cast<size_t>(headline_side(sc));
  for (int i = 0; i < LuckControlCount; ++i) schema.controls.push_back(luck_control_name(i, sc.sides[0].name, sc.sides[1].name));
  return schema;
}

void observe(const FirefightScenario& sc, const FirefightState& st, int64_t* obs) noexcept {
  visit_outcome_metrics([&](const MetricText&, int, auto, auto observation) { *obs++ = observation(st); });
  const BalanceEnd balance = balance_end(sc, st);
  visit_balance_metrics([&](const MetricText&, auto, auto observation) { *obs++ = observation(balance); });
  for (int s = 0; s < SideCount; ++s) {
    SideEnd end{st.tally[s]};
    for (int g = sc.unit_offset[s]; g < sc.unit_offset[s + 1]; ++g) {
      const UnitState& u = st.units[g];
      if (u.out()) ++end.broken;
      else end.left += u.figures;
    }
    visit_side_metrics([&](const MetricText&, auto, auto observation) { *obs++ = observation(end); });
    for (int turn = 1; turn <= sc.turns; ++turn) *obs++ = turn_hits(st, s, turn);
  }
  for (int g = 0, n = sc.total_units(); g < n; ++g) *obs++ = unit_figures_left(st.units[g]);
  st.luck.write(obs);
}

}  // namespace volley::firefight
