#pragma once
// `volley replay`'s study: one trial narrated through the very same code path as a run (the same seed
// and trial index give the same game), and with a plot the table turn by turn. With a condition
// (`where`: `german.win`, `german.casualties>=5`, `herero.hits=3`), the first trial from `trial` on
// where it holds: a kind of game, found by playing the trials in order.
#include "analysis/target.hpp"
#include "sim/run/run_settings.hpp"
#include "sim/scenario/map_model.hpp"
#include "sim/study/study_control.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace volley {

struct ReplaySettings {
  RunSettings run;              // scenario and --set, the master seed, the plot's path
  uint64_t trial = 0;           // the trial narrated, or the first searched
  std::string where;            // the condition, as typed (empty: narrate `trial`)
  uint64_t search = 1'000'000;  // with `where`: give up after this many trials
};

struct ReplayStudy {
  uint64_t seed = 0;
  uint64_t first = 0;  // the trial the search started from
  uint64_t trial = 0;  // the trial narrated
  bool found = true;   // false: no trial of the search met the condition, nothing narrated
  std::string title;
  std::string narration;
  std::vector<MapModel> frames;  // with a plot: the setup, then each turn played until the trial was decided
};

// Throws std::invalid_argument (a condition on no metric, or one no trial can meet) or ScenarioErrors
// before any trial is played.
ReplayStudy replay_study(const ReplaySettings& settings, const ScenarioOpener& open);

}  // namespace volley
