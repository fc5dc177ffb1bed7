// The barrage scenario kind (docs/rules.md Part B): reads a `kind = "barrage"` document into the kernel's
// plain structs (engine/barrage/barrage_scenario.hpp), checking every key and the rules' own limits.
// The format is written up in docs/scenario-barrage.md.
#include "sim/scenario/barrage_reader.hpp"

#include "engine/barrage/barrage_metrics.hpp"
#include "engine/barrage/barrage_state.hpp"
#include "engine/barrage/supply.hpp"
#include "engine/rng.hpp"
#include "sim/scenario/addressable_name.hpp"
#include "sim/scenario/declared_keys.hpp"
#include "sim/scenario/tally_size.hpp"
#include "sim/scenario/tie_distance_key.hpp"

#include <algorithm>
#include <array>
#include <concepts>
#include <cmath>
#include <map>
#include <set>
#include <span>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

namespace volley {

using namespace barrage;

namespace {

constexpr double MaxInches = 10000;  // any length or position, in inches
static_assert(barrage_key("turns").hi == MaxTurns && barrage_key("ruleset.forced_back").hi == MaxInches &&
              barrage_key("ruleset.maintain_cost").hi == MaxPoolDice);

// The keys only one fire mission type takes, in the order its table reads them: on a mission of
// another type each is an error, and none gets a default (show --toml).
constexpr std::array<const char*, 3> own_keys(std::type_identity<RollingBarrage>) { return {"start", "direction", "speed"}; }
constexpr std::array<const char*, 1> own_keys(std::type_identity<DesignatedTargets>) { return {"targets"}; }
constexpr std::array<const char*, 6> own_keys(std::type_identity<PreRegisteredBarrage>) {
  return {"points", "mode", "policy", "trigger_radius", "call_turns", "call_point"};
}

// What a fire mission type (an alternative of MissionKind, engine/barrage/mission_kind.hpp) provides
// the reader: its `type` word, the keys only it takes, and the reader of its own table, which
// returns it read from a mission's table and checks it against the rules when the mission is of it.
template <class Kind, class Reader>
concept ReadableMissionType = std::default_initializable<Kind> && requires(Reader& reader, TableReader& table, const MissionSpec& mission) {
  { Kind::type_name } -> std::convertible_to<std::string_view>;
  { own_keys(std::type_identity<Kind>{}) } -> std::convertible_to<std::span<const char* const>>;
  { reader.read_mission_type(std::type_identity<Kind>{}, table, mission, true) } -> std::same_as<Kind>;
};

// Calls f(std::type_identity<Kind>{}) for each fire mission type, in the variant's order.
template <class F>
void for_each_mission_type(F&& f) {
  [&]<size_t... I>(std::index_sequence<I...>) { (f(std::type_identity<std::variant_alternative_t<I, MissionKind>>{}), ...); }
  (std::make_index_sequence<std::variant_size_v<MissionKind>>{});
}

// "\"a\", \"b\" or \"c\"": the words a key accepts, as an error lists them.
std::string alternatives_text(const std::vector<std::string>& words) {
  std::string out;
  for (size_t i = 0; i < words.size(); ++i) out += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + ("\"" + words[i] + "\"");
  return out;
}

// Reads the document into a BarrageScenario, collecting every error.
class BarrageReader {
 public:
  explicit BarrageReader(const ScenarioDocument& doc) : doc_(doc) {}

