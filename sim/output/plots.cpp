#include "sim/output/plots.hpp"

#include "analysis/estimate.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <span>

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

// The index of a variant's metric by its own name.
long find_metric(const VariantTally& v, const std::string& metric) {
  const auto& metrics = v.tally->schema().metrics;
  for (size_t i = v.offset; i < metrics.size(); ++i)
    if (metrics[i].name == metric || metrics[i].name.ends_with("/" + metric)) return static_cast<long>(i);
  return -1;
}

// One variant's distribution of `metric`, as both panels of the distribution plot draw it.
struct VariantMetric {
  const Tally& tally;
  size_t index;
  const MetricSpec& spec;
  std::span<const uint64_t> hist;
};

// Empty where the variant lacks the metric or played no trial: it then has no bars and no curve.
std::optional<VariantMetric> variant_metric(const VariantTally& v, const std::string& metric) {
  const long index = find_metric(v, metric);
  const Tally& t = *v.tally;
  if (index < 0 || t.trials() == 0) return std::nullopt;
  const auto i = static_cast<size_t>(index);
  return VariantMetric{t, i, t.schema().metrics[i], t.histogram(i)};
}

// P(X = k) bars with Wilson whiskers for each variant, side by side: one panel's plot command.
std::string histogram_panel(PlotSpec& plot, const std::vector<VariantTally>& variants, const std::string& metric, double level, double& lo,
                            double& hi) {
  std::string plots;
  lo = 1e300;
  hi = -1e300;
  for (size_t v = 0; v < variants.size(); ++v) {
    const auto found = variant_metric(variants[v], metric);
    if (!found) continue;
    const auto& [t, index, spec, hist] = *found;
    size_t first = 0, last = hist.size();
    while (last > 0 && hist[last - 1] == 0) --last;
    while (first < last && hist[first] == 0) ++first;
    if (last == 0) last = 1;
    const double n = static_cast<double>(t.trials());
    const double width = 0.8 / static_cast<double>(variants.size());
    const double shift = (static_cast<double>(v) - (static_cast<double>(variants.size()) - 1) / 2) * width;
    std::string rows;
    for (size_t k = first; k < last; ++k) {
      const auto w = wilson_interval(hist[k], t.trials(), level);
      const double x = static_cast<double>(spec.min_value + static_cast<int64_t>(k));
      rows += fmt(x + shift) + " " + fmt(static_cast<double>(hist[k]) / n) + " " + fmt(w.low) + " " + fmt(w.high) + " " + fmt(width) + "\n";
      lo = std::min(lo, x);
      hi = std::max(hi, x);
    }
    const std::string block = "hist" + std::to_string(plot.data.size());
    plot.data.push_back({block, rows});
    plots += (plots.empty() ? "" : ", ") + std::string("$") + block + " using 1:2:5 with boxes lc rgb '" + palette(v) + "' title " +
             plot.texts.expression(variants[v].label) + ", $" + block + " using 1:2:3:4 with yerrorbars pt -1 lc rgb '#333333' notitle";
  }
  if (lo > hi) lo = hi = 0;
  return plots;
}

}  // namespace

std::string data_text(const std::string& text) {
  // A quoted column of a datablock row: data, never script (gnuplot expands no backtick there).
  // A double quote would end the column and a control character break the row or the SVG.
  std::string out = "\"";
  for (char c : text) out += c == '"' ? '\'' : (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) ? ' ' : c;
  return out + "\"";
}

namespace {
std::vector<Datablock> data_and_texts(const PlotSpec& plot) {
  auto data = plot.data;
  data.push_back(plot.texts.block());
  return data;
}

// A plot with no data (an interrupted search before its first value, a shard that owns no block):
// fixed ranges and a note, since gnuplot refuses to autoscale over nothing and the plot would be lost.
std::string no_data(const char* what) {
  return std::string("set xrange [0:1]\nset yrange [0:1]\nset label 1 '") + what + "' at graph 0.5, graph 0.5 center\n";
}
const char* after_no_data = "unset label 1\nset autoscale x\nset autoscale y\n";
}  // namespace

