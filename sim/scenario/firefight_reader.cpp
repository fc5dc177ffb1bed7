// Firefight scenarios: reading the document (docs/scenario-firefight.md) into the kernel's
// FirefightScenario, every key checked.
#include "sim/scenario/firefight_reader.hpp"

#include "engine/binomial_table.hpp"
#include "engine/firefight/firefight_metrics.hpp"
#include "engine/narrator.hpp"
#include "engine/firefight/weapon_table.hpp"
#include "sim/scenario/addressable_name.hpp"
#include "sim/scenario/declared_keys.hpp"
#include "sim/scenario/tally_size.hpp"
#include "sim/scenario/tie_distance_key.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

namespace volley {

using namespace firefight;

namespace {

inline constexpr double MaxInches = 1000;  // tables up to 1000": integer geometry stays exact
static_assert(firefight_key("turns").hi == MaxFirefightTurns && firefight_key("ruleset.fire_die").hi == MaxFaces &&
              firefight_key("ruleset.prone_target_class").hi == TargetClasses && firefight_key("visibility").hi == MaxInches);

// A whole number written alone (spaces around allowed): "2x" or "" is not one, as std::stoi would have it.
bool whole_number(std::string_view text, int& out) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc{} && end == text.data() + text.size() && !text.empty();
}

// "1/4" or 0.25 -> 1/4 with the smallest denominator <= 20 that is exact (to 1e-9).
bool parse_fraction(const toml::node* node, Fraction& out, std::string& why) {
  if (node == nullptr) return true;
  if (auto s = node->value<std::string>()) {
    const size_t slash = s->find('/');
    int num = 0, den = 0;
    if (slash == std::string::npos || !whole_number(std::string_view(*s).substr(0, slash), num) ||
        !whole_number(std::string_view(*s).substr(slash + 1), den)) {
      why = "expected a fraction such as \"1/4\" or a number such as 0.25, got '" + *s + "'";
      return false;
    }
    if (num < 0 || den < 1 || den > MaxFaces || num > den) {
      why = "expected num/den with 0 <= num <= den and 1 <= den <= 20, got '" + *s + "'";
      return false;
    }
    out = {num, den};
    return true;
  }
  if (auto v = node->value<double>()) {
    for (int den = 1; den <= MaxFaces; ++den) {
      const double num = *v * den;
      if (num >= -1e-9 && num <= den + 1e-9 && std::fabs(num - std::round(num)) < 1e-9) {
        out = {static_cast<int>(std::round(num)), den};
        return true;
      }
    }
    std::ostringstream got;
    got << *v;
    why = "expected a probability that is a fraction with a denominator of at most 20 (e.g. 0.25), got " + got.str();
    return false;
  }
  why = "expected a fraction such as \"1/4\" or a number such as 0.25";
  return false;
}

class Reader {
 public:
  explicit Reader(const ScenarioDocument& doc) : doc_(doc) {}

