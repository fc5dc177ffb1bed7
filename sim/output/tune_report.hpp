#pragma once
// A tune's answer on the terminal, its CSV and its plot (the evaluated values, the goal, the fitted
// model and root), from what the tune study found (sim/study/tune_study.hpp).
#include "analysis/estimate.hpp"
#include "sim/output/plots.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>

namespace volley {

struct TuneAnswer {
  std::string key;  // the parameter as written
  bool integer = false;
  std::string target;  // the estimate without its goal
  double goal = 0;
  double level = 0.95;
  bool partial = false;  // interrupted: no bracket, no root
  size_t evaluated = 0;  // values evaluated
  bool bracketed = false;
  std::string low_end, high_end;  // the final bracket, as --set values
  Interval at_low, at_high;       // the target at each end
  bool fit_ok = false;
  bool logistic = true;  // the fit's model: logistic on a probability, else linear
  size_t fit_points = 0;
  double root = 0, root_low = 0, root_high = 0;
  std::string answer_text;  // the answer in words (tune_answer_text, sim/run/tune_search.hpp)
};

// What follows the values printed as they were evaluated; quiet leaves out the bracket's two lines.
std::string tune_text(const TuneAnswer& answer, bool quiet);
// The evaluated values in the report's table: in order of the parameter, with the report's columns
// (the parameter, estimate, the level's interval, trials) and units (a whole-number parameter as
// whole numbers, estimates to four decimals).
std::string tune_table(const nlohmann::json& tune);
// From the volley-tune document (docs/json-format.md): one row per evaluated value.
std::string tune_csv(const nlohmann::json& tune);
PlotSpec tune_plot(const TuneAnswer& answer, const nlohmann::json& tune);

}  // namespace volley
