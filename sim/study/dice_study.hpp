#pragma once
// `volley dice`'s study: a dice question's exact law (engine/dice_question.hpp), and with --simulate
// the simulated law beside it, played through the driver with the kernel's own dice (the same seed
// gives the same bits for any thread count). Its result document is volley-dice
// (docs/json-format.md). A dice question has no scenario: the study takes no opener.
#include "engine/dice_expression.hpp"
#include "sim/output/dice_report.hpp"
#include "sim/run/run_settings.hpp"
#include "sim/study/study_control.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace volley {

struct DiceSettings {
  RunSettings run;                 // trials_option: --simulate N (0: the exact law only); seed, threads, level, json, csv, plot, report
  std::vector<std::string> words;  // DICE, word by word as typed ("5d6@4+", "vs", "3d6@4+")
  std::string hit, minus, kill;    // --hit, --minus, --kill as typed
  int modifier = 0;                // --mod
  bool per_die = false;            // --simulate rolls every die instead of sampling the counts
  int explosion_cap = DefaultExplosionCap;  // --explode-cap: the most extra rolls of an exploding die
};

struct DiceStudy {
  nlohmann::json document;  // volley-dice
  DiceTable table;
};

// Throws std::invalid_argument for a bad question, level or combination of options, and checks the
// outputs, before any trial. Interrupted: the trials of the completed blocks, marked partial.
DiceStudy dice_study(const DiceSettings& settings, const StudyControl& control);

}  // namespace volley
