#include "analysis/digit_grouping.hpp"

#include <cmath>

namespace volley {

std::string grouped(int64_t value) {
  const bool negative = value < 0;
  // Through uint64_t so that the most negative value has a magnitude too.
  uint64_t magnitude = negative ? uint64_t{0} - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
  std::string digits;
  int count = 0;
  do {
    if (count > 0 && count % 3 == 0) digits.insert(digits.begin(), ',');
    digits.insert(digits.begin(), static_cast<char>('0' + magnitude % 10));
    magnitude /= 10;
    ++count;
  } while (magnitude > 0);
  return negative ? "-" + digits : digits;
}

std::string grouped(double value) {
  if (!std::isfinite(value)) return value != value ? "-" : (value > 0 ? "inf" : "-inf");
  if (std::abs(value) >= 9.2e18) return std::to_string(value);
  return grouped(static_cast<int64_t>(std::llround(value)));
}

}  // namespace volley
