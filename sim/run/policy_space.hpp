#pragma once
// A side's policy space (`volley best`, docs/methods.md "Best play"): every choice the rules leave to
// that side's player, as the scenario key that holds it and the values searched. A policy is one
// value per key; every other key stays as the scenario says. The firefight's choices
// (docs/rules.md "Policies", F-3, F-6, SF-F, SF-H): `S.policy` (schnellfeuer: never, always,
// min-targets:k, range:R and their combinations), `S.which`, `S.keep_hidden`, `S.reconceal` (a side
// with fast_fire only), `S.charge_after`, `S.hidden_fire`, and each unit's `orders`. A barrage side's
// choices are in sim/run/barrage_policy_space.hpp.
#include "sim/scenario/scenario_document.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace volley {

struct ChoiceKey {
  std::string key;                  // as --set addresses it: "herero.units.N1.orders"
  std::vector<std::string> values;  // the values searched, the file's among them
  size_t file_value = 0;            // index of the scenario's own value
};

// One value index per key of a space.
using PolicyChoice = std::vector<uint32_t>;

struct PolicySpace {
  std::string side;
  std::string opponent;        // the scenario's other side
  std::string default_target;  // what the side is taken to want when no --target is given
  std::string target_words;    // that target in words, for the search's output
  std::vector<ChoiceKey> keys;
  // The number of policies (saturates at UINT64_MAX).
  uint64_t size() const noexcept;
  // The scenario's own policy.
  PolicyChoice file_policy() const;
  // "KEY=VALUE" for every key: what --set takes.
  std::vector<std::string> assignments(const PolicyChoice& choice) const;
  // Only the keys where the choice differs from `from` ("" when none): how a candidate is named.
  std::string difference(const PolicyChoice& choice, const PolicyChoice& from) const;
  // The policy with index `index` in the space's mixed-radix order (the first key varies slowest).
  PolicyChoice at(uint64_t index) const;
};

// Every choice of `side` in the scenario, with its default values. Throws std::invalid_argument
// naming --side when the scenario has no such side, or a kind without choices.
PolicySpace side_policy_space(const ScenarioDocument& doc, const std::string& side);

// `--space KEY=V1,V2,...` (commas inside [...] belong to a value) replaces a key's values, `--fix KEY`
// keeps a key at the scenario's value (it leaves the space). Each value is checked by reading the
// scenario with it. Throws std::invalid_argument naming the option: a key that is no choice of the
// side, a value the key refuses, an empty list, or a space with nothing left to choose.
void shape_space(PolicySpace& space, const ScenarioDocument& doc, const std::vector<std::string>& spaces,
                 const std::vector<std::string>& fixes);

// The lines that print a space before a search: its size, then each key with its values.
std::string describe_space(const PolicySpace& space);

}  // namespace volley
