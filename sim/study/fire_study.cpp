#include "sim/study/fire_study.hpp"

#include "analysis/text_format.hpp"
#include "sim/output/gnuplot.hpp"
#include "sim/scenario/firefight_reader.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace volley {

namespace {

using namespace firefight;

// A unit by name on either side: {side, index}, or a message listing the names.
std::pair<int, int> find_unit(const FirefightScenario& sc, const std::string& name, const char* option) {
  std::string names;
  for (int s = 0; s < SideCount; ++s)
    for (size_t u = 0; u < sc.sides[s].units.size(); ++u) {
      if (sc.sides[s].units[u].name == name) return {s, static_cast<int>(u)};
      names += (names.empty() ? "" : ", ") + sc.sides[s].units[u].name;
    }
  throw std::invalid_argument(std::string(option) + ": no unit named '" + name + "' (units: " + names + ")");
}

// Where a unit stands for a single volley: its position, or the centre of its deployment zone.
Point where(const UnitSpec& u) {
  if (!u.placement.zone) return u.placement.position;
  return {(u.placement.area.x0 + u.placement.area.x1) / 2, (u.placement.area.y0 + u.placement.area.y1) / 2};
}

}  // namespace

FireTable fire_study(const FireSettings& settings, const ScenarioOpener& open) {
  if (!settings.run.plot.empty()) check_plot_path(settings.run.plot);
  const auto doc = open(settings.run.sets, {}, "--set");
  const auto model = load_model(doc);
  if (model->kind() != "firefight")
    throw std::invalid_argument("'" + model->title() + "' is a " + model->kind() +
                                " scenario; volley fire answers firefights (Combat HQ checks: volley dice 5d6@4+ vs 3d6@4+)");
  const FirefightScenario sc = read_firefight_scenario(doc);
  const Ruleset& rules = sc.ruleset;
  FireTable table;
  double range = settings.range;

  // Step 1: the firer: a unit of the scenario, or a weapon and a number of figures.
  VolleyQuestion q;
  int firer_side = sc.sides[0].fast_fire ? 0 : sc.sides[1].fast_fire ? 1 : 0;
  Point firer_at{};
  if (!settings.unit.empty()) {
    if (!settings.weapon.empty()) throw std::invalid_argument("--unit says its weapon; drop --weapon or --unit");
    const auto [s, u] = find_unit(sc, settings.unit, "--unit");
    const UnitSpec& spec = sc.unit(sc.unit_offset[s] + u);
    firer_side = s;
    q.weapon = spec.weapon;
    q.figures = settings.figures.value_or(spec.figures);
    firer_at = where(spec);
    table.firer_text = sc.sides[s].name + " " + spec.name + ": ";
  } else {
    if (settings.weapon.empty()) throw std::invalid_argument("give --weapon W --figures N, or --unit U (the scenario's unit)");
    if (!settings.figures) throw std::invalid_argument("--weapon needs --figures N: how many figures fire");
    std::string names;
    q.weapon = -1;
    for (size_t w = 0; w < rules.weapons.size(); ++w) {
      if (rules.weapons[w].name == settings.weapon) q.weapon = static_cast<int>(w);
      names += (names.empty() ? "" : ", ") + rules.weapons[w].name;
    }
    if (q.weapon < 0) throw std::invalid_argument("--weapon: no weapon named '" + settings.weapon + "' (weapons: " + names + ")");
    q.figures = *settings.figures;
  }
  const Weapon& weapon = rules.weapons[static_cast<size_t>(q.weapon)];
  const Side& firer = sc.sides[firer_side];
  const Side& enemy = sc.sides[1 - firer_side];

  // Step 2: the target: a unit of the other side, or a class (and figures) as given.
  bool range_from_positions = false;
  if (!settings.target.empty()) {
    const auto [s, u] = find_unit(sc, settings.target, "--at");
    if (s == firer_side) throw std::invalid_argument("--at: " + settings.target + " is on the firer's side (" + firer.name + ")");
    const UnitSpec& spec = sc.unit(sc.unit_offset[s] + u);  // with its derived placement cover
    // F-1: its own class, raised by the cover it stands in (all of its zone; else its own class).
    q.target_class = settings.target_class.value_or(std::max(spec.target_class, std::max(spec.placement_cover, 0)));
    q.target_figures = settings.target_figures.value_or(spec.figures);
    table.target_text = enemy.name + " " + spec.name + ", ";
    if (!settings.unit.empty() && range < 0) {
      const Point at = where(spec);
      range = to_inches(std::sqrt(static_cast<double>(distance_squared(firer_at, at))));
      range_from_positions = true;
    }
  } else {
    if (!settings.target_class) throw std::invalid_argument("give the target: --class C (1 to 4), or --at T (a unit of the scenario)");
    q.target_class = *settings.target_class;
    q.target_figures = settings.target_figures.value_or(0);
  }
  q.firer_prone = settings.firer_prone;
  q.prone_test = firer.fast_fire && enemy.prone_rule;
  // F-4/F-5: a target beyond the weapon's range or the visibility cannot be fired at.
  const double reach = to_inches(std::min(weapon.range, sc.visibility));
  if (range > reach + 1e-9)
    throw std::invalid_argument(format_text("out of reach: %s fires to %g\" and the visibility is %g\"; nothing fires at %.1f\"",
                                            weapon.name.c_str(), to_inches(weapon.range), to_inches(sc.visibility), range) +
                                (range_from_positions
                                     ? " (where " + settings.unit + " and " + settings.target + " start; --range R asks at another range)"
                                     : std::string()));

  // Step 3: the laws, normal and (for the fast-fire side) schnellfeuer.
  table.volleys = {volley_law(rules, q)};
  table.labels = {"normal"};
  if (firer.fast_fire) {
    q.schnellfeuer = true;
    table.volleys.push_back(volley_law(rules, q));
    table.labels.push_back("schnellfeuer (SF-B)");
  }
  // Step 4: over the turns (SF-E's reload turn counts), normal fire every turn, schnellfeuer every other.
  const double kill = static_cast<double>(rules.kill_chance.num) / rules.kill_chance.den;
  for (size_t v = 0; v < table.volleys.size(); ++v)
    table.spans.push_back(standing_fire_law(table.volleys[v], q.target_figures, settings.turns, v == 1, kill));

  table.title = model->title();
  table.ruleset = rules.name;
  table.fire_die = rules.fire_die;
  table.firer_side = firer.name;
  table.fast_fire = firer.fast_fire;
  table.weapon = weapon.name;
  table.figures = q.figures;
  table.range = range;
  table.target_class = q.target_class;
  table.target_figures = q.target_figures;
  table.firer_prone = settings.firer_prone;
  table.sf_fire_modifier = rules.sf_fire_modifier;
  table.kill_num = rules.kill_chance.num;
  table.kill_den = rules.kill_chance.den;
  table.prone_test = q.prone_test;
  table.prone_threshold = rules.prone_threshold;
  table.prone_target_class = rules.prone_target_class;
  table.prone_fire_modifier = rules.prone_fire_modifier;
  table.turns = settings.turns;
  return table;
}

}  // namespace volley
