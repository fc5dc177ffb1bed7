#include "sim/plots.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

namespace volley {

namespace {

std::string fmt(double v) {
  char b[64];
  std::snprintf(b, sizeof b, "%.6g", v);
  return b;
}

// A colour per side or variant, in order of first appearance (colour-blind-safe palette).
const char* palette(size_t i) {
  static const char* colours[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000"};
  return colours[i % 8];
}

}  // namespace

void draw_plot(const PlotSpec& plot, const std::string& path) { render_gnuplot(plot.data, plot.script, path, plot.width, plot.height); }
std::string draw_plot_svg(const PlotSpec& plot) { return render_gnuplot_svg(plot.data, plot.script, plot.width, plot.height); }

PlotSpec map_plot(const std::vector<std::pair<std::string, std::string>>& frames, const std::string& title) {
  PlotSpec plot;
  const size_t n = frames.size();
  const size_t cols = n <= 1 ? 1 : (n <= 4 ? 2 : 3);
  const size_t rows = (n + cols - 1) / cols;
  plot.width = static_cast<int>(cols * 600);
  plot.height = static_cast<int>(rows * 440 + 40);
  std::string script = "set size ratio -1\nset key outside right top font ',8'\nunset colorbox\n";
  script += "set style fill transparent solid 0.35 border\n";
  if (n > 1) script += "set multiplot layout " + std::to_string(rows) + "," + std::to_string(cols) + " title " + gnuplot_quote(title) + "\n";
  std::map<std::string, size_t> side_index;
  for (size_t f = 0; f < n; ++f) {
    std::map<std::string, std::string> layers;  // layer -> rows "cx cy hw hh label"
    std::vector<std::string> order;
    double xmax = 0, ymax = 0;
    std::istringstream in(frames[f].second);
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream row(line);
      std::string layer, label;
      double cx = 0, cy = 0, w = 0, h = 0;
      if (!(row >> layer >> cx >> cy >> w >> h)) continue;
      std::getline(row, label);
      label.erase(0, label.find_first_not_of(' '));
      if (layer == "table") {
        xmax = std::max(xmax, cx + w / 2);
        ymax = std::max(ymax, cy + h / 2);
      }
      if (!layers.count(layer)) order.push_back(layer);
      layers[layer] += fmt(cx) + " " + fmt(cy) + " " + fmt(w / 2) + " " + fmt(h / 2) + " " + gnuplot_quote(label) + "\n";
    }
    std::string plots;
    for (const auto& layer : order) {
      const std::string block = "map" + std::to_string(f) + "_" + std::to_string(plot.data.size());
      plot.data.push_back({block, layers[layer]});
      const auto colon = layer.find(':');
      const std::string kind = layer.substr(0, colon);
      const std::string side = colon == std::string::npos ? "" : layer.substr(colon + 1);
      if (!side.empty() && !side_index.count(side)) side_index[side] = side_index.size();
      const std::string colour = side.empty() ? "#555555" : palette(side_index[side]);
      const std::string box = "$" + block + " using 1:2:($1-$3):($1+$3):($2-$4):($2+$4) with boxxyerror";
      std::string item;
      if (kind == "table") item = box + " fs empty lc rgb '#000000' notitle";
      else if (kind == "terrain") item = box + " fs transparent solid 0.25 lc rgb '#8fbc8f' title 'terrain'";
      else if (kind == "blocks_sight") item = box + " fs transparent solid 0.45 lc rgb '#556b2f' title 'blocks sight'";
      else if (kind == "template") item = box + " fs transparent solid 0.3 lc rgb '#d62728' title 'fire template'";
      else if (kind == "unit") item = box + " fs transparent solid 0.6 lc rgb '" + colour + "' title '" + side + "', $" + block +
                                      " using 1:2:5 with labels offset 0,1 font ',7' notitle";
      else if (kind == "hidden") item = box + " fs empty lc rgb '" + colour + "' dt 2 title '" + side + " hidden'";
      else if (kind == "decoy" || kind == "dummy") item = box + " fs empty lc rgb '" + colour + "' dt 3 title '" + side + " " + kind + "'";
      else if (kind == "blind") item = box + " fs transparent solid 0.15 lc rgb '" + colour + "' title '" + side + " blind'";
      else item = box + " fs pattern 2 lc rgb '" + colour + "' title '" + layer + "'";  // broken, dispersed, ...
      // Points (zero size) are drawn as markers so that they stay visible.
      if (layers[layer].find(" 0 0 \"") != std::string::npos && kind != "table")
        item += ", $" + block + " using 1:2 with points pt 7 ps 0.8 lc rgb '" + colour + "' notitle";
      plots += (plots.empty() ? "" : ", ") + item;
    }
    if (xmax > 0) script += "set xrange [0:" + fmt(xmax) + "]\nset yrange [0:" + fmt(ymax) + "]\n";
    script += "set title " + gnuplot_quote(n > 1 ? frames[f].first : title + (frames[f].first.empty() ? "" : ": " + frames[f].first)) + "\n";
    script += "plot " + (plots.empty() ? std::string("NaN notitle") : plots) + "\n";
  }
  if (n > 1) script += "unset multiplot\n";
  plot.script = script;
  return plot;
}

PlotSpec distribution_plot(const std::vector<VariantTally>& variants, const std::vector<std::string>& metrics, const std::string& title) {
  PlotSpec plot;
  plot.width = 1100;
  plot.height = static_cast<int>(330 * std::max<size_t>(1, metrics.size()) + 40);
  std::string script = "set multiplot layout " + std::to_string(metrics.size()) + ",2 title " + gnuplot_quote(title) + "\n";
  script += "set style fill transparent solid 0.4 noborder\nset grid ytics\nset key top right\n";
  for (const auto& metric : metrics) {
    std::string hist_plots, exceed_plots;
    for (size_t v = 0; v < variants.size(); ++v) {
      const Tally& t = *variants[v].tally;
      long index = -1;
      for (size_t i = variants[v].offset; i < t.schema().size(); ++i)
        if (t.schema().metrics[i].name == metric || t.schema().metrics[i].name.ends_with("/" + metric)) { index = static_cast<long>(i); break; }
      if (index < 0 || t.trials() == 0) continue;
      const auto& spec = t.schema().metrics[static_cast<size_t>(index)];
      const auto hist = t.histogram(static_cast<size_t>(index));
      std::string rows;
      uint64_t at_least = t.trials() - t.underflow(static_cast<size_t>(index));
      const double n = static_cast<double>(t.trials());
      size_t last = hist.size();
      while (last > 0 && hist[last - 1] == 0) --last;
      for (size_t k = 0; k < std::max<size_t>(last, 1); ++k) {
        rows += fmt(static_cast<double>(spec.min_value + static_cast<int64_t>(k))) + " " + fmt(static_cast<double>(hist[k]) / n) + " " +
                fmt(static_cast<double>(at_least) / n) + "\n";
        at_least -= hist[k];
      }
      const std::string block = "dist" + std::to_string(plot.data.size());
      plot.data.push_back({block, rows});
      const double shift = (static_cast<double>(v) - (static_cast<double>(variants.size()) - 1) / 2) * 0.8 / static_cast<double>(variants.size());
      hist_plots += (hist_plots.empty() ? "" : ", ") + std::string("$") + block + " using ($1+" + fmt(shift) + "):2:(" +
                    fmt(0.8 / static_cast<double>(variants.size())) + ") with boxes lc rgb '" + palette(v) + "' title " +
                    gnuplot_quote(variants[v].label);
      exceed_plots += (exceed_plots.empty() ? "" : ", ") + std::string("$") + block + " using 1:3 with steps lw 2 lc rgb '" +
                      palette(v) + "' title " + gnuplot_quote(variants[v].label);
    }
    script += "set title " + gnuplot_quote(metric + ": P(X = k)") + "\nset xlabel 'k'\nset ylabel 'probability'\nset yrange [0:*]\n";
    script += "plot " + (hist_plots.empty() ? std::string("NaN notitle") : hist_plots) + "\n";
    script += "set title " + gnuplot_quote(metric + ": P(X >= k)") + "\nset yrange [0:1.05]\n";
    script += "plot " + (exceed_plots.empty() ? std::string("NaN notitle") : exceed_plots) + "\n";
  }
  script += "unset multiplot\n";
  plot.script = script;
  return plot;
}

PlotSpec sweep_plot(const std::vector<SweepSeries>& series, const std::string& x_label, const std::string& y_label,
                    const std::string& title, double goal) {
  PlotSpec plot;
  std::string script = "set title " + gnuplot_quote(title) + "\nset xlabel " + gnuplot_quote(x_label) + "\nset ylabel " +
                       gnuplot_quote(y_label) + "\nset grid\nset key top left\nset style fill transparent solid 0.2 noborder\n";
  std::string plots;
  for (size_t s = 0; s < series.size(); ++s) {
    std::string rows;
    for (const auto& p : series[s].points) rows += fmt(p.x) + " " + fmt(p.estimate) + " " + fmt(p.low) + " " + fmt(p.high) + "\n";
    const std::string block = "sweep" + std::to_string(s);
    plot.data.push_back({block, rows});
    plots += (plots.empty() ? "" : ", ") + std::string("$") + block + " using 1:3:4 with filledcurves lc rgb '" + palette(s) +
             "' notitle, $" + block + " using 1:2 with linespoints pt 7 lw 2 lc rgb '" + palette(s) + "' title " +
             gnuplot_quote(series[s].label);
  }
  if (!std::isnan(goal)) plots += ", " + fmt(goal) + " with lines dt 2 lc rgb '#444444' title 'goal'";
  plot.script = script + "plot " + plots + "\n";
  return plot;
}

PlotSpec heatmap_plot(const std::vector<HeatCell>& cells, const std::string& x_label, const std::string& y_label,
                      const std::string& value_label, const std::string& title) {
  PlotSpec plot;
  std::string rows;
  for (const auto& c : cells) rows += fmt(c.x) + " " + fmt(c.y) + " " + fmt(c.value) + "\n";
  plot.data.push_back({"heat", rows});
  plot.script = "set title " + gnuplot_quote(title) + "\nset xlabel " + gnuplot_quote(x_label) + "\nset ylabel " +
                gnuplot_quote(y_label) + "\nset cblabel " + gnuplot_quote(value_label) +
                "\nset palette rgbformulae 33,13,10\nset view map\n"
                "plot $heat using 1:2:3 with image notitle, $heat using 1:2:(sprintf('%.3f',$3)) with labels font ',8' notitle\n";
  return plot;
}

PlotSpec tornado_plot(const std::vector<TornadoBar>& bars, const std::string& target, const std::string& title) {
  PlotSpec plot;
  plot.height = static_cast<int>(std::max<size_t>(bars.size(), 3) * 28 + 120);
  std::string rows;
  for (size_t i = 0; i < bars.size(); ++i)
    rows += std::to_string(bars.size() - i) + " " + fmt(bars[i].low_delta) + " " + fmt(bars[i].high_delta) + " " +
            gnuplot_quote(bars[i].parameter) + "\n";
  plot.data.push_back({"tornado", rows});
  plot.script = "set title " + gnuplot_quote(title) + "\nset xlabel " + gnuplot_quote("change of " + target) +
                "\nset ytics scale 0 font ',8'\nset grid xtics\nset key bottom right\nset style fill solid 0.7\nset yrange [0:" +
                std::to_string(bars.size() + 1) +
                "]\nplot $tornado using ($2/2):1:($2<0?$2:0):($2<0?0:$2):($1-0.35):($1+0.35):ytic(4) with boxxyerror "
                "lc rgb '#0072B2' title 'one step down', $tornado using ($3/2):1:($3<0?$3:0):($3<0?0:$3):($1-0.35):($1+0.35) "
                "with boxxyerror lc rgb '#D55E00' title 'one step up'\n";
  return plot;
}

}  // namespace volley