  BarrageScenario read() {
    TableReader root = top_table_reader(doc_, &errors_);
    root.string("kind", "barrage");
    sc_.title = read_title(root, doc_);
    sc_.turns = read_integer(root, barrage_key("turns"));
    const bool named = read_side_names(root);
    if (named) {
      const std::string attacker = root.choice("attacker", sc_.sides[0].name, {sc_.sides[0].name, sc_.sides[1].name});
      sc_.attacker = attacker == sc_.sides[1].name ? 1 : 0;
    } else {
      // Which tables are the sides, and so which one attacks, is unknown: errors on them would only
      // repeat the error on `sides`.
      root.ignore("attacker");
      for (const auto& [key, value] : doc_.root())
        if (value.is_table() && key.str() != "table" && key.str() != "ruleset") root.ignore(key.str());
    }
    sc_.headline = root.string("headline", "");
    if (root.has("headline") && sc_.headline.empty())
      root.error("headline", "expected a metric name, got an empty string (leave the key out for <defender>.dispersed)");

    TableReader table = root.table("table");
    sc_.table = {read_inches(table, barrage_key("table.width")), read_inches(table, barrage_key("table.depth"))};
    table.finish();

    TableReader ruleset = root.table("ruleset");
    read_ruleset(ruleset);
    ruleset.finish();

    auto side_table = [&](int s) {
      return named ? root.table(sc_.sides[s].name) : TableReader(nullptr, sc_.sides[s].name, doc_.name(), &errors_);
    };
    std::array<TableReader, SideCount> sides{side_table(0), side_table(1)};
    // Entries first (units, Blinds, batteries of both sides), then missions, which name batteries.
    for (int s = 0; s < SideCount; ++s) read_side(sides[s], s);
    for (int s = 0; s < SideCount; ++s) read_missions(sides[s], s);
    for (auto& side : sides) side.finish();
    if (named) read_first_hit_units(root);
    root.finish();

    check_capacity(sides);
    check_registered_points();
    if (errors_.empty()) {
      index_scenario(sc_);
      const Schema schema = make_schema(sc_);
      check_tally_size(root, sc_.turns, [&](int turns) {
        if (turns == sc_.turns) return schema;
        BarrageScenario at = sc_;
        at.turns = turns;
        return make_schema(at);
      });
      if (!sc_.headline.empty() && schema.find(sc_.headline) < 0)
        root.error("headline", "no metric named '" + sc_.headline + "' (e.g. " + sc_.sides[sc_.defender()].name + ".dispersed)");
    }
    if (!errors_.empty()) throw ScenarioErrors(errors_);
    return std::move(sc_);
  }

 private:
  // `sides = ["british", "german"]`: two different names, each a top-level table of the file.
  // Returns false (after the error) when the names are missing or unusable.
  bool read_side_names(TableReader& root) {
    sc_.sides[0].name = "attacker";
    sc_.sides[1].name = "defender";
    if (!root.has("sides")) {
      root.string_list("sides", {});
      root.error("sides", "missing: expected sides = [\"attacker name\", \"defender name\"], e.g. [\"british\", \"german\"]");
      return false;
    }
    const size_t errors_before = errors_.size();
    const auto names = root.string_list("sides", {});
    if (errors_.size() != errors_before) return false;  // not a list of strings: said so
    const bool ok = names.size() == 2 && names[0] != names[1] && !names[0].empty() && !names[1].empty() &&
                    names[0].find_first_of(" \t") == std::string::npos && names[1].find_first_of(" \t") == std::string::npos &&
                    addressable_name(names[0]) && addressable_name(names[1]);
    if (!ok) {
      root.error("sides",
                 "expected two different side names without dots, spaces, '=', ';', ',' or quotes, e.g. sides = [\"british\", \"german\"]");
      return false;
    }
    for (const auto& reserved :
         {"kind", "title", "turns", "sides", "attacker", "headline", "table", "ruleset", "first_hit_all", "first_hit_units"})
      for (const auto& n : names)
        if (n == reserved) {
          root.error("sides", "'" + n + "' is a top-level key of the scenario, not a possible side name");
          return false;
        }
    sc_.sides[0].name = names[0];
    sc_.sides[1].name = names[1];
    return true;
  }

  Size size_of(TableReader& t, const char* key, Size fallback) {
    const auto v = t.number_list(key, {to_inches(fallback.w), to_inches(fallback.d)}, 2);
    const Size s{to_coord(v[0]), to_coord(v[1])};
    if (s.w <= 0 || s.d <= 0 || s.w > sc_.table.w || s.d > sc_.table.d) {
      t.error(key, "expected a width and depth in inches, both positive and no larger than the table");
      return fallback;
    }
    return s;
  }

  Point point_of(TableReader& t, const char* key, Point fallback) {
    const auto v = t.number_list(key, {to_inches(fallback.x), to_inches(fallback.y)}, 2);
    if (std::abs(v[0]) > MaxInches || std::abs(v[1]) > MaxInches) {
      t.error(key, "expected a point [x, y] in inches");
      return fallback;
    }
    return {to_coord(v[0]), to_coord(v[1])};
  }

  Coord length_of(TableReader& t, const char* key, Coord fallback) { return to_coord(t.number(key, to_inches(fallback), 0, MaxInches)); }

  int dice_of(TableReader& t, const char* key, int fallback) { return static_cast<int>(t.integer(key, fallback, 0, MaxPoolDice)); }

