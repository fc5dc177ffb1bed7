#pragma once
// What `volley fire` prints and plots from the laws the fire study computed (sim/study/fire_study.hpp):
// the firer and its target, then over the turns of standing fire, then per volley, each law as a
// table with its moments, the chance the burst pins the target prone, and the two kinds of fire set
// side by side.
#include "engine/firefight/standing_fire_law.hpp"
#include "engine/firefight/volley_law.hpp"
#include "sim/output/plots.hpp"

#include <string>
#include <vector>

namespace volley {

struct FireTable {
  std::string title;    // the scenario's
  std::string ruleset;  // its name
  int fire_die = 20;
  std::string firer_text;  // "herero N1: " for a unit of the scenario, else empty
  std::string firer_side;  // the firer's side's name
  bool fast_fire = false;  // the firer's side has schnellfeuer: a second column
  std::string weapon;
  int figures = 0;
  double range = -1;  // inches; negative: not given
  int target_class = 1;
  std::string target_text;  // "german Z1, " for a unit of the scenario, else empty
  int target_figures = 0;   // 0: no limit on casualties
  bool firer_prone = false;
  int sf_fire_modifier = -1;       // SF-B
  int kill_num = 1, kill_den = 4;  // F-4
  bool prone_test = false;         // F-8a applies
  int prone_threshold = 0, prone_target_class = 0, prone_fire_modifier = 0;
  int turns = 2;
  std::vector<std::string> labels;                // "normal", then "schnellfeuer (SF-B)"
  std::vector<firefight::VolleyLaw> volleys;      // one volley of each kind of fire
  std::vector<firefight::StandingFireLaw> spans;  // each kind of fire over the turns
};

// `quiet`: each law's mean and standard deviation and the chance of a prone target; no setup lines, no tables.
std::string fire_text(const FireTable& table, bool quiet);

// The casualty laws over the turns.
PlotSpec fire_plot(const FireTable& table);

}  // namespace volley
