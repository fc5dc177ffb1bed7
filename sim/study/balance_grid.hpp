#pragma once
// The settings `volley balance` searches: each free key's values (--free KEY=lo:hi for an integer key,
// KEY=lo:hi:step for a number, KEY=a,b,c for any key, a choice's words among them), every combination a
// candidate, and how far each candidate moves the scenario from its own values. A number key given
// KEY=lo:hi (no step) is continuous: its coarse values are ContinuousCoarseValues points spread evenly
// from lo to hi, and the refinement stages (sim/study/balance_refinement.hpp) halve their spacing on a
// lattice fixed in advance, so that every setting the search can ever play is known before any trial.
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
  bool continuous = false;          // a number key given lo:hi: values are its coarse values
  double lo = 0, hi = 0;            // a continuous key's range
};

// The coarse values of a continuous key: lo, hi and the points between that split it in four.
inline constexpr size_t ContinuousCoarseValues = 5;

// A setting on the search's lattice: each listed key's value index, each continuous key's position on its
// finest lattice (0 .. lattice_steps(), the coarse values at multiples of 2^refinements).
using LatticePoint = std::vector<uint64_t>;

// How far a candidate moves the scenario: the keys it sets to another value than the scenario's, then
// the sum over those keys of |v - v0| / |v0| (|v - v0| where v0 is 0; 1 for a choice).
struct SettingChange {
  size_t keys = 0;
  double relative = 0;
};

struct BalanceGrid {
  std::vector<FreeKey> keys;
  int refinements = 0;  // the bisection stages of the continuous keys (0 without one)

  // The coarse grid: every combination of the keys' values.
  uint64_t size() const;
  // Candidate i's value index of each key (the last key varies fastest).
  std::vector<size_t> at(uint64_t i) const;
  // Its --set assignments and its label ("german.units.Z1.figures=12 german.units.Z2.figures=9").
  std::vector<std::string> assignments(uint64_t i) const;
  std::string label(uint64_t i) const;
  SettingChange change(uint64_t i) const;

  bool continuous() const;
  // A continuous key's finest lattice: positions 0 .. lattice_steps().
  uint64_t lattice_steps() const;
  // Every setting the search can play: the coarse grid's, and each refinement's lattice.
  uint64_t lattice_size() const;
  // Coarse candidate i on the lattice.
  LatticePoint point(uint64_t i) const;
  // Key k's value at a lattice position (a continuous key's number; a listed key's value index).
  double number(size_t k, uint64_t position) const;
  std::vector<std::string> assignments(const LatticePoint& p) const;
  SettingChange change(const LatticePoint& p) const;
};

// The most candidates a grid may hold: each plays at least one look of trials.
inline constexpr uint64_t MaxBalanceCandidates = 4096;

// Reads each --free text against the scenario's keys (describe_keys). Throws std::invalid_argument
// naming the --free text: a key that is not an integer, number, choice or boolean of the scenario
// (with the nearest names), a key given twice, an empty range or list, a number range without a step
// where the key takes integers only, a value outside the key's accepted range or words, more than
// MaxBalanceCandidates combinations.
// A continuous key's range that is empty or inverted is refused the same way. `refinements`: the
// bisection stages of continuous keys (refused outside 0 .. MaxBalanceRefinements).
BalanceGrid balance_grid(const ScenarioDocument& doc, const std::vector<std::string>& free, int refinements = 0);

inline constexpr int MaxBalanceRefinements = 10;

}  // namespace volley
