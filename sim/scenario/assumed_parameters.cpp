#include "sim/scenario/assumed_parameters.hpp"

namespace volley {

namespace {

struct AssumedDefault {
  const char* key;  // "<side>." is replaced by each side's name
  double value;
  bool integer;
};

// Firefights: docs/scenario-firefight.md; barrages: docs/scenario-barrage.md.
constexpr AssumedDefault FirefightAssumed[] = {
    {"visibility", 12, false},                 // F-5
    {"spot_range", 6, false},                  // F-5
    {"ruleset.tie_distance", 0.25, false},     // F-4 "Measuring"
    {"ruleset.contact_gap", 1, false},         // F-6
    {"ruleset.halt_short", 1, false},          // F-6
    {"ruleset.contact_distance", 0.5, false},  // F-6
    {"ruleset.go_in_leader", 3, true},         // F-6
    {"ruleset.go_in_no_leader", 4, true},      // F-6
    {"ruleset.stand_leader", 3, true},         // F-6
    {"ruleset.stand_no_leader", 4, true},      // F-6
    {"ruleset.melee_die", 6, true},            // F-7
    {"ruleset.melee_kill_face", 1, true},      // F-7
    {"ruleset.melee_morale_modifier", -1, true},  // F-7
    {"ruleset.morale_leader", 3, true},        // F-8b
    {"ruleset.morale_no_leader", 4, true},     // F-8b
    {"ruleset.morale_fraction", 0.5, false},   // F-8b
    {"<side>.break_fraction", 0.5, false},     // F-9
};

constexpr AssumedDefault BarrageAssumed[] = {
    {"ruleset.forced_back", 6, false},         // B-5
    {"ruleset.suppression_turns", 1, true},    // B-5
    {"ruleset.maintain_cost", 1, true},        // B-2
    {"ruleset.comms_opposition", 3, true},     // B-6
    {"ruleset.trigger_radius", 6, false},      // PF-PR
    {"ruleset.adjust_range", 12, false},       // B-3 step 3
    {"ruleset.tie_distance", 0.25, false},     // F-4 "Measuring" (PF-PR, B-3 step 3)
};

const toml::node* find(const toml::table& root, const std::string& key) {
  const toml::node* at = &root;
  size_t start = 0;
  while (at != nullptr) {
    const auto dot = key.find('.', start);
    const auto* table = at->as_table();
    if (table == nullptr) return nullptr;
    at = table->get(key.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
    if (dot == std::string::npos) return at;
    start = dot + 1;
  }
  return nullptr;
}

}  // namespace

std::vector<ModelParameter> assumed_parameters(const ScenarioDocument& doc, const std::string& kind) {
  std::vector<ModelParameter> out;
  std::vector<std::string> sides;
  if (const auto* list = doc.root()["sides"].as_array())
    for (const auto& s : *list)
      if (auto name = s.value<std::string>()) sides.push_back(*name);
  auto add = [&](const std::string& key, const AssumedDefault& d) {
    ModelParameter p{key, d.value, d.integer, true};
    if (const toml::node* n = find(doc.root(), key))
      if (auto v = n->value<double>()) p.value = *v;
    out.push_back(p);
  };
  const auto expand = [&](const auto& table) {
    for (const auto& d : table) {
      const std::string key = d.key;
      if (key.rfind("<side>.", 0) == 0) {
        for (const auto& side : sides) add(side + key.substr(6), d);
      } else {
        add(key, d);
      }
    }
  };
  if (kind == "firefight") expand(FirefightAssumed);
  if (kind == "barrage") expand(BarrageAssumed);
  return out;
}

std::string assumed_rule(const std::string& key) {
  struct Assumed {
    const char* ending;  // the key, or its last parts after a side or an entry name
    const char* rule;
  };
  // README.md, "Rules assumed here" (the rows with a key).
  static constexpr Assumed Table[] = {
      {"hidden_fire", "F-3"}, {"ruleset.natural_one_hits", "F-4"}, {"ruleset.kill_chance", "F-4"},
      {"ruleset.fire_into_melee", "F-4"}, {"ruleset.tie_distance", "F-4"}, {"bands", "F-4"}, {"visibility", "F-5"}, {"spot_range", "F-5"},
      {"ruleset.contact_gap", "F-6"}, {"ruleset.halt_short", "F-6"}, {"ruleset.contact_distance", "F-6"},
      {"ruleset.go_in_leader", "F-6"}, {"ruleset.go_in_no_leader", "F-6"}, {"ruleset.stand_leader", "F-6"},
      {"ruleset.stand_no_leader", "F-6"}, {"ruleset.melee_die", "F-7"}, {"ruleset.melee_kill_face", "F-7"},
      {"ruleset.melee_morale_modifier", "F-7"}, {"ruleset.morale_fraction", "F-8b"}, {"ruleset.morale_leader", "F-8b"},
      {"ruleset.morale_no_leader", "F-8b"}, {"break_fraction", "F-9"}, {"sfh_sight", "SF-H"},
      {"ruleset.unit_footprint", "B-1"}, {"ruleset.blind_footprint", "B-1"}, {"command_dice", "B-2"},
      {"staff_orders", "B-2"}, {"ruleset.maintain_cost", "B-2"}, {"ruleset.pulse_tie", "B-2"}, {"supply_dice", "B-3"},
      {"ruleset.unpaid_start", "B-4"}, {"ruleset.template", "B-5"}, {"ruleset.converged_template", "B-5"},
      {"ruleset.forced_back", "B-5"}, {"ruleset.suppression_turns", "B-5"}, {"ruleset.comms_rule", "B-6"},
      {"ruleset.comms_opposition", "B-6"}, {"comms_dice", "B-6"}, {"ruleset.trigger_radius", "PF-PR"},
      {"ruleset.adjust_range", "B-3"},
  };
  for (const auto& a : Table) {
    const std::string ending = a.ending;
    if (key == ending) return a.rule;
    // Only whole parts: "herero.hidden_fire" matches "hidden_fire"; "ruleset.*" keys match only whole.
    if (ending.rfind("ruleset.", 0) != 0 && key.size() > ending.size() && key.ends_with("." + ending)) return a.rule;
  }
  return "";
}

}  // namespace volley
