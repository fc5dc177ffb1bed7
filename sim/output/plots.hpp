#pragma once
// The static plots volley draws (`--plot FILE.png|svg`), each a gnuplot script over inline data
// (sim/output/gnuplot.hpp). Names from a scenario are data, drawn without enhanced text (so `stand_leader`
// keeps its underscore), legends sit outside the data, axes say what they count:
//   map_plot            the table from MapModel frames (show --plot FILE.png, replay --plot FILE.png)
//   distribution_plot   outcome probabilities with intervals, how long games last, and for each count
//                       metric P(X = k) with whiskers beside P(X >= k) (run, compare)
//   sweep_plot          an estimate against a swept parameter with its interval: a band over a number,
//                       points with error bars over categories (sweep); with tune's fitted curve
//   heatmap_plot        an estimate over a two-parameter grid, axes named by the values, with the 50%
//                       contour of a probability
//   tornado_plot        how far each parameter moves the target, one step each way (sensitivity)
#include "analysis/tally.hpp"
#include "sim/output/gnuplot.hpp"
#include "sim/scenario/map_model.hpp"

#include <functional>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace volley {

struct PlotSpec {
  std::vector<Datablock> data;
  GnuplotTexts texts;  // every title, label and name the script shows (never pasted into it)
  std::string script;
  int width = 900;
  int height = 600;
};

void draw_plot(const PlotSpec& plot, const std::string& path);
std::string draw_plot_svg(const PlotSpec& plot);

// One panel per frame (the setup, then each turn played), under `title`.
PlotSpec map_plot(const std::vector<MapModel>& frames, const std::string& title);

struct VariantTally {
  std::string label;
  const Tally* tally;
  size_t offset = 0;  // index of the variant's first metric in the tally (compare tallies hold all variants)
};
// metric: a name in the variants' own schema (without any compare prefix).
PlotSpec distribution_plot(const std::vector<VariantTally>& variants, const std::vector<std::string>& metrics, const std::string& title,
                           double level = 0.95);

struct SweepPoint {
  double x;
  double estimate, low, high;
};
struct SweepSeries {
  std::string label;
  std::vector<SweepPoint> points;
};
struct SweepPlotOptions {
  std::vector<std::string> categories;                     // non-empty: x is the index of a named value (never, always)
  double goal = std::numeric_limits<double>::quiet_NaN();  // tune's goal line
  std::function<double(double)> fitted;                    // tune's fitted model, drawn over [fit_from, fit_to]
  double fit_from = 0, fit_to = 0;
  double root = std::numeric_limits<double>::quiet_NaN(), root_low = 0, root_high = 0;  // tune's root and interval
};
PlotSpec sweep_plot(const std::vector<SweepSeries>& series, const std::string& x_label, const std::string& y_label,
                    const std::string& title, const SweepPlotOptions& options = {});

struct HeatCell {
  double x, y, value;  // x, y: the values, or the indices of named values
};
struct HeatAxis {
  std::string key;
  std::vector<std::string> names;  // the values as the command line wrote them, in order
  std::vector<double> numbers;     // their numbers, or empty for names
};
PlotSpec heatmap_plot(const std::vector<HeatCell>& cells, const HeatAxis& x, const HeatAxis& y, const std::string& value_label,
                      const std::string& title, bool probability);

struct TornadoBar {
  std::string parameter;
  bool assumed = false;          // an [assumed] rule of docs/rules.md
  double low_delta, high_delta;  // change of the target at one step down / up
};
PlotSpec tornado_plot(const std::vector<TornadoBar>& bars, const std::string& target, const std::string& title);

// Text from a scenario or the command line as a datablock column: one double-quoted field with no
// quote or line break inside (gnuplot reads data, it never runs it).
std::string data_text(const std::string& text);

}  // namespace volley
