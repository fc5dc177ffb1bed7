#pragma once
// The table as the pictures draw it: what ScenarioModel::map_data returns for the setup or the end of
// a turn of one trial, in inches (x east, y north from the table's south-west corner). One model
// feeds every map: the SVG of `show --plot FILE.svg`, `replay --plot`, the report and the live page
// (sim/output/map_svg.hpp), and gnuplot's PNG (sim/output/plots.hpp). Names are data, escaped by each renderer.
#include <string>
#include <utility>
#include <vector>

namespace volley {

struct MapBox {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // inches, x0 <= x1, y0 <= y1
};

// F-1: terrain drawn by what it does: blocks sight, and the target class it gives (0: none).
struct MapTerrain {
  std::string name;
  MapBox area;
  bool blocks_sight = false;
  int cover_class = 0;
};

// Where a unit (or decoy) is placed at random each trial (F-1, B-1 zones).
struct MapZone {
  std::string side;
  std::string label;  // "zone of Z1"
  MapBox area;
};

// A marker on the table. Each kind has its own symbol and legend entry.
enum class MapMarkKind {
  Unit,       // a unit in the open (firefight: a point; barrage: its footprint)
  Hidden,     // F-2: a hidden unit
  Decoy,      // F-2: a decoy (or the blank a unit left when it re-concealed, SF-F)
  Broken,     // a unit broken or destroyed
  Blind,      // B-1: a Blind with units in it
  Dummy,      // B-1: a dummy Blind
  Dispersed,  // B-5: a dispersed unit
};

struct MapMark {
  MapMarkKind kind = MapMarkKind::Unit;
  std::string side;
  std::string name;
  int figures = -1;     // -1: the kind has no figures (barrage units, Blinds, decoys)
  double x = 0, y = 0;  // centre
  double w = 0, d = 0;  // footprint; 0 x 0 for a point
};

// Barrage missions (PF-RB, PF-DT, PF-PR) and the templates fired.
enum class MapFireKind {
  Target,       // PF-DT: a designated target point
  Registered,   // PF-PR: a pre-registered point; radius: the trigger radius (0: called on turns)
  Footprint,    // the template a mission would fire at its start or target (B-5)
  RollingLine,  // PF-RB: the line from the start along the barrage's step to the table's edge
  Lane,         // PF-RB: the template's footprint at each step of its advance
  Fired,        // a template fired in the turns played (replay)
};

struct MapFire {
  MapFireKind kind = MapFireKind::Target;
  std::string mission;
  std::string side;
  std::string label;
  MapBox box;           // Footprint, Lane, Fired: the rectangle; RollingLine: (x0,y0) -> (x1,y1)
  double x = 0, y = 0;  // Target, Registered: the point
  double radius = 0;    // Registered: trigger radius
};

// A unit's movement (F-6): the way it went, its position at the setup and at the end of each turn
// played; or, on the setup's map, the way its orders send it (advance or charge: toward the nearest
// enemy marker or unit, as far as its mean move).
struct MapTrack {
  std::string side;
  std::string name;
  std::vector<std::pair<double, double>> points;  // inches, first the start
  bool planned = false;                           // the orders' way, not a way gone
};

struct MapModel {
  std::string title;
  std::string caption;             // "setup", "end of turn 2"
  double width = 0, depth = 0;     // the table, inches
  std::vector<std::string> sides;  // in colour order
  std::vector<MapTerrain> terrain;
  std::vector<MapZone> zones;
  std::vector<MapFire> fire;
  std::vector<MapMark> marks;
  std::vector<MapTrack> tracks;
  bool decided = false;  // the trial was over by this turn: later turns add nothing (replay)
};

// The map of a table `width` x `depth` inches, at the setup (turn 0) or the end of `turn`, before
// anything is put on it.
inline MapModel table_map(std::string title, int turn, double width, double depth, std::vector<std::string> sides) {
  MapModel map;
  map.title = std::move(title);
  map.caption = turn <= 0 ? "setup" : "end of turn " + std::to_string(turn);
  map.width = width;
  map.depth = depth;
  map.sides = std::move(sides);
  return map;
}

}  // namespace volley
