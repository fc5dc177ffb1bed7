#include "analysis/never_observed.hpp"

#include "analysis/text_format.hpp"

#include <cmath>

namespace volley {

double never_observed_bound(uint64_t trials, double level) {
  if (trials == 0) return 1;
  // -expm1(log1p(-level) / n): exact where 1 - (1 - level)^(1/n) would lose digits for large n.
  return -std::expm1(std::log1p(-level) / static_cast<double>(trials));
}

std::string never_observed_text(uint64_t trials, double level, int digits) {
  return format_text("never observed (at most %.*f)", digits, never_observed_bound(trials, level));
}

}  // namespace volley