  FirefightScenario read() {
    TableReader root = top_table_reader(doc_, &errors_);
    root.choice("kind", "firefight", {"firefight"});
    sc_.title = read_title(root, doc_);
    sc_.turns = read_integer(root, firefight_key("turns"));
    sc_.visibility = read_inches(root, firefight_key("visibility"));
    sc_.spot_range = read_inches(root, firefight_key("spot_range"));
    auto table = root.table("table");
    sc_.table = {0, 0, read_inches(table, firefight_key("table.width")), read_inches(table, firefight_key("table.depth"))};
    table.finish();
    auto ruleset = root.table("ruleset");
    read_ruleset(ruleset);
    ruleset.finish();

    const bool has_sides = root.has("sides");
    const size_t errors_before = errors_.size();
    const auto side_names = root.string_list("sides", {});
    if (side_names.size() != SideCount || side_names[0] == side_names[1]) {
      if (errors_.size() == errors_before)  // else string_list said what is wrong
        root.error("sides", std::string(has_sides ? "" : "missing: ") +
                                "expected two different side names, e.g. sides = [\"herero\", \"german\"] (F-1: exactly two sides)");
      // Which tables are the sides is unknown: calling them unknown keys would only repeat this error.
      for (const auto& [key, value] : doc_.root())
        if (value.is_table()) root.ignore(key.str());
    } else {
      for (int s = 0; s < SideCount; ++s) {
        if (side_names[s] == "kind" || side_names[s] == "title" || side_names[s] == "turns" || side_names[s] == "sides" ||
            side_names[s] == "table" || side_names[s] == "ruleset" || side_names[s] == "terrain" || side_names[s] == "visibility" ||
            side_names[s] == "spot_range" || side_names[s] == "draw" || side_names[s] == "undecided" || side_names[s] == "turn_decided") {
          root.error("sides", "'" + side_names[s] + "' is a reserved name");
          continue;
        }
        if (side_names[s].empty() || side_names[s].find_first_of(" \t") != std::string::npos || !addressable_name(side_names[s])) {
          root.error("sides", "side name '" + side_names[s] + "' must be a non-empty word without dots, spaces, '=', ';', ',' or quotes");
          continue;
        }
        sc_.sides[s].name = side_names[s];
        if (!root.has(side_names[s])) {
          root.error("sides", "no table [" + side_names[s] + "] for side '" + side_names[s] + "'");
          root.ignore(side_names[s]);  // absent, but a key the file may use: "did you mean" offers it
          continue;
        }
        auto side = root.table(side_names[s]);
        read_side(side, sc_.sides[s]);
        side.finish();
      }
      if (sc_.sides[0].fast_fire && sc_.sides[1].fast_fire) root.error("sides", "only one side may have fast_fire (F-1)");
    }
    for (auto& t : root.tables("terrain")) {
      Terrain terrain;
      terrain.name = t.string("name", "terrain " + std::to_string(sc_.terrain.size()));
      if (!addressable_name(terrain.name)) t.error("name", unaddressable_name_message("terrain", terrain.name));
      terrain.area = read_rect(t, "area", true);
      terrain.blocks_sight = t.boolean("blocks_sight", false);
      terrain.cover_class = static_cast<int>(t.integer("cover_class", 0, 0, TargetClasses));
      t.finish();
      sc_.terrain.push_back(std::move(terrain));
    }
    root.finish();
    if (!errors_.empty()) throw ScenarioErrors(errors_);
    sc_.finalize();
    check_tally_size(root, sc_.turns, [&](int turns) {
      if (turns == sc_.turns) return make_schema(sc_);
      FirefightScenario at = sc_;
      at.turns = turns;
      return make_schema(at);
    });
    if (!errors_.empty()) throw ScenarioErrors(errors_);
    return std::move(sc_);
  }

