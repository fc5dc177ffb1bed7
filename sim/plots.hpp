#pragma once
// The plots volley draws, each a gnuplot script over inline data (sim/gnuplot.hpp):
//   map_plot            the table: terrain, units, markers, templates (show --plot, replay --plot)
//   distribution_plot   histograms of one count metric for several variants overlaid, beside their
//                       exceedance curves P(X >= k) (run, compare)
//   sweep_plot          an estimate against a swept parameter with its interval band (sweep, tune)
//   heatmap_plot        an estimate over a two-parameter grid (sweep with two --param)
//   tornado_plot        how far each parameter moves the target, one step each way (sensitivity)
#include "analysis/tally.hpp"
#include "sim/gnuplot.hpp"

#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace volley {

struct PlotSpec {
  std::vector<Datablock> data;
  std::string script;
  int width = 900;
  int height = 600;
};

void draw_plot(const PlotSpec& plot, const std::string& path);
std::string draw_plot_svg(const PlotSpec& plot);

// frames: one map_data text (ScenarioModel::map_data) per panel, with its caption.
PlotSpec map_plot(const std::vector<std::pair<std::string, std::string>>& frames, const std::string& title);

struct VariantTally {
  std::string label;
  const Tally* tally;
  size_t offset = 0;  // index of the variant's first metric in the tally (compare tallies hold all variants)
};
// metric: a name in the variants' own schema (without any compare prefix).
PlotSpec distribution_plot(const std::vector<VariantTally>& variants, const std::vector<std::string>& metrics, const std::string& title);

struct SweepPoint {
  double x;
  double estimate, low, high;
};
struct SweepSeries {
  std::string label;
  std::vector<SweepPoint> points;
};
PlotSpec sweep_plot(const std::vector<SweepSeries>& series, const std::string& x_label, const std::string& y_label,
                    const std::string& title, double goal = std::numeric_limits<double>::quiet_NaN());

struct HeatCell {
  double x, y, value;
};
PlotSpec heatmap_plot(const std::vector<HeatCell>& cells, const std::string& x_label, const std::string& y_label,
                      const std::string& value_label, const std::string& title);

struct TornadoBar {
  std::string parameter;
  double low_delta, high_delta;  // change of the target at one step down / up
};
PlotSpec tornado_plot(const std::vector<TornadoBar>& bars, const std::string& target, const std::string& title);

}  // namespace volley