  void read_ruleset(TableReader& r) {
    Ruleset& rs = sc_.ruleset;
    rs.command_failures = read_boolean(r, barrage_key("ruleset.command_failures"));
    rs.supply_checks = read_boolean(r, barrage_key("ruleset.supply_checks"));
    rs.comms_rule = read_choice<CommsRule>(r, barrage_key("ruleset.comms_rule"));
    rs.forced_back = read_inches(r, barrage_key("ruleset.forced_back"));
    rs.regular_template = size_of(r, "template", rs.regular_template);
    rs.converged_template = size_of(r, "converged_template", rs.converged_template);
    rs.unit_footprint = size_of(r, "unit_footprint", rs.unit_footprint);
    rs.blind_footprint = size_of(r, "blind_footprint", rs.blind_footprint);
    rs.maintain_cost = read_integer(r, barrage_key("ruleset.maintain_cost"));
    rs.start_cost = read_integer(r, barrage_key("ruleset.start_cost"));
    rs.unpaid_start = read_choice<UnpaidStart>(r, barrage_key("ruleset.unpaid_start"));
    rs.call_cost = read_integer(r, barrage_key("ruleset.call_cost"));
    rs.supply_bonus_cost = read_integer(r, barrage_key("ruleset.supply_bonus_cost"));
    rs.supply_bonus_dice = read_integer(r, barrage_key("ruleset.supply_bonus_dice"));
    // PF-RB [seed]: "The Fire Template must move at least 4" per turn." A house rule may ask more,
    // never less.
    rs.min_rolling_speed = read_inches(r, barrage_key("ruleset.min_rolling_speed"));
    rs.max_registered_points = read_integer(r, barrage_key("ruleset.max_registered_points"));
    rs.call_comms_bonus = read_integer(r, barrage_key("ruleset.call_comms_bonus"));
    rs.trigger_radius = read_inches(r, barrage_key("ruleset.trigger_radius"));
    rs.adjust_range = read_inches(r, barrage_key("ruleset.adjust_range"));
    rs.tie_distance = read_tie_distance(r, barrage_key("ruleset.tie_distance"));
    rs.hit_target = read_integer(r, barrage_key("ruleset.hit_target"));
    rs.suppressed_target = read_integer(r, barrage_key("ruleset.suppressed_target"));
    rs.supply_opposition = read_integer(r, barrage_key("ruleset.supply_opposition"));
    rs.comms_opposition = read_integer(r, barrage_key("ruleset.comms_opposition"));
    const auto cover = r.integer_list("cover_dice", {rs.cover_dice.begin(), rs.cover_dice.end()}, 0, MaxPoolDice);
    if (cover.size() != 4) r.error("cover_dice", "expected 4 numbers of dice: none, light, medium, heavy cover");
    else
      for (size_t i = 0; i < 4; ++i) rs.cover_dice[i] = static_cast<int>(cover[i]);
    rs.partial_cover_dice = read_integer(r, barrage_key("ruleset.partial_cover_dice"));
    rs.morale_loss_die = read_integer(r, barrage_key("ruleset.morale_loss_die"));
    rs.suppression_turns = read_integer(r, barrage_key("ruleset.suppression_turns"));
    rs.pulse_tie = read_choice<PulseTie>(r, barrage_key("ruleset.pulse_tie"));
    rs.fire_dice = read_integer(r, barrage_key("ruleset.fire_dice"));
    rs.reaction_dice = read_integer(r, barrage_key("ruleset.reaction_dice"));
    rs.cohesion = read_integer(r, barrage_key("ruleset.cohesion"));
  }

  // A footprint of `size` at `centre` must lie on the table.
  bool on_table(Point centre, Size size) const { return contains(table_rect(sc_.table), rect_around(centre, size)); }

