#pragma once
// The grammar of the values that `volley`'s options and `volley serve`'s request keys both take: one
// reader for each, so that the command line and the server accept and refuse exactly the same texts.
// `what` names the value as its caller shows it ("--seed" on the command line, "seed" in a request);
// a text that does not parse is std::invalid_argument naming it.
#include <cstdint>
#include <string>

namespace volley {

// A master seed: a decimal number, or 0x and a hexadecimal one, that fits in 64 bits.
uint64_t parse_seed(const std::string& what, const std::string& text);

// A precision target, "[NAME=]E": stop when the estimate NAME (empty: the headline) has an interval
// half-width of at most E, a finite positive number.
struct PrecisionGoal {
  std::string metric;  // empty: the study's headline
  double half_width = 0;
  std::string half_width_text;  // E as written
};
PrecisionGoal parse_precision(const std::string& what, const std::string& text);

}  // namespace volley