void draw_plot(const PlotSpec& plot, const std::string& path) {
  render_gnuplot(data_and_texts(plot), plot.script, path, plot.width, plot.height);
}
std::string draw_plot_svg(const PlotSpec& plot) { return render_gnuplot_svg(data_and_texts(plot), plot.script, plot.width, plot.height); }

PlotSpec map_plot(const std::vector<MapModel>& frames, const std::string& title) {
  PlotSpec plot;
  const size_t n = std::max<size_t>(frames.size(), 1);
  const size_t cols = n <= 1 ? 1 : (n <= 4 ? 2 : 3);
  const size_t rows = (n + cols - 1) / cols;
  plot.width = static_cast<int>(cols * 760);
  plot.height = static_cast<int>(rows * 480 + 50);
  std::string script =
      "set size ratio -1\nset key outside right top font ',8' spacing 1.1\nunset colorbox\nset xlabel 'inches'\nset ylabel 'inches'\n";
  if (frames.size() > 1)
    script += "set multiplot layout " + std::to_string(rows) + "," + std::to_string(cols) + " title " + plot.texts.expression(title) + "\n";
  for (size_t f = 0; f < frames.size(); ++f) {
    const MapModel& map = frames[f];
    std::map<std::string, size_t> side_index;
    for (size_t s = 0; s < map.sides.size(); ++s) side_index[map.sides[s]] = s;
    auto colour = [&](const std::string& side) { return side_index.count(side) ? palette(side_index[side]) : "#555555"; };
    std::string plots;
    // One datablock per layer; a layer is drawn, and named in the legend, only when it has rows.
    auto layer = [&](const std::string& rows_text, const std::string& how) {
      if (rows_text.empty()) return;
      const std::string block = "map" + std::to_string(plot.data.size());
      plot.data.push_back({block, rows_text});
      std::string item = how;
      for (size_t at = item.find("$B"); at != std::string::npos; at = item.find("$B", at)) item.replace(at, 2, "$" + block);
      plots += (plots.empty() ? "" : ", ") + item;
    };
    auto box_row = [](const MapBox& b, const std::string& label) {
      return fmt((b.x0 + b.x1) / 2) + " " + fmt((b.y0 + b.y1) / 2) + " " + fmt((b.x1 - b.x0) / 2) + " " + fmt((b.y1 - b.y0) / 2) + " " +
             data_text(label) + "\n";
    };
    const std::string box = "using 1:2:($1-$3):($1+$3):($2-$4):($2+$4) with boxxyerror";
    const std::string labels = "using 1:2:5 with labels left offset 1,0 font ',7' notitle";
    layer(box_row({0, 0, map.width, map.depth}, ""), "$B " + box + " fs empty lc rgb '#000000' notitle");
    // Terrain by what it does (F-1), named where it lies.
    std::string blocks, cover, open;
    for (const auto& t : map.terrain) {
      const std::string label = t.name + (t.cover_class > 0 ? " (cover " + std::to_string(t.cover_class) + ")" : "");
      (t.blocks_sight ? blocks : t.cover_class > 0 ? cover : open) += box_row(t.area, label);
    }
    const std::string terrain_labels = "using ($1-$3):($2+$4):5 with labels left offset 0.3,-0.7 font ',7' tc rgb '#1d2a0f' notitle";
    layer(blocks, "$B " + box + " fs transparent solid 0.5 lc rgb '#556b2f' title 'terrain: blocks sight', $B " + terrain_labels);
    layer(cover, "$B " + box + " fs transparent solid 0.4 lc rgb '#8fbc8f' title 'terrain: cover', $B " + terrain_labels);
    layer(open, "$B " + box + " fs transparent solid 0.3 lc rgb '#d8cfa0' title 'terrain', $B " + terrain_labels);
    for (const auto& side : map.sides) {
      std::string zones;
      for (const auto& z : map.zones)
        if (z.side == side) zones += box_row(z.area, z.label);
      layer(zones, "$B " + box + " fs empty dt 2 lc rgb '" + colour(side) + "' title " + plot.texts.expression(side + " deployment zone"));
    }
    // Barrage missions (PF-RB, PF-DT, PF-PR) and templates.
    std::string footprints, lanes, fired, targets, registered, lines;
    for (const auto& fire : map.fire) {
      switch (fire.kind) {
        case MapFireKind::Footprint:
          footprints += box_row(fire.box, fire.label);
          break;
        case MapFireKind::Lane:
          lanes += box_row(fire.box, fire.label);
          break;
        case MapFireKind::Fired:
          fired += box_row(fire.box, fire.label);
          break;
        case MapFireKind::Target:
          targets += fmt(fire.x) + " " + fmt(fire.y) + " 0 " + data_text(fire.label) + "\n";
          break;
        case MapFireKind::Registered:
          registered += fmt(fire.x) + " " + fmt(fire.y) + " " + fmt(fire.radius) + " " + data_text(fire.label) + "\n";
          break;
        case MapFireKind::RollingLine:
          lines += fmt(fire.box.x0) + " " + fmt(fire.box.y0) + " " + fmt(fire.box.x1 - fire.box.x0) + " " + fmt(fire.box.y1 - fire.box.y0) +
                   " " + data_text(fire.label) + "\n";
          break;
      }
    }
    layer(footprints, "$B " + box + " fs transparent solid 0.1 border dt 2 lc rgb '#c0392b' title 'template footprint'");
    layer(lanes, "$B " + box + " fs empty dt 3 lc rgb '#e67e22' title 'rolling barrage lane'");
    layer(fired, "$B " + box + " fs transparent solid 0.3 lc rgb '#c0392b' title 'template fired'");
    layer(lines,
          "$B using 1:2:3:4 with vectors head filled lw 2 lc rgb '#c0392b' title 'rolling barrage line', $B using 1:2:5 with labels left "
          "offset 0.5,0.7 font ',7' tc rgb '#c0392b' notitle");
    layer(targets,
          "$B using 1:2 with points pt 3 ps 2 lc rgb '#c0392b' title 'designated target', $B using 1:2:4 with labels left offset 1,-0.7 "
          "font ',7' tc rgb '#c0392b' notitle");
    layer(registered,
          "$B using 1:2:3 with circles dt 2 lc rgb '#c0392b' fs empty title 'pre-registered point (trigger radius)', $B using 1:2 with "
          "points pt 7 ps 0.8 lc rgb '#c0392b' notitle, $B using 1:2:4 with labels left offset 1,-0.7 font ',7' tc rgb '#c0392b' notitle");
    // Marks: each kind and side its own symbol and legend entry, each labelled with name and figures.
    struct Style {
      MapMarkKind kind;
      const char* words;
      const char* point;  // a point type for a point mark; a box style for a footprint
    };
    const Style styles[] = {{MapMarkKind::Unit, "unit", "pt 7 ps 1.3"},
                            {MapMarkKind::Hidden, "hidden unit", "pt 6 ps 1.5"},
                            {MapMarkKind::Decoy, "decoy", "pt 12 ps 1.5"},
                            {MapMarkKind::Broken, "broken unit", "pt 2 ps 1.3"},
                            {MapMarkKind::Blind, "Blind", "fs transparent solid 0.15 border dt 2"},
                            {MapMarkKind::Dummy, "dummy Blind", "fs empty dt 3"},
                            {MapMarkKind::Dispersed, "dispersed unit", "fs pattern 4"}};
    for (const auto& side : map.sides)
      for (const Style& style : styles) {
        std::string points, boxes;
        for (const auto& m : map.marks) {
          if (m.side != side || m.kind != style.kind) continue;
          const std::string label = m.name + (m.figures >= 0 ? " (" + std::to_string(m.figures) + ")" : "");
          if (m.w > 0 && m.d > 0) boxes += box_row({m.x - m.w / 2, m.y - m.d / 2, m.x + m.w / 2, m.y + m.d / 2}, label);
          else points += fmt(m.x) + " " + fmt(m.y) + " 0 0 " + data_text(label) + "\n";
        }
        const std::string name = plot.texts.expression(side + " " + style.words);
        const bool box_style = style.point[0] == 'f';
        layer(points, "$B using 1:2 with points " + std::string(box_style ? "pt 5 ps 1.2" : style.point) + " lc rgb '" + colour(side) +
                          "' title " + name + ", $B " + labels);
        layer(boxes, "$B " + box + " " + (box_style ? style.point : "fs transparent solid 0.6") + " lc rgb '" + colour(side) + "' title " +
                         name + ", $B " + labels);
      }
    script += "set xrange [0:" + fmt(map.width) + "]\nset yrange [0:" + fmt(map.depth) + "]\n";
    script += "set title " +
              plot.texts.expression(frames.size() > 1 ? map.caption : title + (map.caption.empty() ? "" : ": " + map.caption)) + "\n";
    script += "plot " + (plots.empty() ? std::string("NaN notitle") : plots) + "\n";
  }
  if (frames.size() > 1) script += "unset multiplot\n";
  plot.script = script;
  return plot;
}