  // B-1: `position = [x, y]` or `zone = [x0, y0, x1, y1]` (centres drawn uniformly inside it).
  Placement read_placement(TableReader& t, Size footprint, bool required) {
    Placement p;
    const bool has_position = t.has("position"), has_zone = t.has("zone");
    // Read only when given: a default position beside a zone would not be a default (show --toml).
    // Still keys this table knows, in this order (the unknown-key list).
    if (!has_position) t.ignore("position");
    p.position = has_position ? point_of(t, "position", {}) : Point{};
    if (!has_zone) t.ignore("zone");
    const auto zone = has_zone ? t.number_list("zone", {0, 0, 0, 0}, 4) : std::vector<double>{0, 0, 0, 0};
    if (has_position && has_zone) t.error("zone", "give a position or a zone, not both");
    if (!has_position && !has_zone) {
      if (required) t.error("position", "missing: expected position = [x, y] or zone = [x0, y0, x1, y1] (inches)");
      return p;
    }
    if (has_zone && (zone[0] > zone[2] || zone[1] > zone[3]))
      t.error("zone", "expected [x0, y0, x1, y1] with x0 <= x1 and y0 <= y1");  // never swapped silently
    if (has_zone) {
      p.zoned = true;
      p.zone = {to_coord(std::min(zone[0], zone[2])), to_coord(std::min(zone[1], zone[3])), to_coord(std::max(zone[0], zone[2])),
                to_coord(std::max(zone[1], zone[3]))};
      p.position = {(p.zone.x0 + p.zone.x1) / 2, (p.zone.y0 + p.zone.y1) / 2};
      if (!on_table({p.zone.x0, p.zone.y0}, footprint) || !on_table({p.zone.x1, p.zone.y1}, footprint))
        t.error("zone", "off the table at the start: every centre in the zone must keep the footprint on the " + inches(sc_.table.w) +
                            "\" x " + inches(sc_.table.d) + "\" table");
    } else if (!on_table(p.position, footprint)) {
      t.error("position", "off the table at the start: the footprint around " + point_text(p.position) + " must lie on the " +
                              inches(sc_.table.w) + "\" x " + inches(sc_.table.d) + "\" table");
    }
    return p;
  }

  // Checks a name an entry (a `what`: unit, mission, ...) gives itself: it addresses the entry in --set
  // keys, so it is given, addressable (sim/scenario/addressable_name.hpp), and not in `seen` (the names
  // of its list so far).
  void unique_name(TableReader& t, const std::string& name, std::set<std::string>& seen, const char* what) {
    if (name.empty()) t.error("name", std::string("missing: every ") + what + " needs a name");
    else if (!addressable_name(name)) t.error("name", unaddressable_name_message(what, name));
    else if (!seen.insert(name).second) t.error("name", std::string("a second ") + what + " named '" + name + "'");
  }

  // The name every entry of a list must give: read and checked (unique_name).
  std::string unique_name(TableReader& t, std::set<std::string>& seen, const char* what) {
    std::string name = t.string("name", "");
    unique_name(t, name, seen, what);
    return name;
  }

