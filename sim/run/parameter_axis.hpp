#pragma once
// A swept parameter from the command line: "KEY=lo:hi:step" (numbers), "KEY=lo:hi" (tune's range) or
// "KEY=a,b,c" (any values --set takes: numbers, policies such as min-targets:3 or turns:[1,3]). Each
// value becomes a --set. Several keys moved together: "K1,K2=4:20" sets every key to each value
// (both Zuege of a patrol at once).
#include <functional>
#include <string>
#include <vector>

namespace volley {

struct ParameterAxis {
  std::string key;                  // as written: "K1,K2" names every key moved
  std::vector<std::string> keys;    // each key
  std::vector<std::string> values;  // as --set values
  std::vector<double> numbers;      // the same values as numbers (empty when not all numeric)
  bool integer = false;             // every value a whole number
  double lo = 0, hi = 0;            // the range of "KEY=lo:hi"

  // "K1,K2=v": the label of a value (and, for one key, its --set).
  std::string assignment(size_t i) const { return key + "=" + values[i]; }
  std::string assignment_of(const std::string& value) const { return key + "=" + value; }
  // The --set of every key for a value.
  std::vector<std::string> assignments_of(const std::string& value) const {
    std::vector<std::string> sets;
    for (const auto& k : keys) sets.push_back(k + "=" + value);
    return sets;
  }
  std::vector<std::string> assignments(size_t i) const { return assignments_of(values[i]); }
};

// Throws std::invalid_argument naming the option and what was expected.
ParameterAxis parse_axis(const std::string& text, const std::string& option, bool range_only = false);

// A scenario name may hold a comma, so "a,b.fire_dice=2" can be one key as well as two: where the
// scenario takes the whole text as one key (accepts("a,b.fire_dice=2")), it is one.
void keep_whole_key_where_accepted(ParameterAxis& axis, const std::function<bool(const std::string& assignment)>& accepts);

// Splits a list of --set values at the commas outside brackets and quotes: "never,turns:[1,3]" is two
// values (a sweep's axis, a policy space's key).
std::vector<std::string> split_values(const std::string& text);

// A number as a --set value: whole numbers without a decimal point.
std::string format_value(double v, bool integer);

}  // namespace volley
