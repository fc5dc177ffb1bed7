// `volley fire SCENARIO --weapon W --figures N [--range R] [--class C]` or `--unit U --at T`: the
// exact law of the firer's fire at one target with the scenario's ruleset and weapons (F-4), normal
// fire beside schnellfeuer. First over a span of turns (`--turns N`, 2 by default: schnellfeuer's
// cycle of a burst and a reload turn, SF-B and SF-E), where the reload turn counts against it; then
// per volley (SF-B: twice the dice at -1), with the chance that the burst pins the target prone
// (F-8a). A per-volley comparison alone flatters schnellfeuer: it fires only every other turn.
#include "sim/cli/command_line.hpp"
#include "sim/cli/commands.hpp"
#include "sim/cli/scenario_command.hpp"
#include "sim/output/fire_report.hpp"
#include "sim/output/gnuplot.hpp"
#include "sim/study/fire_study.hpp"

#include <boost/program_options.hpp>

#include <cstdio>

namespace po = boost::program_options;

namespace volley {

int command_fire(const Args& args) {
  FireSettings settings;
  int figures = 0, target_class = 0, target_figures = 0;
  bool quiet = false;
  po::options_description options(
      "volley fire SCENARIO (--weapon W --figures N | --unit U) [--range R | --at T] [--class C] [options]\n\n"
      "The exact law of the firer's fire at one target with the scenario's ruleset and weapons, normal fire\n"
      "beside schnellfeuer: first over --turns N turns of standing fire (2 by default: schnellfeuer's cycle, a\n"
      "burst (SF-B) and the reload turn (SF-E)), the target's figures falling as they are hit; then per volley:\n"
      "hits, casualties and killed, and the chance the burst pins the target prone (F-8a).\nExamples:\n"
      "  volley fire herero-ambush --weapon herero-rifle --figures 8 --range 10 --class 2\n"
      "  volley fire herero-ambush --unit N1 --at Z1 --range 10 --turns 6\n\nOptions");
  options.add_options()("weapon", po::value<std::string>(&settings.weapon), "the firing weapon (a name of the ruleset's weapons)")(
      "figures", whole_number(figures, "--figures", 1, 100000), "figures firing")("unit", po::value<std::string>(&settings.unit),
                                                                                  "the firing unit: its weapon, figures and side")(
      "at", po::value<std::string>(&settings.target),
      "the target unit: its class (cover included), figures, and the range between their positions (zone centres)")(
      "range", po::value<double>(&settings.range), "the range in inches (checked against the weapon's range and the visibility)")(
      "class", whole_number(target_class, "--class", 1, firefight::TargetClasses), "the target class, 1 to 4 (F-1)")(
      "target-figures", whole_number(target_figures, "--target-figures", 1, 100000), "the target's figures: hits beyond them are lost")(
      "firer-prone", po::bool_switch(&settings.firer_prone), "the firer is prone: -1 (F-8a)")(
      "turns", whole_number(settings.turns, "--turns", 1, 1000),
      "turns of standing fire for the first law (default 2: schnellfeuer's burst and reload turn); the target stands and does not fire "
      "back")("plot", po::value<std::string>(&settings.run.plot), "draw the casualty laws (.png or .svg)")(
      "quiet,q", po::bool_switch(&quiet), "print only the headline figures: each law's mean and standard deviation, the prone chance");
  ScenarioArgs scenario;
  po::variables_map vm;
  if (!parse_scenario_command(args, options, scenario, vm)) return ExitOk;
  settings.run.sets = scenario.sets;
  if (vm.count("figures")) settings.figures = figures;
  if (vm.count("class")) settings.target_class = target_class;
  if (vm.count("target-figures")) settings.target_figures = target_figures;

  const FireTable table = fire_study(settings, scenario_argument(scenario.scenario));
  std::fputs(fire_text(table, quiet).c_str(), stdout);
  if (!settings.run.plot.empty()) {
    draw_plot(fire_plot(table), settings.run.plot);
    std::printf("plot written to %s\n", settings.run.plot.c_str());
  }
  return ExitOk;
}

}  // namespace volley
