#pragma once
// `volley dice`'s table on the terminal and as CSV, from the laws the dice study computed and, with
// --simulate, the simulated P(= k) of each value beside the exact one (sim/study/dice_study.hpp).
#include "analysis/estimate.hpp"
#include "sim/output/law_table.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace volley {

struct DiceTable {
  std::string dice;            // the question as typed
  std::string question;        // what is counted, in words
  std::string value_name;      // "sum", "hits", "difference"
  std::vector<NamedLaw> laws;  // the value's law; with kills, "hits" then "killed"
  // Opposed pools: each side as typed, and P(A wins), P(tie), P(B wins) from the difference's law.
  bool opposed = false;
  std::string side_a, side_b;
  double a_wins = 0, tie = 0, b_wins = 0;
  // Exploding dice: the cap on extra rolls, and P(some die would explode beyond it).
  bool explodes = false;
  int explosion_cap = 0;
  double beyond_cap = 0;
  // --simulate: per law, per value from its lowest, the simulated P(= k) (Wilson interval) and its count.
  bool simulated = false;
  struct Value {
    Interval interval;
    uint64_t count = 0;
    bool inside = true;  // the exact P(= k) lies in the interval
  };
  std::vector<std::vector<Value>> values;
  std::vector<Interval> means;  // per law, the simulated mean
  uint64_t trials = 0, trials_planned = 0, seed = 0;
  double level = 0.95;
  bool per_die = false, partial = false;
  int outside = 0, compared = 0;  // values outside their interval, of those compared
};

// The table (`quiet`: the moments and the simulated means only). P(= k), P(>= k) and P(<= k) of
// the exact law in percent, as AnyDice shows them; opposed pools spelled out as who wins how often.
std::string dice_text(const DiceTable& table, bool quiet);
// One row per law and value: law,value,exact,at_least,at_most (and simulated,low,high,level).
std::string dice_csv(const DiceTable& table);

}  // namespace volley