  void read_side(TableReader& t, int s) {
    SideSpec& side = sc_.sides[s];
    side.nation = read_choice<Nation>(t, barrage_key("<side>.nation"));
    side.command_dice = read_integer(t, barrage_key("<side>.command_dice"));
    side.staff_orders = read_integer(t, barrage_key("<side>.staff_orders"), side.command_dice);
    read_restock(t, side);
    side.comms_dice = read_integer(t, barrage_key("<side>.comms_dice"));
    side.supply_dice = read_integer(t, barrage_key("<side>.supply_dice"), nation_supply_dice(side.nation));
    side.home_edge = read_choice(t, barrage_key("<side>.home_edge"), s == sc_.attacker ? Edge::South : Edge::North);

    TableReader policies = t.table("policies");
    side.cancel = read_choice<CancelPolicy>(policies, barrage_key("<side>.policies.cancel"));
    side.adjust = read_choice<AdjustPolicy>(policies, barrage_key("<side>.policies.adjust"));
    side.supply_bonus = read_boolean(policies, barrage_key("<side>.policies.supply_bonus"));
    side.maintain = read_choice<MaintainPolicy>(policies, barrage_key("<side>.policies.maintain"));
    policies.finish();

    std::set<std::string> names;
    for (auto& b : t.tables("batteries")) {
      BatterySpec battery;
      battery.name = unique_name(b, names, "battery");
      battery.side = s;
      battery.fire_dice = static_cast<int>(b.integer("fire_dice", sc_.ruleset.fire_dice, 1, MaxPoolDice));
      battery.direct_support = b.boolean("direct_support", true);
      b.finish();
      battery_index_[s][battery.name] = static_cast<int>(sc_.batteries.size());
      sc_.batteries.push_back(std::move(battery));
    }

    names.clear();
    const size_t first_unit = sc_.units.size();
    std::vector<bool> has_place;
    for (auto& u : t.tables("units")) {
      UnitSpec unit;
      unit.name = unique_name(u, names, "unit");
      unit.side = s;
      unit.footprint = size_of(u, "footprint", sc_.ruleset.unit_footprint);
      has_place.push_back(u.has("position") || u.has("zone"));
      unit.placement = read_placement(u, unit.footprint, false);
      unit.reaction_dice = dice_of(u, "reaction_dice", sc_.ruleset.reaction_dice);
      unit.cover = u.choose("cover", Cover::None);
      unit.cohesion = static_cast<int>(u.integer("cohesion", sc_.ruleset.cohesion, 1, 1000000));
      unit_velocity_given_.push_back(u.has("velocity"));
      unit.velocity = point_of(u, "velocity", {});
      u.finish();
      unit_readers_.push_back(u);
      sc_.units.push_back(std::move(unit));
    }

    names.clear();
    for (auto& b : t.tables("blinds")) {
      BlindSpec blind;
      blind.name = unique_name(b, names, "Blind");
      blind.side = s;
      blind.footprint = size_of(b, "footprint", sc_.ruleset.blind_footprint);
      blind.placement = read_placement(b, blind.footprint, true);
      blind.velocity = point_of(b, "velocity", {});
      const bool dummy = b.boolean("dummy", false);
      const int blind_index = static_cast<int>(sc_.blinds.size());
      auto members = b.tables("units");
      if (dummy && !members.empty()) b.error("dummy", "a dummy Blind holds no units");
      if (!dummy && members.empty())
        b.error("units", "a Blind holds units = [{name = \"...\", offset = [dx, dy]}, ...], or is dummy = true");
      for (auto& m : members) {
        const std::string name = m.string("name", "");
        const Point offset = point_of(m, "offset", {});
        m.finish();
        int found = -1;
        for (size_t u = first_unit; u < sc_.units.size(); ++u)
          if (sc_.units[u].name == name) found = static_cast<int>(u);
        if (found < 0) {
          m.error("name", "no unit of " + sc_.sides[s].name + " named '" + name + "'");
          continue;
        }
        UnitSpec& unit = sc_.units[found];
        if (unit.blind >= 0) {
          // The Blind being read is not in sc_.blinds yet: a unit listed twice in it names this one.
          const bool earlier = unit.blind < static_cast<int>(sc_.blinds.size());
          m.error("name", "unit '" + name + "' is already in Blind " + (earlier ? sc_.blinds[unit.blind].name : blind.name));
          continue;
        }
        if (has_place[found - first_unit])
          unit_readers_[found].error(unit_readers_[found].has("zone") ? "zone" : "position",
                                     "unit '" + name + "' is in Blind " + blind.name + ", which gives its position");
        unit.blind = blind_index;
        unit.offset = offset;
        if (!unit_velocity_given_[found]) unit.velocity = blind.velocity;  // moves on as its Blind did
        if (!blind.placement.zoned &&
            !on_table({blind.placement.position.x + offset.x, blind.placement.position.y + offset.y}, unit.footprint))
          m.error("offset", "off the table at the start: unit '" + name + "' would stand off the table when the Blind is revealed");
      }
      b.finish();
      sc_.blinds.push_back(std::move(blind));
    }
    for (size_t u = first_unit; u < sc_.units.size(); ++u)
      if (sc_.units[u].blind < 0 && !has_place[u - first_unit])
        unit_readers_[u].error("position",
                               "missing: expected position = [x, y] or zone = [x0, y0, x1, y1] (inches), or the unit in a Blind");
  }

  void read_restock(TableReader& t, SideSpec& side) {
    const std::string restock = read_text(t, barrage_key("<side>.restock"));
    if (restock == "chains") side.restock = RestockRule::Chains;
    else if (restock == "none") side.restock = RestockRule::None;
    else if (restock.starts_with("fixed:")) {
      side.restock = RestockRule::Fixed;
      try {
        size_t used = 0;
        side.restock_fixed = std::stoi(restock.substr(6), &used);
        if (used != restock.size() - 6 || side.restock_fixed < 0) throw std::invalid_argument("");
      } catch (const std::exception&) {
        t.error("restock", "expected fixed:k with a whole number k >= 0, got '" + restock + "'");
      }
    } else {
      t.error("restock", "expected one of chains, none, fixed:k, got '" + restock + "'");
    }
  }

