#include "sim/run/policy_space.hpp"

#include "sim/run/barrage_policy_space.hpp"
#include "sim/run/parameter_axis.hpp"
#include "sim/scenario/firefight_reader.hpp"
#include "sim/scenario/scenario_errors.hpp"
#include "sim/scenario/scenario_model.hpp"
#include "sim/scenario/setting_changes.hpp"

#include <algorithm>
#include <stdexcept>

namespace volley {

namespace {

// The schnellfeuer policies searched by default: the written ones, min-targets at 2 and 3, range:R
// with R over the rifles' useful distances in steps of 6", and one combination.
const std::vector<std::string> DefaultWhen{"never",   "always",   "min-targets:2", "min-targets:3",
                                           "range:6", "range:12", "range:18",      "min-targets:2&range:12"};

void add_key(PolicySpace& space, const ScenarioDocument& doc, const std::string& key, std::vector<std::string> values,
             const std::string& fallback) {
  std::string file = document_value(doc, key);
  if (file.empty()) file = fallback;
  auto it = std::find(values.begin(), values.end(), file);
  if (it == values.end()) {
    values.insert(values.begin(), file);
    it = values.begin();
  }
  const auto index = static_cast<size_t>(it - values.begin());
  space.keys.push_back({key, std::move(values), index});
}

std::string key_list(const PolicySpace& space) {
  std::string list;
  for (const auto& k : space.keys) list += (list.empty() ? "" : ", ") + k.key;
  return list;
}

}  // namespace

uint64_t PolicySpace::size() const noexcept {
  uint64_t n = 1;
  for (const auto& k : keys) {
    if (n > UINT64_MAX / std::max<size_t>(1, k.values.size())) return UINT64_MAX;
    n *= k.values.size();
  }
  return n;
}

PolicyChoice PolicySpace::file_policy() const {
  PolicyChoice c;
  for (const auto& k : keys) c.push_back(static_cast<uint32_t>(k.file_value));
  return c;
}

std::vector<std::string> PolicySpace::assignments(const PolicyChoice& choice) const {
  std::vector<std::string> out;
  for (size_t i = 0; i < keys.size(); ++i) out.push_back(keys[i].key + "=" + keys[i].values[choice[i]]);
  return out;
}

std::string PolicySpace::difference(const PolicyChoice& choice, const PolicyChoice& from) const {
  std::string out;
  for (size_t i = 0; i < keys.size(); ++i)
    if (choice[i] != from[i]) out += (out.empty() ? "" : "; ") + keys[i].key + "=" + keys[i].values[choice[i]];
  return out;
}

PolicyChoice PolicySpace::at(uint64_t index) const {
  PolicyChoice c(keys.size());
  for (size_t i = keys.size(); i-- > 0;) {
    const uint64_t n = keys[i].values.size();
    c[i] = static_cast<uint32_t>(index % n);
    index /= n;
  }
  return c;
}

PolicySpace side_policy_space(const ScenarioDocument& doc, const std::string& side) {
  const std::string kind = document_value(doc, "kind");
  if (kind == "barrage") return barrage_policy_space(doc, side);
  if (kind != "firefight")
    throw std::invalid_argument("volley best searches the choices of a firefight's or a barrage's sides, not a " + kind + "'s");
  const firefight::FirefightScenario sc = read_firefight_scenario(doc);
  const auto it = std::find_if(sc.sides.begin(), sc.sides.end(), [&](const firefight::Side& s) { return s.name == side; });
  if (it == sc.sides.end()) {
    std::string list;
    for (const auto& s : sc.sides) list += (list.empty() ? "" : ", ") + s.name;
    throw std::invalid_argument("--side: the scenario has no side '" + side + "' (sides: " + list + ")");
  }
  const firefight::Side& s = *it;
  PolicySpace space;
  space.side = side;
  for (const auto& other : sc.sides)
    if (other.name != side) space.opponent = other.name;
  space.default_target = side + ".win";
  space.target_words = "its win probability";
  const std::string prefix = side + ".";
  // A side without fast fire has no schnellfeuer to declare (its policy must be never) and so no
  // SF-F or SF-H choice either.
  if (s.fast_fire) {
    add_key(space, doc, prefix + "policy", DefaultWhen, "never");
    if (s.subgroups.size() > 1) {
      std::vector<std::string> which{"force"};
      for (const auto& g : s.subgroups) which.push_back("subgroup:" + g);
      add_key(space, doc, prefix + "which", which, "force");
    }
    add_key(space, doc, prefix + "keep_hidden", {"units-first", "farthest", "decoys-first", "none"}, "units-first");
    add_key(space, doc, prefix + "reconceal", {"true", "false"}, "true");
  }
  add_key(space, doc, prefix + "charge_after", {"false", "true"}, "false");
  add_key(space, doc, prefix + "hidden_fire", {"always", "hold"}, "always");
  for (const auto& u : s.units) add_key(space, doc, prefix + "units." + u.name + ".orders", {"hold", "advance", "charge"}, "hold");
  return space;
}

void shape_space(PolicySpace& space, const ScenarioDocument& doc, const std::vector<std::string>& spaces,
                 const std::vector<std::string>& fixes) {
  const auto find = [&](const std::string& key, const std::string& option) {
    const auto it = std::find_if(space.keys.begin(), space.keys.end(), [&](const ChoiceKey& k) { return k.key == key; });
    if (it == space.keys.end())
      throw std::invalid_argument(option + ": '" + key + "' is not a choice of side " + space.side + " (its choices: " + key_list(space) +
                                  ")");
    return it;
  };
  for (const auto& option : spaces) {
    const auto eq = option.find('=');
    if (eq == std::string::npos) throw std::invalid_argument("--space " + option + ": expected KEY=V1,V2,...");
    const std::string key = option.substr(0, eq);
    const auto it = find(key, "--space");
    std::vector<std::string> values;
    for (const auto& v : split_values(option.substr(eq + 1))) {
      if (v.empty()) throw std::invalid_argument("--space " + option + ": an empty value (expected KEY=V1,V2,...)");
      if (std::find(values.begin(), values.end(), v) != values.end()) continue;
      ScenarioDocument with = doc;
      try {
        with.apply_set(key + "=" + v, "--space");
        (void)load_model(with);
      } catch (const ScenarioErrors& e) {
        throw std::invalid_argument("--space " + key + "=" + v + ": the scenario refuses this value: " + e.what());
      }
      values.push_back(v);
    }
    // The scenario's own policy stays in the space, so that the search can say what the best gains on it.
    const std::string file = it->values[it->file_value];
    auto at = std::find(values.begin(), values.end(), file);
    if (at == values.end()) {
      values.insert(values.begin(), file);
      at = values.begin();
    }
    it->file_value = static_cast<size_t>(at - values.begin());
    it->values = std::move(values);
  }
  for (const auto& key : fixes) space.keys.erase(find(key, "--fix"));
  uint64_t alternatives = 0;
  for (const auto& k : space.keys) alternatives += k.values.size() - 1;
  if (alternatives == 0)
    throw std::invalid_argument("--space/--fix: nothing is left to choose for side " + space.side + ": the space holds one policy");
}

std::string describe_space(const PolicySpace& space) {
  const uint64_t n = space.size();
  std::string out = "policy space of side " + space.side + ": " + (n == UINT64_MAX ? std::string("over 1.8e19") : std::to_string(n)) +
                    " policies (" + std::to_string(space.keys.size()) + " choices)\n";
  for (const auto& k : space.keys) {
    out += "  " + k.key + ":";
    for (size_t v = 0; v < k.values.size(); ++v)
      out += std::string(v == 0 ? " " : ", ") + k.values[v] + (v == k.file_value ? " (file)" : "");
    out += "\n";
  }
  return out;
}

}  // namespace volley
