#include "sim/output/map_svg.hpp"

#include "sim/output/text_escaping.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <utility>
#include <vector>

namespace volley {

namespace {

// The same colour-blind-safe palette as the gnuplot plots: one colour per side, in the model's order.
const char* side_colour(const MapModel& map, const std::string& side) {
  static const char* colours[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"};
  const auto it = std::find(map.sides.begin(), map.sides.end(), side);
  return it == map.sides.end() ? "#555555" : colours[static_cast<size_t>(it - map.sides.begin()) % 7];
}

std::string num(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.3f", v);
  std::string s = b;
  s.erase(s.find_last_not_of('0') + 1);
  if (s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

std::string figures_text(const MapMark& m) { return m.figures >= 0 ? " (" + std::to_string(m.figures) + ")" : ""; }

// The geometry of one frame: inches on the table to the frame's own coordinates (y flipped so that
// north is up), and the sizes of text and symbols, which follow the table's size.
struct Frame {
  double width, depth, font, margin, title_height, legend_width, scale_height;
  explicit Frame(const MapModel& m) {
    width = std::max(m.width, 1.0);
    depth = std::max(m.depth, 1.0);
    font = std::clamp(std::max(width, depth) / 48, 0.4, 4.0);
    margin = font;
    title_height = 2.2 * font;
    legend_width = 16 * font;
    scale_height = 3.2 * font;
  }
  double x(double inches) const { return margin + inches; }
  double y(double inches) const { return title_height + depth - inches; }
  double total_width() const { return margin + width + margin + legend_width; }
  double total_height() const { return title_height + depth + scale_height; }
};

std::string rect(const Frame& f, const MapBox& b, const std::string& style) {
  return "<rect x=\"" + num(f.x(b.x0)) + "\" y=\"" + num(f.y(b.y1)) + "\" width=\"" + num(b.x1 - b.x0) + "\" height=\"" + num(b.y1 - b.y0) +
         "\" " + style + "/>";
}

std::string text(double x, double y, double size, const std::string& content, const std::string& extra = "") {
  return "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" font-size=\"" + num(size) + "\"" + (extra.empty() ? "" : " " + extra) + ">" +
         xml_escape(content) + "</text>";
}

// A mark's symbol centred at (cx, cy) in frame coordinates, r its size (legend and table share it).
std::string mark_symbol(MapMarkKind kind, double cx, double cy, double r, double w, double d, const char* colour) {
  const std::string c = colour;
  auto box = [&](const std::string& style) {
    const double bw = w > 0 ? w : 2 * r, bd = d > 0 ? d : 1.4 * r;
    return "<rect x=\"" + num(cx - bw / 2) + "\" y=\"" + num(cy - bd / 2) + "\" width=\"" + num(bw) + "\" height=\"" + num(bd) + "\" " +
           style + "/>";
  };
  const std::string stroke = "stroke=\"" + c + "\" stroke-width=\"" + num(r / 4) + "\"";
  switch (kind) {
    case MapMarkKind::Unit:
      if (w > 0) return box("fill=\"" + c + "\" fill-opacity=\"0.65\" " + stroke);
      return "<circle cx=\"" + num(cx) + "\" cy=\"" + num(cy) + "\" r=\"" + num(r) + "\" fill=\"" + c + "\"/>";
    case MapMarkKind::Hidden:
      return "<circle cx=\"" + num(cx) + "\" cy=\"" + num(cy) + "\" r=\"" + num(r) + "\" fill=\"white\" fill-opacity=\"0.6\" " + stroke +
             " stroke-dasharray=\"" + num(r / 2) + " " + num(r / 3) + "\"/>";
    case MapMarkKind::Decoy:
      return "<polygon points=\"" + num(cx) + "," + num(cy - r) + " " + num(cx + r) + "," + num(cy) + " " + num(cx) + "," + num(cy + r) +
             " " + num(cx - r) + "," + num(cy) + "\" fill=\"white\" " + stroke + "/>";
    case MapMarkKind::Broken:
      return "<path d=\"M" + num(cx - r) + " " + num(cy - r) + "L" + num(cx + r) + " " + num(cy + r) + "M" + num(cx - r) + " " +
             num(cy + r) + "L" + num(cx + r) + " " + num(cy - r) + "\" stroke=\"" + c + "\" stroke-width=\"" + num(r / 2.5) + "\"/>";
    case MapMarkKind::Blind:
      return box("fill=\"" + c + "\" fill-opacity=\"0.18\" " + stroke + " stroke-dasharray=\"" + num(r) + " " + num(r / 2) + "\"");
    case MapMarkKind::Dummy:
      return box("fill=\"none\" " + stroke + " stroke-dasharray=\"" + num(r / 4) + " " + num(r / 2) + "\"");
    case MapMarkKind::Dispersed:
      return box("fill=\"#999999\" fill-opacity=\"0.5\" " + stroke);
  }
  return "";
}

// A mark kind's two names, one switch for both: `name` for the page's scripts (data-kind) and the
// legend's keys, `words` for people (labels, tooltips, the legend).
struct MarkKindNames {
  const char* name;
  const char* words;
};

MarkKindNames names_of(MapMarkKind k) {
  switch (k) {
    case MapMarkKind::Unit:
      return {"unit", "unit"};
    case MapMarkKind::Hidden:
      return {"hidden", "hidden unit"};
    case MapMarkKind::Decoy:
      return {"decoy", "decoy"};
    case MapMarkKind::Broken:
      return {"broken", "broken unit"};
    case MapMarkKind::Blind:
      return {"blind", "Blind"};
    case MapMarkKind::Dummy:
      return {"dummy", "dummy Blind"};
    case MapMarkKind::Dispersed:
      return {"dispersed", "dispersed unit"};
  }
  return {"unit", "unit"};
}

// SVG's default stroke is one user unit: here an inch. Every stroke is given its width.
std::string terrain_style(const MapTerrain& t, double stroke_width) {
  const std::string width = " stroke-width=\"" + num(stroke_width) + "\"";
  if (t.blocks_sight) return "fill=\"#556b2f\" fill-opacity=\"0.6\" stroke=\"#33401c\"" + width;
  // Each cover class its own green, darker as it protects more (F-4: class 1 the least, 4 the most).
  static const char* const CoverFills[] = {"#d9ead0", "#b4d7a4", "#86bb74", "#4f8f45"};
  if (t.cover_class > 0)
    return std::string("fill=\"") + CoverFills[std::clamp(t.cover_class, 1, 4) - 1] + "\" fill-opacity=\"0.6\" stroke=\"#5f8f5f\"" + width;
  return "fill=\"#d8cfa0\" fill-opacity=\"0.5\" stroke=\"#a89f70\"" + width;
}

std::string terrain_words(const MapTerrain& t) {
  std::string w = t.blocks_sight ? "blocks sight" : "open";
  if (t.cover_class > 0) w += ", cover class " + std::to_string(t.cover_class);
  return w;
}

const char* fire_words(MapFireKind k) {
  switch (k) {
    case MapFireKind::Target:
      return "designated target";
    case MapFireKind::Registered:
      return "pre-registered point (trigger radius)";
    case MapFireKind::Footprint:
      return "template footprint";
    case MapFireKind::RollingLine:
      return "rolling barrage line";
    case MapFireKind::Lane:
      return "rolling barrage lane";
    case MapFireKind::Fired:
      return "template fired";
  }
  return "";
}

std::string fire_symbol(const Frame& f, const MapFire& fire, bool legend, double lx, double ly) {
  const double r = f.font * 0.45, sw = f.font / 10;
  const std::string red = "#c0392b";
  auto box = [&](const std::string& style) {
    if (legend)
      return "<rect x=\"" + num(lx - r * 1.2) + "\" y=\"" + num(ly - r * 0.8) + "\" width=\"" + num(r * 2.4) + "\" height=\"" +
             num(r * 1.6) + "\" " + style + "/>";
    return rect(f, fire.box, style);
  };
  const double cx = legend ? lx : f.x(fire.x), cy = legend ? ly : f.y(fire.y);
  switch (fire.kind) {
    case MapFireKind::Target:
      return "<circle cx=\"" + num(cx) + "\" cy=\"" + num(cy) + "\" r=\"" + num(r) + "\" fill=\"none\" stroke=\"" + red +
             "\" stroke-width=\"" + num(sw) + "\"/><path d=\"M" + num(cx - 1.6 * r) + " " + num(cy) + "H" + num(cx + 1.6 * r) + "M" +
             num(cx) + " " + num(cy - 1.6 * r) + "V" + num(cy + 1.6 * r) + "\" stroke=\"" + red + "\" stroke-width=\"" + num(sw) + "\"/>";
    case MapFireKind::Registered: {
      const double radius = legend ? r * 1.3 : fire.radius;
      std::string s = "<circle cx=\"" + num(cx) + "\" cy=\"" + num(cy) + "\" r=\"" + num(r / 2) + "\" fill=\"" + red + "\"/>";
      if (radius > 0)
        s += "<circle cx=\"" + num(cx) + "\" cy=\"" + num(cy) + "\" r=\"" + num(radius) + "\" fill=\"" + red +
             "\" fill-opacity=\"0.06\" stroke=\"" + red + "\" stroke-width=\"" + num(sw) + "\" stroke-dasharray=\"" + num(r) + " " +
             num(r / 2) + "\"/>";
      return s;
    }
    case MapFireKind::Footprint:
      return box("fill=\"" + red + "\" fill-opacity=\"0.1\" stroke=\"" + red + "\" stroke-width=\"" + num(sw) + "\" stroke-dasharray=\"" +
                 num(r) + " " + num(r / 2) + "\"");
    case MapFireKind::Lane:
      return box("fill=\"none\" stroke=\"#e67e22\" stroke-width=\"" + num(sw) + "\" stroke-dasharray=\"" + num(r / 3) + " " + num(r / 3) +
                 "\"");
    case MapFireKind::Fired:
      return box("fill=\"" + red + "\" fill-opacity=\"0.3\" stroke=\"" + red + "\" stroke-width=\"" + num(sw) + "\"");
    case MapFireKind::RollingLine: {
      const double x0 = legend ? lx - r * 1.4 : f.x(fire.box.x0), y0 = legend ? ly : f.y(fire.box.y0);
      const double x1 = legend ? lx + r * 1.4 : f.x(fire.box.x1), y1 = legend ? ly : f.y(fire.box.y1);
      const double len = std::hypot(x1 - x0, y1 - y0);
      std::string s = "<line x1=\"" + num(x0) + "\" y1=\"" + num(y0) + "\" x2=\"" + num(x1) + "\" y2=\"" + num(y1) + "\" stroke=\"" + red +
                      "\" stroke-width=\"" + num(sw * 2) + "\"/>";
      if (len > 0) {  // an arrowhead at the far end: the direction of the advance
        const double ux = (x1 - x0) / len, uy = (y1 - y0) / len, a = r * 1.2;
        s += "<polygon points=\"" + num(x1) + "," + num(y1) + " " + num(x1 - a * ux - a * 0.5 * uy) + "," +
             num(y1 - a * uy + a * 0.5 * ux) + " " + num(x1 - a * ux + a * 0.5 * uy) + "," + num(y1 - a * uy - a * 0.5 * ux) +
             "\" fill=\"" + red + "\"/>";
      }
      return s;
    }
  }
  return "";
}

// Where the labels go: each at the first of its candidate places that overlaps nothing placed
// before (symbols, terrain names, other labels) and stays on the picture, else where it overlaps
// least. A crowded strip (hidden units and decoys along a table edge) stays readable. A text's box
// is estimated from its length: DejaVu Sans averages about 0.6 em a character.
class LabelPlacer {
 public:
  struct Box {
    double x0, y0, x1, y1;
  };
  LabelPlacer(double width, double height) : width_(width), height_(height) {}
  static Box text_box(double x, double baseline, double size, const std::string& content) {
    return {x, baseline - 0.8 * size, x + 0.6 * size * static_cast<double>(content.size()), baseline + 0.25 * size};
  }
  void occupy(const Box& b) { taken_.push_back(b); }
  // candidates: (x, baseline) pairs of the text's left end; returns the chosen one, now occupied.
  std::pair<double, double> place(const std::vector<std::pair<double, double>>& candidates, double size, const std::string& content) {
    size_t best = 0;
    double least = 1e300;
    for (size_t i = 0; i < candidates.size(); ++i) {
      const Box b = text_box(candidates[i].first, candidates[i].second, size, content);
      double overlap = b.x0 < 0 || b.y0 < 0 || b.x1 > width_ || b.y1 > height_ ? (b.x1 - b.x0) * (b.y1 - b.y0) : 0;
      for (const Box& t : taken_)
        overlap += std::max(0.0, std::min(b.x1, t.x1) - std::max(b.x0, t.x0)) * std::max(0.0, std::min(b.y1, t.y1) - std::max(b.y0, t.y0));
      if (overlap < least) least = overlap, best = i;
      if (overlap == 0) break;
    }
    occupy(text_box(candidates[best].first, candidates[best].second, size, content));
    return candidates[best];
  }

 private:
  double width_, height_;
  std::vector<Box> taken_;
};

// Zones that share a rectangle (a side's decoys, often) as one zone whose label names them all:
// "zone of decoy north blank #1" .. "#4" become "zone of decoys north blank #1, #2, #3, #4".
std::vector<MapZone> shared_zones(const std::vector<MapZone>& all) {
  std::vector<MapZone> zones;
  std::vector<std::vector<std::string>> names;
  for (const auto& zone : all) {
    const auto same = std::find_if(zones.begin(), zones.end(), [&](const MapZone& z) {
      return z.side == zone.side && z.area.x0 == zone.area.x0 && z.area.y0 == zone.area.y0 && z.area.x1 == zone.area.x1 &&
             z.area.y1 == zone.area.y1;
    });
    const std::string name = zone.label.starts_with("zone of ") ? zone.label.substr(8) : zone.label;
    if (same == zones.end()) {
      zones.push_back(zone);
      names.push_back({name});
    } else {
      names[static_cast<size_t>(same - zones.begin())].push_back(name);
    }
  }
  for (size_t i = 0; i < zones.size(); ++i) {
    auto& list = names[i];
    if (list.size() < 2) continue;
    const bool decoys = std::all_of(list.begin(), list.end(), [](const std::string& n) { return n.starts_with("decoy "); });
    if (decoys)
      for (auto& n : list) n = n.substr(6);
    // The words the names share are said once.
    size_t common = 0;
    while (std::all_of(list.begin(), list.end(), [&](const std::string& n) { return n.size() > common && n[common] == list[0][common]; }))
      ++common;
    while (common > 0 && list[0][common - 1] != ' ') --common;
    std::string label = std::string("zone of ") + (decoys ? "decoys " : "") + list[0];
    for (size_t k = 1; k < list.size(); ++k) label += ", " + list[k].substr(common);
    zones[i].label = label;
  }
  return zones;
}

// One frame's content, its top-left at (ox, oy) of the enclosing coordinates.
std::string frame_body(const MapModel& map, const std::string& heading) {
  const Frame f(map);
  std::string s;
  s += text(f.margin, f.font * 1.5, f.font * 1.1, heading, "font-weight=\"bold\"");
  // The table.
  s += rect(f, {0, 0, f.width, f.depth}, "fill=\"#f4f1e6\" stroke=\"#333333\" stroke-width=\"" + num(f.font / 8) + "\" class=\"table\"");
  struct LegendEntry {
    std::string key, symbol, words;
  };
  std::vector<LegendEntry> legend;
  std::set<std::string> seen;
  auto note = [&](const std::string& key, const std::string& symbol, const std::string& words) {
    if (seen.insert(key).second) legend.push_back({key, symbol, words});
  };
  const double r = f.font * 0.45;
  // The labels' places: every mark's symbol and every terrain name first, so that no label covers them.
  LabelPlacer labels(f.margin + f.width + f.margin, f.total_height());
  labels.occupy(LabelPlacer::text_box(f.margin, f.font * 1.5, f.font * 1.1, heading));
  for (const auto& m : map.marks) {
    const double hw = m.w > 0 ? m.w / 2 : r, hd = m.d > 0 ? m.d / 2 : r;
    labels.occupy({f.x(m.x) - hw, f.y(m.y) - hd, f.x(m.x) + hw, f.y(m.y) + hd});
  }
  // Terrain, styled by what it does (F-1).
  for (const auto& t : map.terrain) {
    const std::string name = t.name + " (" + terrain_words(t) + ")";
    const double tx = f.x(t.area.x0) + f.font * 0.3, ty = f.y(t.area.y1) + f.font * 0.9;
    labels.occupy(LabelPlacer::text_box(tx, ty, f.font * 0.75, name));
    s += "<g class=\"terrain\" data-name=\"" + xml_escape(t.name) + "\"><title>" + xml_escape(t.name + ": " + terrain_words(t)) +
         "</title>" + rect(f, t.area, terrain_style(t, f.font / 12)) + text(tx, ty, f.font * 0.75, name, "fill=\"#1d2a0f\"") + "</g>";
    note("terrain:" + terrain_words(t), "", "terrain: " + terrain_words(t));
  }
  // Deployment zones: one rectangle, and one label, for the units and decoys that share it (a side's
  // decoys often deploy in one zone: drawn once each, they stacked their labels over one another).
  const std::vector<MapZone> zones = shared_zones(map.zones);
  for (const auto& z : zones) {
    const char* c = side_colour(map, z.side);
    // Inside a corner of its rectangle: bottom left, top left, bottom right, top right.
    const double size = f.font * 0.65, pad = f.font * 0.2, w = 0.6 * size * static_cast<double>(z.label.size());
    const double left = f.x(z.area.x0) + pad, right = f.x(z.area.x1) - pad - w, bottom = f.y(z.area.y0) - f.font * 0.25,
                 top = f.y(z.area.y1) + size;
    // Zones that share a rectangle (a side's decoys) stack their labels a line apart.
    std::vector<std::pair<double, double>> corners;
    for (int line = 0; line < 8; ++line)
      for (const auto& [x, y] : {std::pair{left, bottom - line * size * 1.15}, std::pair{left, top + line * size * 1.15},
                                 std::pair{right, bottom - line * size * 1.15}, std::pair{right, top + line * size * 1.15}})
        corners.emplace_back(x, y);
    const auto [zx, zy] = labels.place(corners, size, z.label);
    s += "<g class=\"zone\" data-side=\"" + xml_escape(z.side) + "\"><title>" + xml_escape(z.label) + "</title>" +
         rect(f, z.area,
              std::string("fill=\"none\" stroke=\"") + c + "\" stroke-width=\"" + num(f.font / 10) + "\" stroke-dasharray=\"" +
                  num(f.font / 2) + " " + num(f.font / 4) + "\"") +
         text(zx, zy, size, z.label, std::string("fill=\"") + c + "\"") + "</g>";
    note("zone:" + z.side, "zone", z.side + " deployment zone");
  }
  // Missions and templates, under the units.
  for (const auto& fire : map.fire) {
    s += "<g class=\"fire\" data-kind=\"" + std::string(fire_words(fire.kind)) + "\" data-mission=\"" + xml_escape(fire.mission) +
         "\"><title>" + xml_escape(fire.label) + "</title>" + fire_symbol(f, fire, false, 0, 0);
    const double size = f.font * 0.65;
    const auto fire_label = [&](double x, double y) {
      std::vector<std::pair<double, double>> places;
      for (int line = 0; line < 4; ++line)
        for (const int direction : {1, -1}) places.emplace_back(x, y + direction * line * size * 1.15);
      const auto [fx, fy] = labels.place(places, size, fire.label);
      s += text(fx, fy, size, fire.label, "fill=\"#c0392b\"");
    };
    if (fire.kind == MapFireKind::Target || fire.kind == MapFireKind::Registered)
      fire_label(f.x(fire.x) + r * 1.8, f.y(fire.y) + f.font * 1.2);
    else if (fire.kind == MapFireKind::RollingLine) fire_label(f.x(fire.box.x0) + r, f.y(fire.box.y0) - r);
    s += "</g>";
    note(std::string("fire:") + fire_words(fire.kind), "", fire_words(fire.kind));
  }
  // Movement (F-6), under the units: the way gone, a dot at each turn's end; or the way orders send
  // a unit at the setup, dashed. An arrowhead gives the direction.
  for (const auto& t : map.tracks) {
    const char* c = side_colour(map, t.side);
    std::string d;
    for (const auto& [x, y] : t.points) d += (d.empty() ? "M" : " L") + num(f.x(x)) + " " + num(f.y(y));
    s += "<g class=\"track\" data-side=\"" + xml_escape(t.side) + "\" data-name=\"" + xml_escape(t.name) + "\" data-planned=\"" +
         (t.planned ? "true" : "false") + "\"><title>" +
         xml_escape(t.name + (t.planned ? ": where its orders send it (F-6)" : ": the way it moved")) + "</title><path d=\"" + d +
         "\" fill=\"none\" stroke=\"" + c + "\" stroke-width=\"" + num(f.font / 8) + "\"" +
         (t.planned ? " stroke-dasharray=\"" + num(f.font / 3) + " " + num(f.font / 5) + "\"" : "") + "/>";
    for (size_t i = 1; i + 1 < t.points.size(); ++i)
      s += "<circle cx=\"" + num(f.x(t.points[i].first)) + "\" cy=\"" + num(f.y(t.points[i].second)) + "\" r=\"" + num(f.font / 6) +
           "\" fill=\"" + c + "\"/>";
    const auto& [x0, y0] = t.points[t.points.size() - 2];
    const auto& [x1, y1] = t.points.back();
    const double fx0 = f.x(x0), fy0 = f.y(y0), fx1 = f.x(x1), fy1 = f.y(y1), len = std::hypot(fx1 - fx0, fy1 - fy0);
    if (len > 0) {
      const double ux = (fx1 - fx0) / len, uy = (fy1 - fy0) / len, a = r * 1.1;
      s += "<polygon points=\"" + num(fx1) + "," + num(fy1) + " " + num(fx1 - a * ux - a * 0.5 * uy) + "," +
           num(fy1 - a * uy + a * 0.5 * ux) + " " + num(fx1 - a * ux + a * 0.5 * uy) + "," + num(fy1 - a * uy - a * 0.5 * ux) +
           "\" fill=\"" + c + "\"/>";
    }
    s += "</g>";
    note((t.planned ? "plan:" : "track:") + t.side, "", t.planned ? t.side + " advance (mean move)" : t.side + " moved (dot: turn end)");
  }
  // Units, hidden units, decoys, Blinds: each a labelled mark.
  for (const auto& m : map.marks) {
    const char* c = side_colour(map, m.side);
    const double cx = f.x(m.x), cy = f.y(m.y);
    const MarkKindNames kind = names_of(m.kind);
    const std::string label = m.name + figures_text(m) + (m.kind == MapMarkKind::Unit ? "" : std::string(" ") + kind.words);
    s += "<g class=\"mark\" data-kind=\"" + std::string(kind.name) + "\" data-side=\"" + xml_escape(m.side) + "\" data-name=\"" +
         xml_escape(m.name) + "\"><title>" + xml_escape(m.side + " " + kind.words + " " + m.name + figures_text(m)) + "</title>" +
         mark_symbol(m.kind, cx, cy, r, m.w, m.d, c);
    // Right of the symbol, left of it, above, below, then right a line up or down.
    const double size = f.font * 0.7, offset = (m.w > 0 ? m.w / 2 : r) + r * 0.5, half_depth = m.d > 0 ? m.d / 2 : r;
    const double w = 0.6 * size * static_cast<double>(label.size()), mid = cy + f.font * 0.3;
    std::vector<std::pair<double, double>> places{
        {cx + offset, mid}, {cx - offset - w, mid}, {cx - w / 2, cy - half_depth - size * 0.3}, {cx - w / 2, cy + half_depth + size}};
    for (int line = 1; line <= 3; ++line)
      for (const double x : {cx + offset, cx - offset - w, cx - w / 2})
        for (const int direction : {-1, 1})
          places.emplace_back(x, (x == cx - w / 2 ? (direction < 0 ? cy - half_depth - size * 0.3 : cy + half_depth + size) : mid) +
                                     direction * line * size * 1.1);
    const auto [lx, ly] = labels.place(places, size, label);
    s += text(lx, ly, size, label, "class=\"label\" fill=\"#111111\"") + "</g>";
    // The legend's symbol has the mark's shape: a footprint's rectangle, or a point's symbol.
    note(std::string("mark:") + kind.name + ":" + m.side + (m.w > 0 ? ":box" : ""),
         mark_symbol(m.kind, 0, 0, r, m.w > 0 ? 2.2 * r : 0, m.w > 0 ? 1.5 * r : 0, c), m.side + " " + kind.words);
  }
  // The scale bar: 12" on a large table, 6" on a small one, with inch ticks.
  const double bar = f.width >= 36 ? 12 : f.width >= 12 ? 6 : 1;
  const double by = f.y(0) + f.scale_height * 0.45;
  s += "<g class=\"scale-bar\"><path d=\"M" + num(f.x(0)) + " " + num(by) + "H" + num(f.x(bar)) + "\" stroke=\"#111111\" stroke-width=\"" +
       num(f.font / 6) + "\"/>";
  for (int i = 0; i <= static_cast<int>(bar); ++i)
    s += "<path d=\"M" + num(f.x(i)) + " " + num(by) + "V" + num(by - f.font * (i == 0 || i == static_cast<int>(bar) ? 0.5 : 0.25)) +
         "\" stroke=\"#111111\" stroke-width=\"" + num(f.font / 12) + "\"/>";
  s += text(f.x(bar) + f.font * 0.4, by + f.font * 0.1, f.font * 0.75,
            num(bar) + " inches (table " + num(map.width) + "\" x " + num(map.depth) + "\")") +
       "</g>";
  // The legend: only what was drawn above.
  double ly = f.title_height + f.font;
  const double lx = f.margin + f.width + f.margin;
  s += "<g class=\"legend\">";
  for (const auto& e : legend) {
    const double sx = lx + f.font * 0.8;
    std::string symbol;
    if (e.key.rfind("terrain:", 0) == 0) {
      MapTerrain t;
      t.blocks_sight = e.key.find("blocks sight") != std::string::npos;
      const auto cover = e.key.find("cover class ");
      t.cover_class = cover != std::string::npos ? std::atoi(e.key.c_str() + cover + 12) : 0;
      symbol = "<rect x=\"" + num(sx - f.font * 0.6) + "\" y=\"" + num(ly - f.font * 0.4) + "\" width=\"" + num(f.font * 1.2) +
               "\" height=\"" + num(f.font * 0.8) + "\" " + terrain_style(t, f.font / 12) + "/>";
    } else if (e.key.rfind("zone:", 0) == 0) {
      symbol = "<rect x=\"" + num(sx - f.font * 0.6) + "\" y=\"" + num(ly - f.font * 0.4) + "\" width=\"" + num(f.font * 1.2) +
               "\" height=\"" + num(f.font * 0.8) + "\" fill=\"none\" stroke=\"" + side_colour(map, e.key.substr(5)) +
               "\" stroke-width=\"" + num(f.font / 10) + "\" stroke-dasharray=\"" + num(f.font / 4) + " " + num(f.font / 8) + "\"/>";
    } else if (e.key.rfind("plan:", 0) == 0 || e.key.rfind("track:", 0) == 0) {
      const bool planned = e.key.rfind("plan:", 0) == 0;
      const char* c = side_colour(map, e.key.substr(planned ? 5 : 6));
      symbol = "<path d=\"M" + num(sx - f.font * 0.6) + " " + num(ly) + " H" + num(sx + f.font * 0.3) + "\" stroke=\"" + c +
               "\" stroke-width=\"" + num(f.font / 8) + "\"" +
               (planned ? " stroke-dasharray=\"" + num(f.font / 5) + " " + num(f.font / 8) + "\"" : "") + "/><polygon points=\"" +
               num(sx + f.font * 0.6) + "," + num(ly) + " " + num(sx + f.font * 0.25) + "," + num(ly - f.font * 0.2) + " " +
               num(sx + f.font * 0.25) + "," + num(ly + f.font * 0.2) + "\" fill=\"" + c + "\"/>";
    } else if (e.key.rfind("fire:", 0) == 0) {
      MapFire sample;
      for (MapFireKind k : {MapFireKind::Target, MapFireKind::Registered, MapFireKind::Footprint, MapFireKind::RollingLine,
                            MapFireKind::Lane, MapFireKind::Fired})
        if (e.key.substr(5) == fire_words(k)) sample.kind = k;
      symbol = fire_symbol(f, sample, true, sx, ly);
    } else {
      symbol = "<g transform=\"translate(" + num(sx) + " " + num(ly) + ")\">" + e.symbol + "</g>";
    }
    s += "<g class=\"legend-entry\">" + symbol + text(lx + f.font * 2, ly + f.font * 0.3, f.font * 0.75, e.words) + "</g>";
    ly += f.font * 1.5;
  }
  // What is drawn in a zone is where one trial placed it: a reader must not take it for the setup.
  if (!map.zones.empty()) {
    ly += f.font * 0.5;
    for (const char* line :
         {"In a deployment zone, units and", "decoys are placed at random each", "trial: drawn here as one trial", "placed them."})
      s += text(lx, (ly += f.font * 1.1), f.font * 0.7, line, "class=\"zone-note\" font-style=\"italic\" fill=\"#444444\"");
  }
  s += "</g>";
  return s;
}

std::string svg_open(double width, double height, double pixels_wide) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"volley-map\" viewBox=\"0 0 " + num(width) + " " + num(height) + "\" width=\"" +
         num(pixels_wide) + "\" height=\"" + num(pixels_wide * height / width) + "\" font-family=\"sans-serif\">";
}

}  // namespace

// SVG text is XML: the same escaping as HTML text (sim/output/text_escaping.hpp), control characters
// included, which XML 1.0 does not allow even escaped.
std::string xml_escape(const std::string& text) { return html_text(format_characters_escaped(text)); }

std::string map_svg(const MapModel& map) {
  const Frame f(map);
  return svg_open(f.total_width(), f.total_height(), 1100) + "<title>" + xml_escape(map.title) + "</title>" +
         frame_body(map, map.title + (map.caption.empty() ? "" : ": " + map.caption)) + "</svg>";
}

std::string map_svg_frames(const std::vector<MapModel>& frames, const std::string& title) {
  if (frames.empty()) return svg_open(1, 1, 100) + "</svg>";
  const Frame f(frames.front());
  const size_t n = frames.size(), cols = std::min<size_t>(n, 3), rows = (n + cols - 1) / cols;
  const double fw = f.total_width(), fh = f.total_height(), head = f.font * 3;
  const double width = fw * static_cast<double>(cols), height = head + fh * static_cast<double>(rows);
  std::string s = svg_open(width, height, static_cast<double>(std::min<size_t>(cols, 2)) * 800) + "<title>" + xml_escape(title) +
                  "</title>" + text(f.margin, f.font * 2, f.font * 1.4, title, "font-weight=\"bold\"");
  for (size_t i = 0; i < n; ++i) {
    const double x = fw * static_cast<double>(i % cols), y = head + fh * static_cast<double>(i / cols);
    s += "<svg class=\"frame\" x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(fw) + "\" height=\"" + num(fh) +
         "\" viewBox=\"0 0 " + num(fw) + " " + num(fh) + "\">" + frame_body(frames[i], frames[i].caption) + "</svg>";
  }
  return s + "</svg>";
}

std::string svg_document(const std::string& svg_element) { return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg_element + "\n"; }

}  // namespace volley
