#include "engine/barrage/barrage_metrics.hpp"

#include "engine/barrage/morale_standing.hpp"
#include "engine/metric_declaration.hpp"

#include <algorithm>
#include <cstdlib>

#include <variant>

namespace volley::barrage {

namespace {

// A side's limits, from which the tops of its metrics' histograms follow.
struct SideBounds {
  int64_t turns = 0, units = 0, blinds = 0, dummies = 0;
  int64_t missions = 0;  // planned and pre-registered
  int64_t starts = 0;    // the most starts and calls: each planned mission once, each pre-registered one each turn
  int64_t rolling = 0;   // rolling barrages: the type that can leave the table
  int64_t command_dice = 0, morale_loss_die = 0;
};

// Each metric of a side once, in schema order: its text and kind (MetricText, "<s>" the side's
// name), the top of its histogram and its observation. The schema and the observer walk this same
// list, so that a metric's place in one is its place in the other.
template <class Visit>
void visit_side_metrics(Visit&& visit) {
  constexpr auto Count = MetricKind::Count;
  visit(
      MetricText{"<s>.units_hit", "units of <s> hit by a fire for effect at least once", Count, 0, true},
      [](const SideBounds& b) { return b.units; }, [](const SideState& s) -> int64_t { return s.units_hit; });
  visit(
      MetricText{"<s>.suppressed", "units of <s> suppressed at least once", Count, 0, true}, [](const SideBounds& b) { return b.units; },
      [](const SideState& s) -> int64_t { return s.suppressed; });
  visit(
      MetricText{"<s>.dispersed", "units of <s> dispersed", Count, 0, true}, [](const SideBounds& b) { return b.units; },
      [](const SideState& s) -> int64_t { return s.dispersed; });
  visit(
      MetricText{"<s>.any_dispersed", "at least one unit of <s> dispersed", MetricKind::Probability, 0, true},
      [](const SideBounds&) -> int64_t { return 1; }, [](const SideState& s) -> int64_t { return s.dispersed > 0 ? 1 : 0; });
  visit(
      MetricText{"<s>.blinds_hit", "Blinds of <s> (dummies included) under a template at least once", Count, 0, false},
      [](const SideBounds& b) { return b.blinds; }, [](const SideState& s) -> int64_t { return s.blinds_hit; });
  visit(
      MetricText{"<s>.dummies_hit", "dummy Blinds of <s> under a template at least once (fire wasted)", Count, 0, false},
      [](const SideBounds& b) { return b.dummies; }, [](const SideState& s) -> int64_t { return s.dummies_hit; });
  visit(
      MetricText{"<s>.morale_lost", "army morale points <s> lost (D3 per dispersed unit)", Count, 0, true},
      [](const SideBounds& b) { return b.morale_loss_die * b.units; }, [](const SideState& s) -> int64_t { return s.morale_lost; });
  visit(
      MetricText{"<s>.staff_orders_spent", "Staff Orders <s> spent", Count, 0, false},
      [](const SideBounds& b) { return b.turns * b.command_dice; }, [](const SideState& s) -> int64_t { return s.staff_spent; });
  visit(
      MetricText{"<s>.missions_started", "fire missions of <s> started or called", Count, 0, false},
      [](const SideBounds& b) { return b.starts; }, [](const SideState& s) -> int64_t { return s.missions_started; });
  visit(
      MetricText{"<s>.missions_delayed", "delays of <s>'s fire missions (each turn a mission is delayed)", Count, 0, false},
      [](const SideBounds& b) { return b.turns * b.missions; }, [](const SideState& s) -> int64_t { return s.missions_delayed; });
  visit(
      MetricText{"<s>.missions_cancelled",
                 "fire missions of <s> cancelled by a Command Failure (or, with unpaid_start cancel, short of Staff Orders to start)",
                 Count, 0, false},
      [](const SideBounds& b) { return b.starts; }, [](const SideState& s) -> int64_t { return s.missions_cancelled; });
  visit(
      MetricText{"<s>.missions_ended_supply", "fire missions of <s> ended by a failed supply check", Count, 0, false},
      [](const SideBounds& b) { return b.starts; }, [](const SideState& s) -> int64_t { return s.missions_ended_supply; });
  visit(
      MetricText{"<s>.missions_ended_edge", "rolling barrages of <s> ended at the table edge", Count, 0, false},
      [](const SideBounds& b) { return b.rolling; }, [](const SideState& s) -> int64_t { return s.missions_ended_edge; });
  visit(
      MetricText{"<s>.friendly_hit", "units of <s> hit by <s>'s own barrage", Count, 0, false}, [](const SideBounds& b) { return b.units; },
      [](const SideState& s) -> int64_t { return s.friendly_hit; });
  visit(
      MetricText{"<s>.command_failures", "turns with a Command Failure of <s>", Count, 0, false},
      [](const SideBounds& b) { return b.turns; }, [](const SideState& s) -> int64_t { return s.command_failures; });
}

// After both sides' blocks, the balance measures (docs/methods.md, "Balance measures"), on army morale
// (morale_standing.hpp): each one's text, the bottom and top of its histogram from the attacker's and
// the defender's bounds, and its observation.
template <class Visit>
void visit_balance_metrics(Visit&& visit) {
  constexpr auto Count = MetricKind::Count;
  constexpr auto Probability = MetricKind::Probability;
  visit(
      MetricText{"morale_margin", "army morale the defender lost minus what the attacker lost", Count, 0, false},
      [](const SideBounds& attacker, const SideBounds&) { return -attacker.morale_loss_die * attacker.units; },
      [](const SideBounds&, const SideBounds& defender) { return defender.morale_loss_die * defender.units; },
      [](const BarrageScenario& sc, const BarrageState& st) -> int64_t {
        return st.sides[sc.defender()].morale_lost - st.sides[sc.attacker].morale_lost;
      });
  visit(
      MetricText{"close", "the sides' army morale lost ends within one dispersal's most (the morale loss die)", Probability, 0, false},
      [](const SideBounds&, const SideBounds&) -> int64_t { return 0; }, [](const SideBounds&, const SideBounds&) -> int64_t { return 1; },
      [](const BarrageScenario& sc, const BarrageState& st) -> int64_t {
        return std::abs(st.sides[0].morale_lost - st.sides[1].morale_lost) <= sc.ruleset.morale_loss_die;
      });
  visit(
      MetricText{"lead_changes", "turn ends at which the other side became ahead on army morale (the side that lost less)", Count, 0,
                 false},
      [](const SideBounds&, const SideBounds&) -> int64_t { return 0; },
      [](const SideBounds& attacker, const SideBounds&) { return attacker.turns - 1; },
      [](const BarrageScenario&, const BarrageState& st) -> int64_t { return st.lead_changes; });
  visit(
      MetricText{"behind_after_turn1", "a side is behind on army morale after turn 1", Probability, 0, false},
      [](const SideBounds&, const SideBounds&) -> int64_t { return 0; }, [](const SideBounds&, const SideBounds&) -> int64_t { return 1; },
      [](const BarrageScenario&, const BarrageState& st) -> int64_t { return st.behind_after_turn1 >= 0; });
  visit(
      MetricText{"comeback", "the side behind on army morale after turn 1 ends ahead (comeback chance: comeback / behind_after_turn1)",
                 Probability, 0, false},
      [](const SideBounds&, const SideBounds&) -> int64_t { return 0; }, [](const SideBounds&, const SideBounds&) -> int64_t { return 1; },
      [](const BarrageScenario&, const BarrageState& st) -> int64_t {
        return st.behind_after_turn1 >= 0 && morale_leader(st) == st.behind_after_turn1;
      });
}

// After the balance measures, per unit of the defender that `first_hit_units` names, the turn it was first hit.
constexpr MetricText FirstHit{"<s>.first_hit.<u>", "turn <u> was first hit (0: never)", MetricKind::Count, 0, false};
int64_t first_hit_top(const BarrageScenario& scenario) { return scenario.turns; }
int64_t first_hit(const UnitState& unit) { return unit.first_hit; }

SideBounds bounds_of(const BarrageScenario& scenario, const SideSpec& side) {
  SideBounds b;
  b.turns = scenario.turns;
  b.units = static_cast<int64_t>(side.units.size());
  for (int blind : side.blinds) {
    ++b.blinds;
    b.dummies += scenario.blinds[blind].dummy() ? 1 : 0;
  }
  int64_t planned = 0, pre_registered = 0;
  for (int m : side.missions) {
    const MissionSpec& mission = scenario.missions[m];
    (mission.called() ? pre_registered : planned) += 1;
    b.rolling += std::holds_alternative<RollingBarrage>(mission.kind) ? 1 : 0;
  }
  b.starts = planned + pre_registered * b.turns;
  b.missions = planned + pre_registered;
  b.command_dice = side.command_dice;
  b.morale_loss_die = scenario.ruleset.morale_loss_die;
  return b;
}

}  // namespace

std::string barrage_headline(const BarrageScenario& scenario) {
  return scenario.headline.empty() ? scenario.sides[scenario.defender()].name + ".dispersed" : scenario.headline;
}

Schema make_schema(const BarrageScenario& scenario) {
  Schema schema;
  auto add = [&](const MetricText& text, const MetricNames& names, int64_t hi) {
    schema.add({names.fill(text.name), text.kind, text.lo, hi, names.fill(text.description), text.headline});
  };
  for (int s = 0; s < SideCount; ++s) {
    const SideBounds bounds = bounds_of(scenario, scenario.sides[s]);
    const MetricNames side{scenario.sides[s].name};
    visit_side_metrics([&](const MetricText& text, auto top, auto) { add(text, side, top(bounds)); });
  }
  const SideBounds attacker = bounds_of(scenario, scenario.sides[scenario.attacker]);
  const SideBounds defending = bounds_of(scenario, scenario.sides[scenario.defender()]);
  visit_balance_metrics([&](const MetricText& text, auto bottom, auto top, auto) {
    const int64_t lo = bottom(attacker, defending);
    schema.add({text.name, text.kind, lo, std::max(top(attacker, defending), lo + 1), text.description, text.headline});
  });
  const MetricNames defender{scenario.sides[scenario.defender()].name};
  for (int u : scenario.first_hit_units) add(FirstHit, defender.with_unit(scenario.units[u].name), first_hit_top(scenario));
  const long headline = schema.find(barrage_headline(scenario));
  schema.headline_index = headline < 0 ? 0 : static_cast<size_t>(headline);
  return schema;
}

void observe(const BarrageScenario& scenario, const BarrageState& state, int64_t* obs) noexcept {
  for (int s = 0; s < SideCount; ++s) {
    const SideState& side = state.sides[s];
    visit_side_metrics([&](const MetricText&, auto, auto observation) { *obs++ = observation(side); });
  }
  visit_balance_metrics([&](const MetricText&, auto, auto, auto observation) { *obs++ = observation(scenario, state); });
  for (int u : scenario.first_hit_units) *obs++ = first_hit(state.units[u]);
}

}  // namespace volley::barrage
