// `volley fire SCENARIO --weapon W --figures N [--range R] [--class C]` or `--unit U --at T`: the
// exact law of the firer's fire at one target with the scenario's ruleset and weapons (F-4), normal
// fire beside schnellfeuer. First over a span of turns (`--turns N`, 2 by default: schnellfeuer's
// cycle of a burst and a reload turn, SF-B and SF-E), where the reload turn counts against it; then
// per volley (SF-B: twice the dice at -1), with the chance that the burst pins the target prone
// (F-8a). A per-volley comparison alone flatters schnellfeuer: it fires only every other turn.
#include "analysis/text_format.hpp"
#include "engine/firefight/standing_fire_law.hpp"
#include "engine/firefight/volley_law.hpp"
#include "sim/cli/command_line.hpp"
#include "sim/cli/commands.hpp"
#include "sim/scenario/firefight_reader.hpp"
#include "sim/output/law_table.hpp"
#include "sim/cli/scenario_command.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <boost/program_options.hpp>

#include <cmath>
#include <cstdio>

namespace po = boost::program_options;

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

int command_fire(const Args& args) {
  std::string weapon_name, unit_name, target_name, plot;
  int figures = 0, target_class = 0, target_figures = 0, turns = 2;
  double range = -1;
  bool firer_prone = false, quiet = false;
  po::options_description options(
      "volley fire SCENARIO (--weapon W --figures N | --unit U) [--range R | --at T] [--class C] [options]\n\n"
      "The exact law of the firer's fire at one target with the scenario's ruleset and weapons, normal fire\n"
      "beside schnellfeuer: first over --turns N turns of standing fire (2 by default: schnellfeuer's cycle, a\n"
      "burst (SF-B) and the reload turn (SF-E)), the target's figures falling as they are hit; then per volley:\n"
      "hits, casualties and killed, and the chance the burst pins the target prone (F-8a).\nExamples:\n"
      "  volley fire herero-ambush --weapon herero-rifle --figures 8 --range 10 --class 2\n"
      "  volley fire herero-ambush --unit N1 --at Z1 --range 10 --turns 6\n\nOptions");
  options.add_options()("weapon", po::value<std::string>(&weapon_name), "the firing weapon (a name of the ruleset's weapons)")(
      "figures", whole_number(figures, "--figures", 1, 100000), "figures firing")("unit", po::value<std::string>(&unit_name),
                                                                                  "the firing unit: its weapon, figures and side")(
      "at", po::value<std::string>(&target_name),
      "the target unit: its class (cover included), figures, and the range between their positions (zone centres)")(
      "range", po::value<double>(&range), "the range in inches (checked against the weapon's range and the visibility)")(
      "class", whole_number(target_class, "--class", 1, TargetClasses), "the target class, 1 to 4 (F-1)")(
      "target-figures", whole_number(target_figures, "--target-figures", 1, 100000), "the target's figures: hits beyond them are lost")(
      "firer-prone", po::bool_switch(&firer_prone), "the firer is prone: -1 (F-8a)")(
      "turns", whole_number(turns, "--turns", 1, 1000),
      "turns of standing fire for the first law (default 2: schnellfeuer's burst and reload turn); the target stands and does not fire "
      "back")("plot", po::value<std::string>(&plot), "draw the casualty laws (.png or .svg)")(
      "quiet,q", po::bool_switch(&quiet), "print only the headline figures: each law's mean and standard deviation, the prone chance");
  ScenarioArgs scenario;
  po::variables_map vm;
  if (!parse_scenario_command(args, options, scenario, vm)) return ExitOk;
  if (!plot.empty()) check_plot_path(plot);
  const auto doc = open_scenario(scenario.scenario, scenario.sets);
  const auto model = load_model(doc);
  if (model->kind() != "firefight")
    throw std::invalid_argument("'" + model->title() + "' is a " + model->kind() +
                                " scenario; volley fire answers firefights (Combat HQ checks: volley dice 5d6@4+ vs 3d6@4+)");
  const FirefightScenario sc = read_firefight_scenario(doc);
  const Ruleset& rules = sc.ruleset;

  // Step 1: the firer: a unit of the scenario, or a weapon and a number of figures.
  VolleyQuestion q;
  int firer_side = sc.sides[0].fast_fire ? 0 : sc.sides[1].fast_fire ? 1 : 0;
  std::string firer_text;
  Point firer_at{};
  if (!unit_name.empty()) {
    if (!weapon_name.empty()) throw std::invalid_argument("--unit says its weapon; drop --weapon or --unit");
    const auto [s, u] = find_unit(sc, unit_name, "--unit");
    const UnitSpec& spec = sc.unit(sc.unit_offset[s] + u);
    firer_side = s;
    q.weapon = spec.weapon;
    q.figures = vm.count("figures") ? figures : spec.figures;
    firer_at = where(spec);
    firer_text = sc.sides[s].name + " " + spec.name + ": ";
  } else {
    if (weapon_name.empty()) throw std::invalid_argument("give --weapon W --figures N, or --unit U (the scenario's unit)");
    if (!vm.count("figures")) throw std::invalid_argument("--weapon needs --figures N: how many figures fire");
    std::string names;
    q.weapon = -1;
    for (size_t w = 0; w < rules.weapons.size(); ++w) {
      if (rules.weapons[w].name == weapon_name) q.weapon = static_cast<int>(w);
      names += (names.empty() ? "" : ", ") + rules.weapons[w].name;
    }
    if (q.weapon < 0) throw std::invalid_argument("--weapon: no weapon named '" + weapon_name + "' (weapons: " + names + ")");
    q.figures = figures;
  }
  const Weapon& weapon = rules.weapons[static_cast<size_t>(q.weapon)];
  const Side& firer = sc.sides[firer_side];
  const Side& enemy = sc.sides[1 - firer_side];

  // Step 2: the target: a unit of the other side, or a class (and figures) as given.
  std::string target_text;
  bool range_from_positions = false;
  if (!target_name.empty()) {
    const auto [s, u] = find_unit(sc, target_name, "--at");
    if (s == firer_side) throw std::invalid_argument("--at: " + target_name + " is on the firer's side (" + firer.name + ")");
    const UnitSpec& spec = sc.unit(sc.unit_offset[s] + u);  // with its derived placement cover
    // F-1: its own class, raised by the cover it stands in (all of its zone; else its own class).
    q.target_class = vm.count("class") ? target_class : std::max(spec.target_class, std::max(spec.placement_cover, 0));
    q.target_figures = vm.count("target-figures") ? target_figures : spec.figures;
    target_text = enemy.name + " " + spec.name + ", ";
    if (!unit_name.empty() && range < 0) {
      const Point at = where(spec);
      range = to_inches(std::sqrt(static_cast<double>(distance_squared(firer_at, at))));
      range_from_positions = true;
    }
  } else {
    if (!vm.count("class")) throw std::invalid_argument("give the target: --class C (1 to 4), or --at T (a unit of the scenario)");
    q.target_class = target_class;
    q.target_figures = target_figures;
  }
  q.firer_prone = firer_prone;
  q.prone_test = firer.fast_fire && enemy.prone_rule;
  // F-4/F-5: a target beyond the weapon's range or the visibility cannot be fired at.
  const double reach = to_inches(std::min(weapon.range, sc.visibility));
  if (range > reach + 1e-9)
    throw std::invalid_argument(format_text("out of reach: %s fires to %g\" and the visibility is %g\"; nothing fires at %.1f\"",
                                            weapon.name.c_str(), to_inches(weapon.range), to_inches(sc.visibility), range) +
                                (range_from_positions
                                     ? " (where " + unit_name + " and " + target_name + " start; --range R asks at another range)"
                                     : std::string()));

  // Step 3: the laws, normal and (for the fast-fire side) schnellfeuer.
  std::vector<VolleyLaw> volleys{volley_law(rules, q)};
  std::vector<std::string> labels{"normal"};
  if (firer.fast_fire) {
    q.schnellfeuer = true;
    volleys.push_back(volley_law(rules, q));
    labels.push_back("schnellfeuer (SF-B)");
  }
  // --quiet: each law's mean and standard deviation and the chance of a prone target; no setup lines, no tables.
  if (!quiet) {
    std::printf("%s (%s, d%d): %s%d figures with %s%s at target class %d (%s%s)\n", model->title().c_str(), rules.name.c_str(),
                rules.fire_die, firer_text.c_str(), q.figures, weapon.name.c_str(),
                range >= 0 ? (" at " + inches(to_coord(range)) + "\"").c_str() : "", q.target_class, target_text.c_str(),
                q.target_figures > 0 ? (std::to_string(q.target_figures) + " figures: hits beyond them are lost").c_str()
                                     : "no limit on casualties");
    for (size_t v = 0; v < volleys.size(); ++v)
      std::printf(
          "  %-20s %d dice needing %d or less on d%d (%s)\n", labels[v].c_str(), volleys[v].dice, volleys[v].band, rules.fire_die,
          v == 0 ? (firer_prone ? "prone firer at -1" : "F-4") : format_text("twice the dice at %+d", rules.sf_fire_modifier).c_str());
    if (!firer.fast_fire) std::printf("  (%s has no fast fire: no schnellfeuer column)\n", firer.name.c_str());
  }
  // A law per column, as a table (and its moments).
  const auto print_laws = [&](const std::string& title, const std::vector<NamedLaw>& laws) {
    std::printf("%s%s\n%s%s", quiet ? "" : "\n", title.c_str(), quiet ? "" : law_table("k", laws).c_str(), law_moments(laws).c_str());
  };
  const double kill = static_cast<double>(rules.kill_chance.num) / rules.kill_chance.den;
  const std::string kill_text =
      format_text("each casualty killed with %d/%d (F-4), the rest wounded", rules.kill_chance.num, rules.kill_chance.den);

  // Step 4: over the turns first (SF-E's reload turn counts), normal fire every turn, schnellfeuer every other.
  std::vector<StandingFireLaw> spans;
  for (size_t v = 0; v < volleys.size(); ++v) spans.push_back(standing_fire_law(volleys[v], q.target_figures, turns, v == 1, kill));
  const auto span_laws = [&](IntegerLaw StandingFireLaw::*member) {
    std::vector<NamedLaw> laws;
    for (size_t v = 0; v < spans.size(); ++v) laws.push_back({labels[v], spans[v].*member});
    return laws;
  };
  std::string span_text = format_text("OVER %d TURN%s of standing fire (%s): ", turns, turns == 1 ? "" : "S",
                                      turns == 2 && volleys.size() == 2 ? "schnellfeuer's cycle" : "--turns");
  for (size_t v = 0; v < spans.size(); ++v)
    span_text += format_text("%s%s %d volley%s", v ? ", " : "", labels[v].c_str(), spans[v].volleys, spans[v].volleys == 1 ? "" : "s");
  if (volleys.size() == 2)
    span_text += format_text(" and %d reload turn%s (SF-E)", turns - spans[1].volleys, turns - spans[1].volleys == 1 ? "" : "s");
  std::printf("%s%s\n%s", quiet ? "" : "\n", span_text.c_str(),
              quiet ? "" : "the target stands (no prone) and does not fire back; its figures fall as they are hit (F-4)\n");
  const auto span_casualties = span_laws(&StandingFireLaw::casualties);
  print_laws(format_text("casualties over the %d turns", turns), span_casualties);
  print_laws(format_text("killed over the %d turns: %s", turns, kill_text.c_str()), span_laws(&StandingFireLaw::killed));
  if (q.target_figures > 0)
    print_laws(format_text("the target's figures left after the %d turns, of %d", turns, q.target_figures),
               span_laws(&StandingFireLaw::figures_left));

  // Step 5: per volley (a volley of schnellfeuer is followed by its reload turn).
  std::printf("%sPER VOLLEY (not per turn: schnellfeuer's volley is followed by a reload turn)\n", quiet ? "" : "\n");
  const auto volley_laws = [&](IntegerLaw VolleyLaw::*member) {
    std::vector<NamedLaw> laws;
    for (size_t v = 0; v < volleys.size(); ++v) laws.push_back({labels[v], volleys[v].*member});
    return laws;
  };
  print_laws("hits of one volley (F-4)", volley_laws(&VolleyLaw::hits));
  // Without a limit every hit is a casualty: the hits' table says it all.
  if (q.target_figures > 0)
    print_laws("casualties of one volley: hits up to the target's figures (F-4)", volley_laws(&VolleyLaw::casualties));
  print_laws("killed in one volley: " + kill_text, volley_laws(&VolleyLaw::killed));
  if (!quiet) std::printf("\n");
  if (q.prone_test) {
    std::printf("the target goes prone after the burst (F-8a: d6 + casualties >= %d):", rules.prone_threshold);
    for (size_t v = 0; v < volleys.size(); ++v)
      std::printf(" %s %.6f%s", labels[v].c_str(), volleys[v].prone, v + 1 < volleys.size() ? "," : "\n");
    if (!quiet)
      std::printf("a prone target is class %d until it stands, and a prone firer fires at %+d\n", rules.prone_target_class,
                  rules.prone_fire_modifier);
  } else if (!quiet) {
    std::printf("no prone test (F-8a applies to a burst of the fast-fire side at a side with prone_rule)\n");
  }
  if (volleys.size() == 2) {
    const auto ratio = [](double fast, double normal) {
      return normal > 0 ? format_text("x%.3f", fast / normal) : std::string("normal fire cannot hit");
    };
    const double normal = spans[0].casualties.mean(), fast = spans[1].casualties.mean();
    std::printf("over %d turns: schnellfeuer puts out %.3f figures on average against %.3f for normal fire (%s)\n", turns, fast, normal,
                ratio(fast, normal).c_str());
    const double normal_1 = volleys[0].casualties.mean(), fast_1 = volleys[1].casualties.mean();
    std::printf(
        "per volley: schnellfeuer puts out %.3f figures on average against %.3f for normal fire (%s), but fires only every other turn "
        "(SF-E)\n",
        fast_1, normal_1, ratio(fast_1, normal_1).c_str());
  }
  if (!plot.empty()) {
    draw_plot(law_plot("casualties", span_casualties, model->title() + format_text(": casualties over %d turns", turns)), plot);
    std::printf("plot written to %s\n", plot.c_str());
  }
  return ExitOk;
}

}  // namespace volley
