// The error of a bad --set names the --set, on every command that takes one. A
// table of kinds of bad assignment (an unknown key, a value of the wrong type, out of range, NaN, a
// value valid as TOML but refused by the rules, a key of a unit or entry that does not exist, a list
// of the wrong length, a name that makes another entry's name appear twice, a table narrowed under
// the file's positions), on a firefight and a barrage scenario, through run, compare (--set and
// --vs), sweep (--set and --param), tune, sensitivity, validate, show, replay and fire: every error
// line starts with the option and its assignment ("--set herero.policy=sometimes: ..."), never with
// a line of the scenario file, which does not contain the value (it may follow, as "(with FILE:L:C)").
#include "tests/support/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

using namespace volley::testing;

namespace {

struct BadSet {
  const char* scenario;
  const char* assignment;
  const char* what;  // a word of the message, so the right error is the one named
};

const std::vector<BadSet> Variants = {
    {"herero-ambush", "herero.bogus=1", "unknown key"},
    {"herero-ambush", "herero.policy=sometimes", "expected never"},
    {"herero-ambush", "herero.break_fraction=abc", "got a string"},
    {"herero-ambush", "herero.break_fraction=2", "[0, 1]"},
    {"herero-ambush", "herero.break_fraction=nan", "[0, 1]"},
    {"herero-ambush", "herero.break_fraction=-inf", "[0, 1]"},
    {"herero-ambush", "herero.units.N1.figures=1.5", "integer"},
    {"herero-ambush", "herero.units.N9.figures=3", "no entry named 'N9'"},
    {"herero-ambush", "herero.units.N1=5", "entry of a list"},
    {"herero-ambush", "herero.units.N1.zone=[1,2]", "list of 4"},
    {"herero-ambush", "herero.units.N1.zone=[100,100,110,110]", "off the table"},
    {"herero-ambush", "herero.units.N1.weapon=laser", "no weapon named"},
    {"herero-ambush", "herero.policy=turns:[a]", "turns"},
    // The error lies at another entry's line in the file: the --set is still what is named.
    {"herero-ambush", "herero.units.N1.name=N2", "used twice"},
    {"herero-ambush", "ruleset.weapons.mauser.name=herero-rifle", "listed twice"},
    {"herero-ambush", "table.width=10", "off the table"},
    {"rolling-barrage", "british.missions.RB1.speed=2", "PF-RB"},
    {"rolling-barrage", "german.units.HQ.armour=5", "unknown key"},
    {"rolling-barrage", "british.missions.RB9.speed=6", "no entry named 'RB9'"},
    {"rolling-barrage", "british.missions.RB1.battery=Z", "no battery"},
    {"rolling-barrage", "british.batteries.B.name=A", "second battery"},
    {"rolling-barrage", "british.missions.RB2.name=RB1", "second mission"},
    {"rolling-barrage", "table.width=10", "off the table"},
};

// Every line of `err` but validate's count names `label` first (after "volley COMMAND: " where the
// command line's own check refuses it).
void check_named(const std::string& err, const std::string& label, const std::string& what) {
  INFO(err);
  CHECK(err.find(what) != std::string::npos);
  std::istringstream lines(err);
  int errors = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.find(" error") != std::string::npos && line.find(':') == std::string::npos) continue;  // "2 errors"
    ++errors;
    const auto at = line.find(label);
    CHECK((at == 0 || (line.rfind("volley ", 0) == 0 && at != std::string::npos && at == line.find(": ") + 2)));
  }
  CHECK(errors > 0);
}

}  // namespace

TEST_CASE("Every kind of bad --set is named as the --set on every command that takes one", "[sim][cli][set]") {
  for (const auto& v : Variants) {
    const std::string s = v.scenario, a = v.assignment, q = "'" + a + "'";
    const bool firefight = s == "herero-ambush";
    // A target and a valid variant, grid and range of each scenario, on keys no bad --set touches.
    const std::string target = firefight ? "herero.win" : "german.any_dispersed";
    const std::string variant = firefight ? "german.break_fraction=0.3" : "british.missions.RB3.start_turn=2";
    const std::string grid = firefight ? "german.break_fraction=0.3,0.4" : "british.missions.RB3.start_turn=1,2";
    const std::string range = firefight ? "german.break_fraction=0.2:0.4" : "british.missions.RB3.start_turn=1:3";
    struct Command {
      std::string arguments, label;
    };
    std::vector<Command> commands = {
        {"run " + s + " --trials 100 --set " + q, "--set " + a},
        {"validate " + s + " --set " + q, "--set " + a},
        {"show " + s + " --set " + q, "--set " + a},
        {"replay " + s + " --set " + q, "--set " + a},
        {"compare " + s + " --trials 100 --set " + q + " --vs " + variant, "--set " + a},
        {"compare " + s + " --trials 100 --vs " + q, "--vs " + a},
        {"sweep " + s + " --trials 100 --set " + q + " --param " + grid, "--set " + a},
        {"sensitivity " + s + " --trials 100 --target " + target + " --set " + q, "--set " + a},
        {"tune " + s + " --trials 100 --target " + target + "=0.5 --param " + range + " --set " + q, "--set " + a},
    };
    // As a grid of one value, the value is named as --param gave it.
    if (a.find_first_of(",:[") == std::string::npos) commands.push_back({"sweep " + s + " --trials 100 --param " + q, "--param " + a});
    if (firefight) commands.push_back({"fire " + s + " --set " + q, "--set " + a});
    for (const auto& c : commands) {
      INFO("volley " << c.arguments);
      const auto r = run_volley(c.arguments);
      CHECK(r.exit_code == 2);
      check_named(r.err, c.label, v.what);
    }
  }
}
