#include "analysis/setting_values.hpp"

#include "analysis/number_parsing.hpp"

#include <charconv>
#include <stdexcept>

namespace volley {

uint64_t parse_seed(const std::string& what, const std::string& text) {
  const bool hex = text.rfind("0x", 0) == 0;
  const char* begin = text.data() + (hex ? 2 : 0);
  const char* last = text.data() + text.size();
  uint64_t value = 0;
  const auto [end, ec] = std::from_chars(begin, last, value, hex ? 16 : 10);
  if (begin == last || ec != std::errc{} || end != last)
    throw std::invalid_argument(what + ": expected a number (decimal or 0x hex), got '" + text + "'");
  return value;
}

PrecisionGoal parse_precision(const std::string& what, const std::string& text) {
  PrecisionGoal goal;
  const auto eq = text.find('=');
  goal.half_width_text = text;
  if (eq != std::string::npos) {
    goal.metric = text.substr(0, eq);
    goal.half_width_text = text.substr(eq + 1);
  }
  if (eq == 0 || !read_finite_number(goal.half_width_text, goal.half_width) || !(goal.half_width > 0))
    throw std::invalid_argument(what + ": expected [NAME=]E with E a finite positive number, got '" + text + "'");
  return goal;
}

}  // namespace volley
