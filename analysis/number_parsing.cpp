#include "analysis/number_parsing.hpp"

#include <charconv>
#include <cmath>
#include <stdexcept>

namespace volley {

bool read_finite_number(const std::string& text, double& value) {
  const char* begin = text.data();
  const char* end = text.data() + text.size();
  if (begin != end && *begin == '+') ++begin;
  if (begin == end || *begin == '+') return false;
  // from_chars reads the C locale's decimal numbers only ("1e3", "-0.5"), never a locale's comma.
  double v = 0;
  const auto [last, ec] = std::from_chars(begin, end, v, std::chars_format::general);
  if (ec != std::errc{} || last != end || !std::isfinite(v)) return false;
  value = v;
  return true;
}

double parse_finite_number(const std::string& what, const std::string& text) {
  double value = 0;
  if (!read_finite_number(text, value)) throw std::invalid_argument(what + ": expected a finite number, got '" + text + "'");
  return value;
}

}  // namespace volley