  void read_missions(TableReader& t, int s) {
    std::set<std::string> names;
    std::vector<std::string> types;
    for_each_mission_type([&](auto type) { types.emplace_back(decltype(type)::type::type_name); });
    for (auto& m : t.tables("missions")) {
      MissionSpec mission;
      mission.name = unique_name(m, names, "mission");
      mission.side = s;
      const std::string type = m.choice("type", types.front(), types);
      if (!m.has("type")) m.error("type", "missing: expected type = " + alternatives_text(types));
      // The keys of the other types, and the battery form not used, have no default here (show --toml).
      for_each_mission_type([&]<class Kind>(std::type_identity<Kind> kind) {
        if (type != Kind::type_name) m.keep_absent(own_keys(kind));
      });
      if (type == PreRegisteredBarrage::type_name) m.keep_absent({"start_turn"});
      m.keep_absent({m.has("battery") ? "batteries" : "battery"});
      read_mission_batteries(m, mission, s);
      mission.sheaf = m.choose("sheaf", Sheaf::Regular);
      mission.start_turn = static_cast<int>(m.integer("start_turn", 1, 1, sc_.turns));

      // Each type reads its own table whatever the mission's type (so that every error is reported:
      // a key of another type is one); the mission keeps its own type's (mission_kind.hpp).
      for_each_mission_type(
          [&]<class Kind>(std::type_identity<Kind> kind) { only_for(m, own_keys(kind), type == Kind::type_name, Kind::type_name); });
      only_for(m, {"start_turn"}, type != PreRegisteredBarrage::type_name, "rolling and designated");
      for_each_mission_type([&]<ReadableMissionType<BarrageReader> Kind>(std::type_identity<Kind> kind) {
        const bool chosen = type == Kind::type_name;
        Kind read = read_mission_type(kind, m, mission, chosen);
        if (chosen) mission.kind = std::move(read);
      });
      m.finish();
      mission_readers_.push_back(m);
      sc_.missions.push_back(std::move(mission));
    }
  }

 public:
  // Each fire mission type's own table (ReadableMissionType): its keys read, and checked against the
  // rules when the mission is of that type (`chosen`).

  // PF-RB: the template's start, direction and speed.
  RollingBarrage read_mission_type(std::type_identity<RollingBarrage>, TableReader& m, const MissionSpec& mission, bool chosen) {
    const int s = mission.side;
    RollingBarrage rolling_barrage;
    rolling_barrage.start = point_of(m, "start", {});
    const Point home_away = away_from_home(s);
    const auto direction = m.number_list("direction", {to_inches(home_away.x), to_inches(home_away.y)}, 2);
    const double speed = m.number("speed", 6, 0, MaxInches);
    rolling_barrage.speed = to_coord(speed);
    if (chosen) {
      // PF-RB: attacker only; at least 4" a turn; its start on the table.
      if (s != sc_.attacker)
        m.error("type", "a rolling barrage is available to the attacker only (PF-RB), and " + sc_.sides[s].name + " defends");
      if (!m.has("start")) m.error("start", "missing: a rolling barrage needs start = [x, y], its template's centre on its first turn");
      else if (!contains(table_rect(sc_.table), rolling_barrage.start))
        m.error("start", "off the table at the start: " + point_text(rolling_barrage.start));
      if (!m.has("speed")) m.error("speed", "missing: a rolling barrage needs speed (inches per turn)");
      else if (rolling_barrage.speed < sc_.ruleset.min_rolling_speed)
        m.error("speed", "a rolling barrage must move at least " + inches(sc_.ruleset.min_rolling_speed) + "\" per turn (PF-RB), got " +
                             inches(rolling_barrage.speed));
      if (direction[0] == 0 && direction[1] == 0) m.error("direction", "expected a direction vector [dx, dy], not [0, 0]");
      else if (std::abs(direction[0]) > MaxInches || std::abs(direction[1]) > MaxInches)
        m.error("direction", "expected a direction vector [dx, dy] with components of at most " + inches(to_coord(MaxInches)));
      rolling_barrage.step = rolling_step(direction[0], direction[1], rolling_barrage.speed);
    }
    return rolling_barrage;
  }

