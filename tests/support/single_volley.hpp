#pragma once
// The test scenario whose answer is known exactly (tests/data/single-volley.toml): one Herero
// unit fires one volley that nothing can answer, so its hits are Binomial(figures, 6/20).
#include "engine/exact_dice.hpp"

#include <string>

namespace volley::testing {

inline const std::string SingleVolley = std::string(VOLLEY_SOURCE_DIR) + "/tests/data/single-volley.toml";

// P(at least k hits) of n figures with the herero rifle at target class 1 on tsatf20: 6 faces of 20.
inline double single_volley_at_least(int n, int k) {
  const auto pmf = volley::pool_distribution(n, 6, 20);
  double p = 0;
  for (int i = k; i <= n; ++i) p += pmf[static_cast<size_t>(i)];
  return p;
}

}  // namespace volley::testing
