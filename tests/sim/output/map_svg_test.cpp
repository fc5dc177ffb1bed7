// The map as SVG: drawn from the scenario model to scale, every unit and decoy labelled
// with its own kind of mark, zones, terrain names and barrage missions drawn, a legend holding only
// what is drawn, every text XML-escaped.
#include "tests/support/cli_runner.hpp"
#include "sim/output/map_svg.hpp"
#include "sim/scenario/embedded_scenarios.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <regex>
#include <set>
#include <tuple>
#include <vector>
#include <string>

using namespace volley;

namespace {

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

std::string legend_of(const std::string& svg) {
  const auto at = svg.find("<g class=\"legend\">");
  return at == std::string::npos ? "" : svg.substr(at);
}

// Pairs of texts on the table whose boxes overlap, each box estimated from the text's length as the
// map estimates it (about 0.6 em a character in DejaVu Sans): an overlap here is a real one.
size_t overlapping_texts(const std::string& svg, size_t& texts) {
  struct Box {
    double x0, y0, x1, y1;
  };
  std::vector<Box> boxes;
  const std::string table = svg.substr(0, svg.find("<g class=\"legend\">"));
  const std::regex text_element("<text x=\"([-0-9.]+)\" y=\"([-0-9.]+)\" font-size=\"([0-9.]+)\"[^>]*>([^<]*)</text>");
  for (auto it = std::sregex_iterator(table.begin(), table.end(), text_element); it != std::sregex_iterator(); ++it) {
    const double x = std::stod((*it)[1]), y = std::stod((*it)[2]), size = std::stod((*it)[3]);
    const double length = static_cast<double>((*it)[4].str().size());  // escapes (&amp;) count a few characters more: conservative
    boxes.push_back({x, y - 0.8 * size, x + 0.6 * size * length, y + 0.25 * size});
  }
  size_t n = 0;
  for (size_t i = 0; i < boxes.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      n += std::min(boxes[i].x1, boxes[j].x1) > std::max(boxes[i].x0, boxes[j].x0) &&
           std::min(boxes[i].y1, boxes[j].y1) > std::max(boxes[i].y0, boxes[j].y0);
  texts = boxes.size();
  return n;
}

// A 24" table of one side, one terrain and one decoy, each text as given.
MapModel one_mark_map(const std::string& title, const std::string& side, const std::string& terrain, const std::string& decoy) {
  MapModel map;
  map.title = title;
  map.width = 24;
  map.depth = 24;
  map.sides = {side};
  map.terrain.push_back({terrain, {1, 1, 5, 5}, true, 2});
  map.marks.push_back({MapMarkKind::Decoy, side, decoy, -1, 6, 6, 0, 0});
  return map;
}

}  // namespace

TEST_CASE("The map marks every unit and decoy of herero-ambush by kind, each with its label (F-2)", "[sim][map][F-2]") {
  const auto model = load_model(open_scenario("herero-ambush", {}));
  const MapModel map = model->map_data(1, 0, 0);
  const std::string svg = map_svg(map);
  // 10 units (8 Herero, 2 German) and the Herero decoys: each its own <g class="mark">.
  CHECK(count(svg, "<g class=\"mark\"") == map.marks.size());
  CHECK(count(svg, "class=\"label\"") == map.marks.size());
  size_t hidden = 0, decoys = 0;
  for (const auto& m : map.marks) {
    hidden += m.kind == MapMarkKind::Hidden;
    decoys += m.kind == MapMarkKind::Decoy;
    CHECK(svg.find("data-name=\"" + xml_escape(m.name) + "\"") != std::string::npos);
  }
  CHECK(hidden > 0);
  CHECK(decoys > 0);
  CHECK(count(svg, "data-kind=\"hidden\"") == hidden);
  CHECK(count(svg, "data-kind=\"decoy\"") == decoys);
  // Units are labelled with name and figures: "Z1 (10)".
  for (const auto& m : map.marks)
    if (m.kind == MapMarkKind::Unit) CHECK(svg.find(">" + m.name + " (" + std::to_string(m.figures) + ")</text>") != std::string::npos);
}

TEST_CASE("The map is to scale in inches with a scale bar, the table filling most of the picture (F-1)", "[sim][map][F-1]") {
  const auto model = load_model(open_scenario("herero-ambush", {}));
  const MapModel map = model->map_data(1, 0, 0);
  const std::string svg = map_svg(map);
  std::smatch m;
  REQUIRE(std::regex_search(svg, m, std::regex("viewBox=\"0 0 ([0-9.]+) ([0-9.]+)\"")));
  const double width = std::stod(m[1]), height = std::stod(m[2]);
  CHECK(map.width / width > 0.6);  // the old gnuplot map filled 40% of its image
  CHECK(map.depth / height > 0.75);
  CHECK(svg.find("12 inches") != std::string::npos);
  CHECK(svg.find("class=\"scale-bar\"") != std::string::npos);
  // The table's rectangle is as wide as the table in inches: the viewBox unit is the inch.
  CHECK(std::regex_search(svg, std::regex("<rect x=\"[0-9.]+\" y=\"[0-9.]+\" width=\"48\" height=\"36\"[^>]*class=\"table\"")));
}

TEST_CASE("Terrain is named and styled by what it does, and deployment zones are labelled rectangles (F-1)", "[sim][map][F-1]") {
  const auto model = load_model(open_scenario("herero-ambush", {}));
  const MapModel map = model->map_data(1, 0, 0);
  REQUIRE(!map.terrain.empty());
  REQUIRE(!map.zones.empty());
  const std::string svg = map_svg(map);
  for (const auto& t : map.terrain) CHECK(svg.find(">" + xml_escape(t.name) + " (") != std::string::npos);
  // Each rectangle once: the ambush's four north decoys share one zone, drawn and labelled once.
  std::set<std::tuple<double, double, double, double>> rectangles;
  for (const auto& z : map.zones) rectangles.insert({z.area.x0, z.area.y0, z.area.x1, z.area.y1});
  CHECK(rectangles.size() < map.zones.size());
  CHECK(count(svg, "<g class=\"zone\"") == rectangles.size());
  CHECK(svg.find(">zone of decoys north blank #1, #2, #3, #4</text>") != std::string::npos);
  for (const auto& z : map.zones)
    if (!z.label.starts_with("zone of decoy ")) CHECK(svg.find(">" + xml_escape(z.label) + "</text>") != std::string::npos);
  // Hidden positions are one trial's: the map says so.
  CHECK(svg.find("placed at random each") != std::string::npos);
  // Each cover class its own fill (class 3, the bush, and 4, the zariba, used to share one).
  CHECK(count(svg, "fill=\"#86bb74\"") >= 1);
  CHECK(count(svg, "fill=\"#4f8f45\"") >= 1);
  bool blocks = false;
  for (const auto& t : map.terrain) blocks = blocks || t.blocks_sight;
  CHECK((legend_of(svg).find("blocks sight") != std::string::npos) == blocks);
}

TEST_CASE("The legend holds only what the map draws", "[sim][map]") {
  MapModel map;
  map.title = "units only";
  map.width = 24;
  map.depth = 24;
  map.sides = {"red", "blue"};
  map.marks.push_back({MapMarkKind::Unit, "red", "A", 5, 6, 6, 0, 0});
  const std::string legend = legend_of(map_svg(map));
  CHECK(legend.find("red unit") != std::string::npos);
  for (const char* absent : {"blue", "hidden", "decoy", "Blind", "terrain", "zone", "template", "target", "rolling"}) {
    CAPTURE(absent);
    CHECK(legend.find(absent) == std::string::npos);
  }
}

TEST_CASE("Every text of the map is XML-escaped", "[sim][map][escaping]") {
  const std::string svg = map_svg(one_mark_map("<script>alert(1)</script> & \"quotes\"", "s<1>", "wood & <b>", "D'1\""));
  CHECK(svg.find("<script") == std::string::npos);
  CHECK(svg.find("<b>") == std::string::npos);
  CHECK(svg.find("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;") != std::string::npos);
  CHECK(svg.find("data-name=\"D&#39;1&quot;\"") != std::string::npos);
}

TEST_CASE("A name's bidirectional format characters are shown escaped in the map, so its label reads in order", "[sim][map][escaping]") {
  const std::string svg = map_svg(one_mark_map("title \u202Eevil", "s", "wood\u2067", "D\u202E1"));
  for (const char* raw : {"\u202E", "\u2067"}) CHECK(svg.find(raw) == std::string::npos);
  CHECK(svg.find("title \\u202Eevil") != std::string::npos);
  CHECK(svg.find("D\\u202E1") != std::string::npos);
  CHECK(svg.find("wood\\u2067") != std::string::npos);
}

TEST_CASE(
    "Barrage maps draw the missions: rolling line and lanes, targets, pre-registered points and their trigger radius (PF-RB, PF-DT, PF-PR)",
    "[sim][map][barrage][PF-RB][PF-DT][PF-PR]") {
  const std::string rolling = map_svg(load_model(open_scenario("rolling-barrage", {}))->map_data(1, 0, 0));
  CHECK(count(rolling, "data-kind=\"rolling barrage line\"") == 3);
  CHECK(count(rolling, "data-kind=\"rolling barrage lane\"") > 3);
  CHECK(count(rolling, "data-kind=\"blind\"") == 4);
  CHECK(count(rolling, "data-kind=\"dummy\"") == 2);  // D1, D2
  CHECK(legend_of(rolling).find("dummy Blind") != std::string::npos);
  const std::string designated = map_svg(load_model(open_scenario("designated-targets", {}))->map_data(1, 0, 0));
  CHECK(count(designated, "data-kind=\"designated target\"") >= 1);
  const auto pre = load_model(open_scenario("pre-registered", {}))->map_data(1, 0, 0);
  const std::string registered = map_svg(pre);
  CHECK(count(registered, "data-kind=\"pre-registered point (trigger radius)\"") >= 1);
  for (const auto& f : pre.fire)
    if (f.kind == MapFireKind::Registered && f.radius > 0)
      CHECK(registered.find("r=\"" + std::to_string(static_cast<int>(f.radius))) != std::string::npos);
}

TEST_CASE("A barrage's named targets keep their names on the map, with the turns fired at each (PF-DT)", "[sim][map][barrage][PF-DT]") {
  // scenarios/designated-targets.toml names DT1's targets farm, crossroads and wood, two turns each.
  const std::string designated = map_svg(load_model(open_scenario("designated-targets", {}))->map_data(1, 0, 0));
  for (const char* label : {">DT1 farm, 2 turns<", ">DT1 crossroads, 2 turns<", ">DT1 wood, 2 turns<"})
    CHECK(designated.find(label) != std::string::npos);
  // An unnamed target is called by its number in the mission's order.
  std::string text;
  for (const auto& e : embedded_scenarios())
    if (std::string(e.name) == "designated-targets") text = e.text;
  const auto named = text.find("name = \"crossroads\", ");
  REQUIRE(named != std::string::npos);
  text.erase(named, std::string("name = \"crossroads\", ").size());
  const std::string unnamed = map_svg(load_model(ScenarioDocument::from_string(text, "unnamed"))->map_data(1, 0, 0));
  CHECK(unnamed.find(">DT1 target 2, 2 turns<") != std::string::npos);
  CHECK(unnamed.find(">DT1 farm, 2 turns<") != std::string::npos);
}

TEST_CASE("show --plot FILE.svg writes volley's own map", "[sim][map][cli]") {
  const auto r = volley::testing::run_volley("show osona --plot osona-map.svg");
  REQUIRE(r.exit_code == 0);
  const std::string svg = volley::testing::read_file(volley::testing::scratch_directory() + "/osona-map.svg");
  CHECK(svg.rfind("<?xml", 0) == 0);
  CHECK(svg.find("class=\"volley-map\"") != std::string::npos);
  CHECK(svg.find("<g class=\"mark\"") != std::string::npos);
}

TEST_CASE("replay --plot draws the setup and the turns played, not every turn of the scenario", "[sim][map][cli]") {
  const auto model = load_model(open_scenario("herero-ambush", {}));
  // A trial decided before the last turn.
  uint64_t trial = 0;
  int decided = 0;
  for (; trial < 200 && decided == 0; ++trial)
    for (int t = 1; t < model->turns(); ++t)
      if (model->map_data(1, trial, t).decided) {
        decided = t;
        break;
      }
  REQUIRE(decided > 0);
  --trial;
  const auto r = volley::testing::run_volley("replay herero-ambush --trial " + std::to_string(trial) + " --plot replay-frames.svg");
  REQUIRE(r.exit_code == 0);
  const std::string svg = volley::testing::read_file(volley::testing::scratch_directory() + "/replay-frames.svg");
  CHECK(count(svg, "<svg class=\"frame\"") == static_cast<size_t>(decided + 1));
  CHECK(svg.find("end of turn " + std::to_string(decided)) != std::string::npos);
  CHECK(svg.find("end of turn " + std::to_string(decided + 1)) == std::string::npos);
}

TEST_CASE("Labels are placed clear of one another: a crowded edge of hidden units and decoys stays readable", "[sim][map]") {
  // herero-ambush hides eight units and six decoys in two bush strips 5" deep; labels all put right of
  // their marks overlapped in 27 pairs of its 36 texts. Each is now put where it overlaps nothing
  // placed before it, where such a place is near: at most one pair in ten texts may still touch.
  for (const char* name : {"herero-ambush", "osona", "river-bed", "rolling-barrage", "pre-registered", "designated-targets"}) {
    const auto model = load_model(open_scenario(name, {}));
    const std::string svg = map_svg(model->map_data(1, 0, 0));
    size_t texts = 0;
    const size_t overlaps = overlapping_texts(svg, texts);
    INFO(name << ": " << overlaps << " overlapping pairs of " << texts << " texts");
    CHECK(texts > 0);
    CHECK(overlaps * 10 <= texts);
  }
}

namespace {
const MapMark& mark_named(const MapModel& map, const std::string& name) {
  const auto it = std::find_if(map.marks.begin(), map.marks.end(), [&](const MapMark& m) { return m.name == name; });
  REQUIRE(it != map.marks.end());
  return *it;
}
}  // namespace

TEST_CASE("F-6: the setup's map draws where advance orders send a unit: toward the nearest enemy, its mean move", "[sim][map][F-6]") {
  // Every Herero holds but N1, which advances (3d6: a mean move of 10.5").
  std::vector<std::string> sets;
  for (const char* unit : {"N1", "N2", "N3", "N4", "M1", "M2", "S1", "S2"})
    sets.push_back(std::string("herero.units.") + unit + ".orders=" + (std::string(unit) == "N1" ? "\"advance\"" : "\"hold\""));
  sets.push_back("herero.units.N1.move_dice=3");
  const MapModel map = load_model(open_scenario("herero-ambush", sets))->map_data(1, 0, 0);
  REQUIRE(map.tracks.size() == 1);
  const MapTrack& track = map.tracks.front();
  CHECK(track.name == "N1");
  CHECK(track.planned);
  REQUIRE(track.points.size() == 2);
  const MapMark& n1 = mark_named(map, "N1");
  CHECK(track.points[0] == std::pair{n1.x, n1.y});
  // The nearest enemy: the closer of the two Zuege (no German decoys here).
  const auto distance = [](std::pair<double, double> a, const MapMark& b) { return std::hypot(a.first - b.x, a.second - b.y); };
  const MapMark& z1 = mark_named(map, "Z1");
  const MapMark& z2 = mark_named(map, "Z2");
  const MapMark& nearest = distance(track.points[0], z1) <= distance(track.points[0], z2) ? z1 : z2;
  const double before = distance(track.points[0], nearest), after = distance(track.points[1], nearest);
  CHECK(before - after == Approx(std::min(10.5, before - 1.0)).margin(1e-9));
  const std::string svg = map_svg(map);
  CHECK(count(svg, "<g class=\"track\"") == 1);
  CHECK(legend_of(svg).find("herero advance (mean move)") != std::string::npos);
}

TEST_CASE("F-6: a replay's map draws the way each unit went, from its setup position to where it stands", "[sim][map][F-6]") {
  const auto model = load_model(open_scenario("herero-ambush", {}));
  const MapModel setup = model->map_data(1, 17, 0), turn2 = model->map_data(1, 17, 2);
  size_t moved = 0;
  for (const MapMark& now : turn2.marks) {
    if (now.kind == MapMarkKind::Decoy) continue;
    const MapMark& start = mark_named(setup, now.name);
    const auto it = std::find_if(turn2.tracks.begin(), turn2.tracks.end(), [&](const MapTrack& t) { return t.name == now.name; });
    if (start.x == now.x && start.y == now.y) {
      CHECK(it == turn2.tracks.end());
      continue;
    }
    ++moved;
    REQUIRE(it != turn2.tracks.end());
    CHECK_FALSE(it->planned);
    CHECK(it->points.front() == std::pair{start.x, start.y});
    CHECK(it->points.back() == std::pair{now.x, now.y});
  }
  CHECK(moved > 0);
  CHECK(moved == turn2.tracks.size());
}