  // PF-DT: the targets in order. Names are optional; given, they address the entry in --set keys, so
  // each is unique.
  DesignatedTargets read_mission_type(std::type_identity<DesignatedTargets>, TableReader& m, const MissionSpec&, bool chosen) {
    DesignatedTargets designated_targets;
    std::set<std::string> target_names;
    for (auto& target : m.tables("targets")) {
      DesignatedTarget d;
      d.name = target.string("name", "");
      if (!d.name.empty()) unique_name(target, d.name, target_names, "target");
      if (!target.has("at")) target.error("at", "missing: expected at = [x, y]");
      d.at = point_of(target, "at", {});
      d.turns = static_cast<int>(target.integer("turns", 1, 1, sc_.turns));
      // PF-DT: "the type of sheaves fired" is noted with each target (the seed's example orders a
      // sheaf at each location); a target without one fires the mission's.
      if (target.has("sheaf")) d.sheaf = target.choose("sheaf", Sheaf::Regular);
      if (!contains(table_rect(sc_.table), d.at)) target.error("at", "off the table at the start: " + point_text(d.at));
      target.finish();
      designated_targets.targets.push_back(d);
    }
    if (chosen && designated_targets.targets.empty()) m.error("targets", "missing: expected targets = [{at = [x, y], turns = n}, ...]");
    return designated_targets;
  }

  // PF-PR: the registered points and the call policy.
  PreRegisteredBarrage read_mission_type(std::type_identity<PreRegisteredBarrage>, TableReader& m, const MissionSpec& mission,
                                         bool chosen) {
    PreRegisteredBarrage pr;
    std::set<std::string> point_names;
    for (auto& point : m.tables("points")) {
      const std::string name = point.string("name", "");
      if (!name.empty()) unique_name(point, name, point_names, "point");
      pr.point_names.push_back(name);
      if (!point.has("at")) point.error("at", "missing: expected at = [x, y]");
      const Point p = point_of(point, "at", {});
      if (!contains(table_rect(sc_.table), p)) point.error("at", "off the table at the start: " + point_text(p));
      point.finish();
      pr.points.push_back(p);
    }
    pr.mode = m.choose("mode", FireMode::Single);
    pr.call_policy = m.choose("policy", CallPolicy::Trigger);
    pr.trigger_radius = length_of(m, "trigger_radius", sc_.ruleset.trigger_radius);
    for (int64_t turn : m.integer_list("call_turns", {}, 1, sc_.turns)) pr.call_turns.push_back(static_cast<int>(turn));
    pr.call_point = static_cast<int>(m.integer("call_point", 1, 1, 1000)) - 1;
    if (chosen) {
      if (pr.points.empty())
        m.error("points", "missing: expected points = [{at = [x, y]}, ...] (at most " + std::to_string(sc_.ruleset.max_registered_points) +
                              " per battery)");
      else if (pr.call_point >= static_cast<int>(pr.points.size()))
        m.error("call_point", "there are only " + std::to_string(pr.points.size()) + " points");
      if (pr.call_policy == CallPolicy::Turns && pr.call_turns.empty())
        m.error("call_turns", "missing: policy \"turns\" calls on these turns");
      for (int b : mission.batteries)
        if (!sc_.batteries[b].direct_support)
          m.error(m.has("battery") ? "battery" : "batteries",
                  "battery '" + sc_.batteries[b].name + "' is not a direct-support battery: it has no pre-registered points (PF-PR)");
    }
    return pr;
  }

 private:
  // The default direction of a rolling barrage: away from its side's home edge.
  Point away_from_home(int s) const {
    switch (sc_.sides[s].home_edge) {
      case Edge::South:
        return {0, CoordPerInch};
      case Edge::North:
        return {0, -CoordPerInch};
      case Edge::West:
        return {CoordPerInch, 0};
      case Edge::East:
        return {-CoordPerInch, 0};
    }
    return {0, CoordPerInch};
  }

  // Per-unit metrics: `<defender>.first_hit.<unit>` for the units `first_hit_units` names,
  // and for every unit of the defender with `first_hit_all = true`, the default up to
  // FirstHitAllUnits units. Beyond that a result file would grow with the scenario.
  void read_first_hit_units(TableReader& root) {
    // The defender's units in index order (SideSpec::units is filled later, by index_scenario).
    std::vector<int> defender_units;
    for (int u = 0; u < static_cast<int>(sc_.units.size()); ++u)
      if (sc_.units[u].side == sc_.defender()) defender_units.push_back(u);
    const bool all = root.boolean("first_hit_all", defender_units.size() <= FirstHitAllUnits);
    std::set<int> named_units;
    for (const auto& name : root.string_list("first_hit_units", {})) {
      const auto it = std::find_if(defender_units.begin(), defender_units.end(), [&](int u) { return sc_.units[u].name == name; });
      if (it == defender_units.end())
        root.error("first_hit_units", "no unit of " + sc_.sides[sc_.defender()].name + " named '" + name + "'");
      else named_units.insert(*it);
    }
    for (int u : defender_units)
      if (all || named_units.count(u) != 0) sc_.first_hit_units.push_back(u);
  }

