#pragma once
// A sensitivity study's ranking on the terminal, as CSV and as a tornado plot, from the effects the
// sensitivity study measured (sim/study/sensitivity_study.hpp).
#include "analysis/estimate.hpp"
#include "sim/output/plots.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace volley {

struct SensitivityEffect {
  std::string key;
  double value = 0;
  std::string value_text;            // as --set writes it
  bool assumed = false;              // an [assumed] rule
  std::string down_value, up_value;  // the values one step away (empty: refused by the rules)
  std::optional<Interval> down, up;  // the paired change of the target at each
  std::string step;                  // "1 → 2", "0.765 ← 0.85 → 0.935"
  double magnitude = 0;              // the largest change either way
};

struct SensitivityTable {
  std::string title;
  std::string target;
  double level = 0.95;
  std::vector<SensitivityEffect> effects;  // ranked, the --limit largest
  size_t played = 0;                       // parameters played (before --limit)
  size_t skipped = 0;                      // parameters with no valid value one step away
  bool partial = false;
  std::string partial_text;
};

// What follows the header line; quiet: the three levers that move the target most.
std::string sensitivity_text(const SensitivityTable& table, bool quiet);
std::string sensitivity_csv(const SensitivityTable& table);
PlotSpec sensitivity_plot(const SensitivityTable& table);

}  // namespace volley