PlotSpec distribution_plot(const std::vector<VariantTally>& variants, const std::vector<std::string>& metrics, const std::string& title,
                           double level) {
  PlotSpec plot;
  plot.width = 1100;
  plot.height = static_cast<int>(360 * (metrics.size() + 1) + 40);
  const std::string percent = fmt(level * 100) + "%";
  std::string script = "set multiplot layout " + std::to_string(metrics.size() + 1) + ",2 title " + plot.texts.expression(title) + "\n";
  script += "set style fill transparent solid 0.5 noborder\nset grid ytics\nset key outside right top vertical\nset ylabel 'probability'\n";
  // Row 1, left: the outcome probabilities (win, draw, ...) of every variant with their intervals.
  std::vector<std::string> outcomes;
  if (!variants.empty() && variants[0].offset < variants[0].tally->schema().size()) {
    // A compare tally holds every variant's metrics ("v0/herero.win") then the differences: the
    // first variant's own block is the one whose prefix matches its first metric's.
    const auto& all = variants[0].tally->schema().metrics;
    auto prefix_of = [](const std::string& name) {
      const auto slash = name.find('/');
      return slash == std::string::npos ? std::string() : name.substr(0, slash);
    };
    const std::string own = prefix_of(all[variants[0].offset].name);
    for (size_t i = variants[0].offset; i < all.size() && prefix_of(all[i].name) == own; ++i)
      if (all[i].kind == MetricKind::Probability && all[i].headline) outcomes.push_back(all[i].name.substr(all[i].name.find('/') + 1));
  }
  std::string outcome_plots;
  const double width = 0.8 / static_cast<double>(std::max<size_t>(variants.size(), 1));
  for (size_t v = 0; v < variants.size(); ++v) {
    std::string rows;
    for (size_t o = 0; o < outcomes.size(); ++o) {
      const long index = find_metric(variants[v], outcomes[o]);
      if (index < 0 || variants[v].tally->trials() == 0) continue;
      const auto e = estimate_metric(*variants[v].tally, static_cast<size_t>(index), level);
      const double shift = (static_cast<double>(v) - (static_cast<double>(variants.size()) - 1) / 2) * width;
      rows += fmt(static_cast<double>(o) + shift) + " " + fmt(e.estimate) + " " + fmt(e.low) + " " + fmt(e.high) + " " + fmt(width) + "\n";
    }
    if (rows.empty()) continue;
    const std::string block = "outcome" + std::to_string(plot.data.size());
    plot.data.push_back({block, rows});
    outcome_plots += (outcome_plots.empty() ? "" : ", ") + std::string("$") + block + " using 1:2:5 with boxes lc rgb '" + palette(v) +
                     "' title " + plot.texts.expression(variants[v].label) + ", $" + block +
                     " using 1:2:3:4 with yerrorbars pt -1 lc rgb '#333333' notitle";
  }
  std::string tics = "set xtics (";
  for (size_t o = 0; o < outcomes.size(); ++o) tics += (o ? ", " : "") + plot.texts.expression(outcomes[o]) + " " + std::to_string(o);
  script += tics + ")\nset xrange [-0.6:" + fmt(static_cast<double>(outcomes.size()) - 0.4) + "]\nset yrange [0:1]\nset xlabel 'outcome'\n";
  script += "set title " + plot.texts.expression("outcomes: probability with " + percent + " Wilson interval") + "\n";
  if (outcome_plots.empty()) script += no_data("no trials") + "plot NaN notitle\n" + after_no_data;
  else script += "plot " + outcome_plots + "\n";
  script += "set xtics autofreq\n";
  // Row 1, right: how long games last (turn_decided), where the kernel reports it.
  double lo = 0, hi = 0;
  const std::string turns = histogram_panel(plot, variants, "turn_decided", level, lo, hi);
  if (!turns.empty()) {
    script +=
        "set title 'how long games last: P(decided in turn k)'\nset xlabel 'turn the game was decided (the last turn if undecided)'\n";
    script +=
        "set xrange [" + fmt(lo - 0.6) + ":" + fmt(hi + 0.6) + "]\nset yrange [0:*]\nset xtics 1\nplot " + turns + "\nset xtics autofreq\n";
  } else {
    script += "set multiplot next\n";
  }
  // Each count metric: P(X = k) with whiskers, and P(X >= k) with its band.
  for (const auto& metric : metrics) {
    std::string description;
    for (const auto& v : variants) {
      const long index = find_metric(v, metric);
      if (index >= 0) description = v.tally->schema().metrics[static_cast<size_t>(index)].description;
      if (!description.empty()) break;
    }
    const std::string axis = description.empty() ? metric : metric + ": " + description;
    const std::string bars = histogram_panel(plot, variants, metric, level, lo, hi);
    std::string exceed_plots;
    for (size_t v = 0; v < variants.size(); ++v) {
      const auto found = variant_metric(variants[v], metric);
      if (!found) continue;
      const auto& [t, index, spec, hist] = *found;
      uint64_t at_least = t.trials() - t.underflow(index);
      std::string rows;
      for (size_t k = 0; k < hist.size() && at_least > 0; ++k) {
        const auto w = wilson_interval(at_least, t.trials(), level);
        rows += fmt(static_cast<double>(spec.min_value + static_cast<int64_t>(k))) + " " +
                fmt(static_cast<double>(at_least) / static_cast<double>(t.trials())) + " " + fmt(w.low) + " " + fmt(w.high) + "\n";
        at_least -= hist[k];
      }
      const std::string block = "exceed" + std::to_string(plot.data.size());
      plot.data.push_back({block, rows});
      exceed_plots += (exceed_plots.empty() ? "" : ", ") + std::string("$") + block + " using 1:3:4 with filledcurves lc rgb '" +
                      palette(v) + "' notitle, $" + block + " using 1:2 with linespoints pt 7 ps 0.6 lw 2 lc rgb '" + palette(v) +
                      "' title " + plot.texts.expression(variants[v].label);
    }
    script += "set xrange [" + fmt(lo - 0.6) + ":" + fmt(hi + 0.6) + "]\nset xlabel " + plot.texts.expression(axis) + "\n";
    script += "set title " + plot.texts.expression(metric + ": P(= k) with " + percent + " intervals") + "\nset yrange [0:*]\n";
    if (bars.empty()) script += no_data("no trials") + "plot NaN notitle\n" + after_no_data;
    else script += "plot " + bars + "\n";
    script += "set title " + plot.texts.expression(metric + ": P(>= k), at least k, with " + percent + " band") + "\nset yrange [0:1.02]\n";
    if (exceed_plots.empty()) script += no_data("no trials") + "plot NaN notitle\n" + after_no_data;
    else script += "plot " + exceed_plots + "\n";
  }
  script += "unset multiplot\n";
  plot.script = script;
  return plot;
}