 private:
  void read_ruleset(TableReader& r) {
    Ruleset& rs = sc_.ruleset;
    rs.name = r.choice("name", std::string(firefight_key("ruleset.name").text), {"tsatf20", "tsatf-d10"});
    constexpr auto& fire_die = firefight_key("ruleset.fire_die");
    rs.fire_die = read_integer(r, fire_die, rs.name == "tsatf-d10" ? 10 : fire_die.integer());
    rs.natural_one_hits = read_boolean(r, firefight_key("ruleset.natural_one_hits"));
    rs.fire_into_melee = read_boolean(r, firefight_key("ruleset.fire_into_melee"));
    {
      const toml::node* node = nullptr;
      if (const auto* t = doc_.root().get("ruleset"); t != nullptr && t->is_table()) node = t->as_table()->get("kill_chance");
      std::string why;
      if (node != nullptr && node->is_string()) (void)r.string("kill_chance", "");
      else (void)read_number(r, firefight_key("ruleset.kill_chance"));
      if (node != nullptr && (node->is_string() || node->is_number()) && !parse_fraction(node, rs.kill_chance, why))
        r.error("kill_chance", why);
    }
    rs.native_move_dice = read_integer(r, firefight_key("ruleset.native_move_dice"));
    rs.imperial_move_dice = read_integer(r, firefight_key("ruleset.imperial_move_dice"));
    rs.native_charge_dice = read_integer(r, firefight_key("ruleset.native_charge_dice"));
    rs.imperial_charge_dice = read_integer(r, firefight_key("ruleset.imperial_charge_dice"));
    rs.native_melee_bonus = read_integer(r, firefight_key("ruleset.native_melee_bonus"));
    rs.imperial_melee_bonus = read_integer(r, firefight_key("ruleset.imperial_melee_bonus"));
    rs.tie_distance = read_tie_distance(r, firefight_key("ruleset.tie_distance"));
    rs.contact_gap = read_inches(r, firefight_key("ruleset.contact_gap"));
    rs.halt_short = read_inches(r, firefight_key("ruleset.halt_short"));
    rs.contact_distance = read_inches(r, firefight_key("ruleset.contact_distance"));
    rs.go_in_leader = read_integer(r, firefight_key("ruleset.go_in_leader"));
    rs.go_in_no_leader = read_integer(r, firefight_key("ruleset.go_in_no_leader"));
    rs.stand_leader = read_integer(r, firefight_key("ruleset.stand_leader"));
    rs.stand_no_leader = read_integer(r, firefight_key("ruleset.stand_no_leader"));
    rs.melee_die = read_integer(r, firefight_key("ruleset.melee_die"));
    rs.melee_kill_face = read_integer(r, firefight_key("ruleset.melee_kill_face"));
    rs.melee_morale_modifier = read_integer(r, firefight_key("ruleset.melee_morale_modifier"));
    rs.prone_threshold = read_integer(r, firefight_key("ruleset.prone_threshold"));
    rs.prone_fire_modifier = read_integer(r, firefight_key("ruleset.prone_fire_modifier"));
    rs.prone_target_class = read_integer(r, firefight_key("ruleset.prone_target_class"));
    rs.prone_move_dice = read_integer(r, firefight_key("ruleset.prone_move_dice"));
    rs.morale_leader = read_integer(r, firefight_key("ruleset.morale_leader"));
    rs.morale_no_leader = read_integer(r, firefight_key("ruleset.morale_no_leader"));
    rs.morale_fraction = read_number(r, firefight_key("ruleset.morale_fraction"));
    rs.sf_dice_multiplier = read_integer(r, firefight_key("ruleset.sf_dice_multiplier"));
    rs.sf_fire_modifier = read_integer(r, firefight_key("ruleset.sf_fire_modifier"));
    rs.sf_keep_hidden_max = read_integer(r, firefight_key("ruleset.sf_keep_hidden_max"));
    rs.sf_keep_hidden_divisor = read_integer(r, firefight_key("ruleset.sf_keep_hidden_divisor"));

    // F-4 weapons: the built-in table (engine/firefight/weapon_table.hpp), then [[ruleset.weapons]] entries: a built-in name overrides
    // the keys it gives; a new name adds a weapon (range and bands required).
    rs.weapons = builtin_weapons(rs.fire_die);
    std::set<std::string> seen;
    for (auto& t : r.tables("weapons")) {
      const std::string name = t.string("name", "");
      if (name.empty()) {
        t.error("name", "every weapon needs a name");
        t.finish();
        continue;
      }
      if (!addressable_name(name)) t.error("name", unaddressable_name_message("weapon", name));
      if (!seen.insert(name).second) t.error("name", "weapon '" + name + "' is listed twice");
      auto it = std::find_if(rs.weapons.begin(), rs.weapons.end(), [&](const Weapon& w) { return w.name == name; });
      const bool builtin = it != rs.weapons.end();
      if (!builtin) {
        if (!t.has("range")) t.error("range", "a new weapon needs its range");
        if (!t.has("bands")) t.error("bands", "a new weapon needs its bands (hit on <= band, target classes 1..4)");
        rs.weapons.push_back(Weapon{name, 0, 1, {0, 0, 0, 0}});
        it = rs.weapons.end() - 1;
      }
      Weapon& w = *it;
      w.range = to_coord(t.number("range", to_inches(w.range), 0, MaxInches));
      w.dice_per_figure = static_cast<int>(t.integer("dice_per_figure", w.dice_per_figure, 1, 100));
      const auto bands = t.integer_list("bands", {w.bands[0], w.bands[1], w.bands[2], w.bands[3]}, 0, rs.fire_die);
      if (bands.size() != TargetClasses) t.error("bands", "expected 4 bands, one per target class 1..4");
      else
        for (int k = 0; k < TargetClasses; ++k) w.bands[k] = static_cast<int>(bands[k]);
      t.finish();
    }
  }

