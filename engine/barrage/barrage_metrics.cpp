#include "engine/barrage/barrage_metrics.hpp"

#include <variant>

namespace volley::barrage {

std::string barrage_headline(const BarrageScenario& scenario) {
  return scenario.headline.empty() ? scenario.sides[scenario.defender()].name + ".dispersed" : scenario.headline;
}

Schema make_barrage_schema(const BarrageScenario& scenario) {
  Schema schema;
  const int64_t turns = scenario.turns;
  for (int s = 0; s < SideCount; ++s) {
    const SideSpec& side = scenario.sides[s];
    const std::string& n = side.name;
    const int64_t units = static_cast<int64_t>(side.units.size());
    int64_t blinds = 0, dummies = 0, planned = 0, pre_registered = 0, rolling = 0;
    for (int b : side.blinds) {
      ++blinds;
      dummies += scenario.blinds[b].dummy() ? 1 : 0;
    }
    for (int m : side.missions) {
      const MissionSpec& mission = scenario.missions[m];
      (mission.called() ? pre_registered : planned) += 1;
      rolling += std::holds_alternative<RollingBarrage>(mission.kind) ? 1 : 0;  // the type that can leave the table
    }
    const int64_t starts = planned + pre_registered * turns;
    const int64_t missions = planned + pre_registered;
    auto count = [&](const char* what, int64_t max, std::string description, bool headline = false) {
      schema.add({n + "." + what, MetricKind::Count, 0, max, std::move(description), headline});
    };
    count("units_hit", units, "units of " + n + " hit by a fire for effect at least once", true);
    count("suppressed", units, "units of " + n + " suppressed at least once", true);
    count("dispersed", units, "units of " + n + " dispersed", true);
    schema.add({n + ".any_dispersed", MetricKind::Probability, 0, 1, "at least one unit of " + n + " dispersed", true});
    count("blinds_hit", blinds, "Blinds of " + n + " (dummies included) under a template at least once");
    count("dummies_hit", dummies, "dummy Blinds of " + n + " under a template at least once (fire wasted)");
    count("morale_lost", int64_t{scenario.ruleset.morale_loss_die} * units, "army morale points " + n + " lost (D3 per dispersed unit)", true);
    count("staff_orders_spent", turns * side.command_dice, "Staff Orders " + n + " spent");
    count("missions_started", starts, "fire missions of " + n + " started or called");
    count("missions_delayed", turns * missions, "delays of " + n + "'s fire missions (each turn a mission is delayed)");
    count("missions_cancelled", starts, "fire missions of " + n + " cancelled by a Command Failure (or, with unpaid_start cancel, short of Staff Orders to start)");
    count("missions_ended_supply", starts, "fire missions of " + n + " ended by a failed supply check");
    count("missions_ended_edge", rolling, "rolling barrages of " + n + " ended at the table edge");
    count("friendly_hit", units, "units of " + n + " hit by " + n + "'s own barrage");
    count("command_failures", turns, "turns with a Command Failure of " + n);
  }
  const SideSpec& defender = scenario.sides[scenario.defender()];
  for (int u : scenario.first_hit_units)
    schema.add({defender.name + ".first_hit." + scenario.units[u].name, MetricKind::Count, 0, turns,
                "turn " + scenario.units[u].name + " was first hit (0: never)", false});
  const long headline = schema.find(barrage_headline(scenario));
  schema.headline_index = headline < 0 ? 0 : static_cast<size_t>(headline);
  return schema;
}

void write_observations(const BarrageScenario& scenario, const BarrageState& state, int64_t* obs) noexcept {
  for (int s = 0; s < SideCount; ++s) {
    const SideState& side = state.sides[s];
    *obs++ = side.units_hit;
    *obs++ = side.suppressed;
    *obs++ = side.dispersed;
    *obs++ = side.dispersed > 0 ? 1 : 0;
    *obs++ = side.blinds_hit;
    *obs++ = side.dummies_hit;
    *obs++ = side.morale_lost;
    *obs++ = side.staff_spent;
    *obs++ = side.missions_started;
    *obs++ = side.missions_delayed;
    *obs++ = side.missions_cancelled;
    *obs++ = side.missions_ended_supply;
    *obs++ = side.missions_ended_edge;
    *obs++ = side.friendly_hit;
    *obs++ = side.command_failures;
  }
  for (int u : scenario.first_hit_units) *obs++ = state.units[u].first_hit;
}

}  // namespace volley::barrage