PlotSpec sweep_plot(const std::vector<SweepSeries>& series, const std::string& x_label, const std::string& y_label,
                    const std::string& title, const SweepPlotOptions& options) {
  PlotSpec plot;
  std::string script = "set title " + plot.texts.expression(title) + "\nset xlabel " + plot.texts.expression(x_label) + "\nset ylabel " +
                       plot.texts.expression(y_label) +
                       "\nset grid\nset key outside right top vertical\nset style fill transparent solid 0.2 noborder\n";
  const bool categorical = !options.categories.empty();
  if (categorical) {
    // Named values (never, always) are categories: points with error bars, never a line between them.
    std::string tics = "set xtics (";
    for (size_t i = 0; i < options.categories.size(); ++i)
      tics += (i ? ", " : "") + plot.texts.expression(options.categories[i]) + " " + std::to_string(i);
    script += tics + ")\nset xrange [-0.5:" + fmt(static_cast<double>(options.categories.size()) - 0.5) + "]\n";
  }
  std::string plots;
  for (size_t s = 0; s < series.size(); ++s) {
    std::string rows;
    for (const auto& p : series[s].points) rows += fmt(p.x) + " " + fmt(p.estimate) + " " + fmt(p.low) + " " + fmt(p.high) + "\n";
    const std::string block = "sweep" + std::to_string(s);
    plot.data.push_back({block, rows});
    if (categorical)
      plots += (plots.empty() ? "" : ", ") + std::string("$") + block + " using 1:2:3:4 with yerrorbars pt 7 ps 1.5 lw 2 lc rgb '" +
               palette(s) + "' title " + plot.texts.expression(series[s].label + " with interval");
    else
      plots += (plots.empty() ? "" : ", ") + std::string("$") + block + " using 1:3:4 with filledcurves lc rgb '" + palette(s) +
               "' title 'interval', $" + block + " using 1:2:3:4 with yerrorbars pt 7 lc rgb '" + palette(s) + "' title " +
               plot.texts.expression(series[s].label) +
               (options.fitted ? "" : ", $" + block + " using 1:2 with lines lw 1 lc rgb '" + std::string(palette(s)) + "' notitle");
  }
  if (options.fitted && options.fit_to > options.fit_from) {
    std::string rows;
    for (int i = 0; i <= 100; ++i) {
      const double x = options.fit_from + (options.fit_to - options.fit_from) * i / 100.0;
      rows += fmt(x) + " " + fmt(options.fitted(x)) + "\n";
    }
    plot.data.push_back({"fit", rows});
    plots += ", $fit using 1:2 with lines lw 2 lc rgb '#222222' title 'fitted model'";
  }
  if (!std::isnan(options.goal)) plots += ", " + fmt(options.goal) + " with lines dt 2 lc rgb '#444444' title 'goal'";
  if (!std::isnan(options.root) && !std::isnan(options.goal)) {
    plot.data.push_back(
        {"root", fmt(options.root) + " " + fmt(options.goal) + " " + fmt(options.root_low) + " " + fmt(options.root_high) + "\n"});
    plots += ", $root using 1:2:3:4 with xerrorbars pt 5 ps 1.3 lw 2 lc rgb '#C00000' title 'root with its interval'";
  }
  const bool empty = std::all_of(series.begin(), series.end(), [](const SweepSeries& s) { return s.points.empty(); });
  plot.script = script + (empty ? no_data("no values evaluated") : std::string()) + "plot " + plots + "\n";
  return plot;
}

