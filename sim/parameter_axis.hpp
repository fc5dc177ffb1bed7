#pragma once
// A swept parameter from the command line: "KEY=lo:hi:step" (numbers), "KEY=lo:hi" (tune's range) or
// "KEY=a,b,c" (any values: numbers, policies). Each value becomes a --set.
#include <string>
#include <vector>

namespace volley {

struct ParameterAxis {
  std::string key;
  std::vector<std::string> values;  // as --set values
  std::vector<double> numbers;      // the same values as numbers (empty when not all numeric)
  bool integer = false;             // every value a whole number
  double lo = 0, hi = 0;            // the range of "KEY=lo:hi"

  std::string assignment(size_t i) const { return key + "=" + values[i]; }
};

// Throws std::invalid_argument naming the option and what was expected.
ParameterAxis parse_axis(const std::string& text, const std::string& option, bool range_only = false);

// A number as a --set value: whole numbers without a decimal point.
std::string format_value(double v, bool integer);

}  // namespace volley