  Rect read_rect(TableReader& t, const char* key, bool required) {
    if (required && !t.has(key)) t.error(key, "required: [x0, y0, x1, y1] in inches");
    const auto v = t.number_list(key, {0, 0, 0, 0}, 4);
    Rect r{to_coord(v[0]), to_coord(v[1]), to_coord(v[2]), to_coord(v[3])};
    if (r.x0 > r.x1 || r.y0 > r.y1) t.error(key, "expected [x0, y0, x1, y1] with x0 <= x1 and y0 <= y1");
    return r;
  }

  // position = [x, y] or zone = [x0, y0, x1, y1], exactly one, on the table.
  Placement read_placement(TableReader& t) {
    Placement p;
    const bool has_position = t.has("position"), has_zone = t.has("zone");
    if (has_position == has_zone)
      t.error(has_zone ? "zone" : "position", "give exactly one of position = [x, y] or zone = [x0, y0, x1, y1]");
    // Read only when given: a default position beside a zone would not be a default (show --toml).
    if (!has_position) t.ignore("position");  // still a key this table knows (the unknown-key list)
    const auto v = has_position ? t.number_list("position", {0, 0}, 2) : std::vector<double>{0, 0};
    p.position = {to_coord(v[0]), to_coord(v[1])};
    if (has_zone) {
      p.zone = true;
      p.area = read_rect(t, "zone", false);
      if (!contains(sc_.table, Point{p.area.x0, p.area.y0}) || !contains(sc_.table, Point{p.area.x1, p.area.y1}))
        t.error("zone", "off the table: expected a zone on the table (" + table_text() + "), got (" + inches(p.area.x0) + ", " +
                            inches(p.area.y0) + ")-(" + inches(p.area.x1) + ", " + inches(p.area.y1) + ")");
      p.position = {p.area.x0, p.area.y0};
    } else if (has_position && !contains(sc_.table, p.position)) {
      t.error("position", "off the table: expected a position on the table (" + table_text() + "), got " + point_text(p.position));
    }
    return p;
  }

  // "48\" x 36\"": the table, as messages name it.
  std::string table_text() const { return inches(sc_.table.x1) + "\" x " + inches(sc_.table.y1) + "\""; }

  int subgroup_index(Side& side, const std::string& name) {
    auto it = std::find(side.subgroups.begin(), side.subgroups.end(), name);
    if (it != side.subgroups.end()) return static_cast<int>(it - side.subgroups.begin());
    side.subgroups.push_back(name);
    return static_cast<int>(side.subgroups.size()) - 1;
  }