PlotSpec heatmap_plot(const std::vector<HeatCell>& cells, const HeatAxis& x, const HeatAxis& y, const std::string& value_label,
                      const std::string& title, bool probability) {
  PlotSpec plot;
  // Grid order (y outer, x inner, a blank line between rows) serves both the image and the contour.
  std::vector<HeatCell> sorted = cells;
  std::sort(sorted.begin(), sorted.end(), [](const HeatCell& a, const HeatCell& b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
  std::string rows;
  for (size_t i = 0; i < sorted.size(); ++i) {
    if (i > 0 && sorted[i].y != sorted[i - 1].y) rows += "\n";
    rows += fmt(sorted[i].x) + " " + fmt(sorted[i].y) + " " + fmt(sorted[i].value) + "\n";
  }
  plot.data.push_back({"heat", rows});
  auto tics = [&plot](const char* axis, const HeatAxis& a) {
    std::string t = std::string("set ") + axis + "tics (";
    for (size_t i = 0; i < a.names.size(); ++i)
      t += (i ? ", " : "") + plot.texts.expression(a.names[i]) + " " + (a.numbers.empty() ? std::to_string(i) : fmt(a.numbers[i]));
    return t + ")\n";
  };
  std::string script = "set title " + plot.texts.expression(title) + "\nset xlabel " + plot.texts.expression(x.key) + "\nset ylabel " +
                       plot.texts.expression(y.key) + "\nset cblabel " + plot.texts.expression(value_label) +
                       "\nset palette rgbformulae 33,13,10\nset key outside top center horizontal\n" + tics("x", x) + tics("y", y);
  std::string plots = "$heat using 1:2:3 with image notitle, $heat using 1:2:(sprintf('%.3f',$3)) with labels font ',8' notitle";
  const bool grid = x.names.size() >= 2 && y.names.size() >= 2;
  if (probability && grid) {
    // The 50% contour: gnuplot traces it on the grid into a datablock, then it is drawn over the image.
    script +=
        "set contour base\nset cntrparam linear\nset cntrparam levels discrete 0.5\nunset surface\nset table $contour\n"
        "splot $heat using 1:2:3 notitle\nunset table\nunset contour\nset surface\n";
    plots += ", $contour using 1:2 with lines lw 3 lc rgb '#000000' title '50% contour'";
  }
  plot.script = script + (cells.empty() ? no_data("no points evaluated") : std::string()) + "plot " + plots + "\n";
  return plot;
}

PlotSpec tornado_plot(const std::vector<TornadoBar>& bars, const std::string& target, const std::string& title) {
  PlotSpec plot;
  plot.height = static_cast<int>(std::max<size_t>(bars.size(), 3) * 28 + 160);
  plot.width = 1200;  // room for the labels, which name each parameter with its step
  std::string rows;
  for (size_t i = 0; i < bars.size(); ++i)
    rows += std::to_string(bars.size() - i) + " " + fmt(bars[i].low_delta) + " " + fmt(bars[i].high_delta) + " " +
            data_text(bars[i].parameter + (bars[i].assumed ? " [assumed]" : "")) + " " + (bars[i].assumed ? "1" : "0") + "\n";
  plot.data.push_back({"tornado", rows});
  plot.script =
      std::string(bars.empty() ? no_data("no parameter studied") + "set xrange [-1:1]\n" : "") + "set title " +
      plot.texts.expression(title) + "\nset xlabel " +
      plot.texts.expression("change of " + target + " (one step from the scenario's value)") +
      "\nset ytics scale 0 font ',8'\nset grid xtics\nset format x '%+.2g'\nset key outside top center horizontal maxrows 1 samplen 2 "
      "width -6 Left reverse\nset style fill solid 0.7\nset yrange [0:" +
      std::to_string(bars.size() + 1) +
      "]\nplot $tornado using ($2/2):1:($2<0?$2:0):($2<0?0:$2):($1-0.35):($1+0.35):ytic(4) with boxxyerror "
      "lc rgb '#0072B2' title 'one step down', $tornado using ($3/2):1:($3<0?$3:0):($3<0?0:$3):($1-0.35):($1+0.35) "
      "with boxxyerror lc rgb '#D55E00' title 'one step up', $tornado using ($5>0?0:NaN):1 with points pt 9 ps 1.4 lc rgb '#000000' "
      "title '[assumed] rule (docs/rules.md)'\n";
  return plot;
}

}  // namespace volley
