#pragma once
// The settings `volley balance` searches: each free key's values (--free KEY=lo:hi for an integer key,
// KEY=lo:hi:step for a number, KEY=a,b,c for any key, a choice's words among them), every combination a
// candidate, and how far each candidate moves the scenario from its own values.
#include "sim/scenario/scenario_document.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace volley {

struct FreeKey {
  std::string key;
  std::string type;                 // the scenario's: integer, number, choice or boolean
  std::string file_value;           // the scenario's value (after --set), as --set writes it
  std::vector<std::string> values;  // as --set values
  std::vector<double> numbers;      // the same as numbers (integer and number keys)
};

// How far a candidate moves the scenario: the keys it sets to another value than the scenario's, then
// the sum over those keys of |v - v0| / |v0| (|v - v0| where v0 is 0; 1 for a choice).
struct SettingChange {
  size_t keys = 0;
  double relative = 0;
};

struct BalanceGrid {
  std::vector<FreeKey> keys;

  uint64_t size() const;
  // Candidate i's value index of each key (the last key varies fastest).
  std::vector<size_t> at(uint64_t i) const;
  // Its --set assignments and its label ("german.units.Z1.figures=12 german.units.Z2.figures=9").
  std::vector<std::string> assignments(uint64_t i) const;
  std::string label(uint64_t i) const;
  SettingChange change(uint64_t i) const;
};

// The most candidates a grid may hold: each plays at least one look of trials.
inline constexpr uint64_t MaxBalanceCandidates = 4096;

// Reads each --free text against the scenario's keys (describe_keys). Throws std::invalid_argument
// naming the --free text: a key that is not an integer, number, choice or boolean of the scenario
// (with the nearest names), a key given twice, an empty range or list, a number range without a step
// where the key takes integers only, a value outside the key's accepted range or words, more than
// MaxBalanceCandidates combinations.
BalanceGrid balance_grid(const ScenarioDocument& doc, const std::vector<std::string>& free);

}  // namespace volley