  // The schnellfeuer policy's "when" (docs/rules.md "Policies"): never, always, turns:[...],
  // min-targets:k, range:R, or several conditions joined by '&' (min-targets:2&range:12), all of
  // which must hold. never joins nothing.
  void read_when(TableReader& r, Policy& p, const std::string& policy) {
    const std::string expected =
        "expected never, always, turns:[t1,t2,...], min-targets:k or range:R, or conditions joined by '&' "
        "(min-targets:2&range:12), got '" +
        policy + "'";
    p.when = WhenPolicy::Always;
    if (policy == "never") {
      p.when = WhenPolicy::Never;
      return;
    }
    std::vector<std::string> conditions;
    std::stringstream parts(policy);
    for (std::string c; std::getline(parts, c, '&');) conditions.push_back(c);
    if (conditions.empty() || policy.back() == '&') return r.error("policy", expected);
    bool turns_seen = false, min_seen = false, range_seen = false;
    for (const std::string& condition : conditions) {
      if (condition == "always") {
        continue;
      } else if (condition.rfind("turns:", 0) == 0 && !turns_seen && !min_seen) {
        turns_seen = true;
        p.when = WhenPolicy::Turns;
        p.turns.assign(sc_.turns + 1, 0);
        std::string list = condition.substr(6);
        if (list.size() >= 2 && list.front() == '[' && list.back() == ']') list = list.substr(1, list.size() - 2);
        std::stringstream in(list);
        std::string item;
        bool ok = !list.empty();
        while (ok && std::getline(in, item, ',')) {
          int turn = 0;
          ok = whole_number(item, turn) && turn >= 1 && turn <= sc_.turns;
          if (ok) p.turns[turn] = 1;
        }
        if (!ok)
          return r.error("policy", "expected turns:[t1,t2,...] with turns in 1.." + std::to_string(sc_.turns) + ", got '" + policy + "'");
      } else if (condition.rfind("min-targets:", 0) == 0 && !turns_seen && !min_seen) {
        min_seen = true;
        p.when = WhenPolicy::MinTargets;
        if (!whole_number(std::string_view(condition).substr(12), p.min_targets) || p.min_targets < 1)
          return r.error("policy", "expected min-targets:k with a whole number k >= 1, got '" + policy + "'");
      } else if (condition.rfind("range:", 0) == 0 && !range_seen) {
        range_seen = true;
        double inches = 0;
        const std::string_view number = std::string_view(condition).substr(6);
        const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), inches);
        if (ec != std::errc() || end != number.data() + number.size() || !(inches >= 0) || inches > MaxInches)
          return r.error("policy", "expected range:R with R in inches, 0 to " + std::to_string(static_cast<int>(MaxInches)) + ", got '" +
                                       policy + "'");
        const int64_t range = to_coord(inches);
        p.range_squared = range * range;
      } else {
        return r.error("policy", expected);
      }
    }
  }

  void read_side(TableReader& r, Side& side) {
    const Ruleset& rs = sc_.ruleset;
    side.fast_fire = read_boolean(r, firefight_key("<side>.fast_fire"));
    side.native = read_boolean(r, firefight_key("<side>.native"));
    side.prone_rule = read_boolean(r, firefight_key("<side>.prone_rule"));
    side.break_fraction = read_number(r, firefight_key("<side>.break_fraction"));
    side.hidden_fire = read_choice<HiddenFire>(r, firefight_key("<side>.hidden_fire"));
    const std::string policy = read_text(r, firefight_key("<side>.policy"));
    const std::string which = read_text(r, firefight_key("<side>.which"));
    side.policy.charge_after = read_boolean(r, firefight_key("<side>.charge_after"));
    side.policy.reconceal = read_boolean(r, firefight_key("<side>.reconceal"));
    side.policy.reconceal_blanks = read_integer(r, firefight_key("<side>.reconceal_blanks"));
    side.policy.keep_hidden = read_choice<KeepHiddenChoice>(r, firefight_key("<side>.keep_hidden"));
    side.policy.sfh_sight = read_choice<SfhSight>(r, firefight_key("<side>.sfh_sight"));
    side.subgroups.clear();
    std::set<std::string> names;
    for (auto& t : r.tables("units")) {
      UnitSpec u;
      u.name = t.string("name", "");
      if (u.name.empty()) t.error("name", "every unit needs a name (it addresses the unit: " + side.name + ".units.NAME.figures=...)");
      else if (!addressable_name(u.name)) t.error("name", unaddressable_name_message("unit", u.name));
      else if (!names.insert(u.name).second) t.error("name", "unit name '" + u.name + "' is used twice in this side");
      u.figures = static_cast<int>(t.integer("figures", 10, 1, 100000));
      const std::string weapon = t.string("weapon", default_weapon(side.native));
      const auto it = std::find_if(rs.weapons.begin(), rs.weapons.end(), [&](const Weapon& w) { return w.name == weapon; });
      if (it == rs.weapons.end()) {
        std::string list;
        for (const auto& w : rs.weapons) list += (list.empty() ? "" : ", ") + w.name;
        t.error("weapon", "no weapon named '" + weapon + "' (weapons: " + list + ")");
      } else {
        u.weapon = static_cast<int>(it - rs.weapons.begin());
      }
      u.target_class = static_cast<int>(t.integer("target_class", 1, 1, TargetClasses));
      u.placement = read_placement(t);
      u.hidden = t.boolean("hidden", false);
      u.subgroup = subgroup_index(side, t.string("subgroup", "main"));
      u.orders = t.choose("orders", Orders::Hold);
      u.leader = t.boolean("leader", true);
      u.move_dice = static_cast<int>(t.integer("move_dice", side.native ? rs.native_move_dice : rs.imperial_move_dice, 0, 100));
      u.charge_dice = static_cast<int>(t.integer("charge_dice", side.native ? rs.native_charge_dice : rs.imperial_charge_dice, 0, 100));
      u.melee_bonus = static_cast<int>(t.integer("melee_bonus", side.native ? rs.native_melee_bonus : rs.imperial_melee_bonus, -6, 6));
      // F-6: charge_reach defaults to the most the charge dice can roll.
      u.charge_reach = to_coord(t.number("charge_reach", 6.0 * u.charge_dice, 0, MaxInches));
      t.finish();
      side.units.push_back(std::move(u));
    }
    if (side.units.empty()) r.error("units", "a side needs at least one unit ([[" + side.name + ".units]])");
    if (side.units.size() > static_cast<size_t>(MaxUnitsPerSide))
      r.error("units", std::to_string(side.units.size()) + " units: at most " + std::to_string(MaxUnitsPerSide) +
                           " units per side (the documented limit of the kernel's per-worker geometry cache)");
    int index = 0;
    for (auto& t : r.tables("decoys")) {
      const std::string name = t.string("name", "decoy " + std::to_string(index));
      if (!addressable_name(name)) t.error("name", unaddressable_name_message("decoy", name));
      const int count = static_cast<int>(t.integer("count", 1, 1, MaxDecoysPerSide));
      DecoySpec d;
      d.placement = read_placement(t);
      d.subgroup = subgroup_index(side, t.string("subgroup", "main"));
      t.finish();
      d.entry = index;
      for (int k = 0; k < count; ++k) {
        d.name = count == 1 ? name : name + " #" + std::to_string(k + 1);
        side.decoys.push_back(d);
      }
      ++index;
    }
    if (side.decoys.size() > static_cast<size_t>(MaxDecoysPerSide))
      r.error("decoys", std::to_string(side.decoys.size()) + " decoys: at most " + std::to_string(MaxDecoysPerSide) +
                            " decoys per side (the documented limit)");
    if (side.subgroups.empty()) side.subgroups.push_back("main");

    // Policies (docs/rules.md "Policies"): when, which.
    Policy& p = side.policy;
    read_when(r, p, policy);
    if (p.when != WhenPolicy::Never && !side.fast_fire)
      r.error("policy", "side '" + side.name + "' has no fast_fire: its schnellfeuer policy must be never");
    if (which == "force") {
      p.which = WhichPolicy::Force;
    } else if (which.rfind("subgroup:", 0) == 0) {
      p.which = WhichPolicy::Subgroup;
      const std::string name = which.substr(9);
      const auto it = std::find(side.subgroups.begin(), side.subgroups.end(), name);
      if (it == side.subgroups.end()) {
        std::string list;
        for (const auto& g : side.subgroups) list += (list.empty() ? "" : ", ") + g;
        r.error("which", "no subgroup named '" + name + "' in side '" + side.name + "' (subgroups: " + list + ")");
      } else {
        p.subgroup = static_cast<int>(it - side.subgroups.begin());
      }
    } else {
      r.error("which", "expected force or subgroup:NAME, got '" + which + "'");
    }
  }

  const ScenarioDocument& doc_;
  std::vector<ScenarioError> errors_;
  FirefightScenario sc_;
};

}  // namespace

FirefightScenario read_firefight_scenario(const ScenarioDocument& doc) { return Reader(doc).read(); }

}  // namespace volley