  // `battery = "A"`, or several batteries firing as one mission (B-5): `batteries = ["A", "B"]`.
  void read_mission_batteries(TableReader& m, MissionSpec& mission, int s) {
    const bool one = m.has("battery"), several = m.has("batteries");
    std::vector<std::string> names = m.string_list("batteries", {});
    const std::string single = m.string("battery", "");
    if (one && several) m.error("batteries", "give battery = \"NAME\" or batteries = [\"A\", \"B\"], not both");
    if (!one && !several) m.error("battery", "missing: expected battery = \"NAME\" (or batteries = [\"A\", \"B\"] firing as one)");
    if (one) names = {single};
    const char* key = one ? "battery" : "batteries";
    if (several && names.empty()) m.error(key, "expected at least one battery");
    // Each name's error once, however often it is listed: ["A", "A", "A"] is one mistake.
    std::set<std::string> seen, repeated;
    for (const auto& name : names) {
      if (!seen.insert(name).second) {
        if (repeated.insert(name).second) m.error(key, "battery '" + name + "' listed twice");
        continue;
      }
      const auto it = battery_index_[s].find(name);
      if (it == battery_index_[s].end()) {
        m.error(key, "no battery of " + sc_.sides[s].name + " named '" + name + "'");
        continue;
      }
      mission.batteries.push_back(it->second);
    }
  }

  void only_for(TableReader& m, std::initializer_list<const char*> keys, bool allowed, const char* types) {
    only_for(m, std::span<const char* const>(keys.begin(), keys.size()), allowed, types);
  }
  void only_for(TableReader& m, std::span<const char* const> keys, bool allowed, const char* types) {
    if (allowed) return;
    for (const char* key : keys)
      if (m.has(key)) m.error(key, std::string("only a ") + types + " mission takes this key");
  }

  // PF-PR: at most two registered points per direct-support battery, over all its missions.
  void check_registered_points() {
    std::map<int, int> points;
    for (size_t i = 0; i < sc_.missions.size(); ++i) {
      const MissionSpec& mission = sc_.missions[i];
      const auto* barrage = std::get_if<PreRegisteredBarrage>(&mission.kind);
      if (barrage == nullptr) continue;
      for (int b : mission.batteries) {
        points[b] += static_cast<int>(barrage->points.size());
        if (points[b] > sc_.ruleset.max_registered_points)
          mission_readers_[i].error("points", "battery '" + sc_.batteries[b].name + "' has " + std::to_string(points[b]) +
                                                  " pre-registered points; at most " + std::to_string(sc_.ruleset.max_registered_points) +
                                                  " per battery (PF-PR)");
      }
    }
  }

  // The documented limits (engine/barrage/barrage_scenario.hpp) hold for both sides together; the
  // error names the list of the side whose entries go past the limit.
  void check_capacity(std::array<TableReader, SideCount>& sides) {
    auto check = [&](const char* key, const char* what, int limit, auto side_of, size_t count) {
      if (count <= static_cast<size_t>(limit)) return;
      const int side = side_of(static_cast<size_t>(limit));  // the side of the first entry past the limit
      sides[side].error(key, std::to_string(count) + " " + what + " in both sides together: at most " + std::to_string(limit) +
                                 " (the documented limit)");
    };
    check(
        "units", "units", MaxUnits, [&](size_t i) { return sc_.units[i].side; }, sc_.units.size());
    check(
        "blinds", "Blinds", MaxBlinds, [&](size_t i) { return sc_.blinds[i].side; }, sc_.blinds.size());
    check(
        "batteries", "batteries", MaxBatteries, [&](size_t i) { return sc_.batteries[i].side; }, sc_.batteries.size());
    check(
        "missions", "missions", MaxMissions, [&](size_t i) { return sc_.missions[i].side; }, sc_.missions.size());
  }

  const ScenarioDocument& doc_;
  std::vector<ScenarioError> errors_;
  BarrageScenario sc_;
  std::array<std::map<std::string, int>, SideCount> battery_index_;
  std::vector<TableReader> unit_readers_;
  std::vector<bool> unit_velocity_given_;
  std::vector<TableReader> mission_readers_;
};

}  // namespace

BarrageScenario read_barrage_scenario(const ScenarioDocument& doc) { return BarrageReader(doc).read(); }

}  // namespace volley
