// F-4 "Measuring": the choice of the nearest within tie_distance (engine/measuring.hpp) against the
// rule read directly: the lowest index whose distance is at most the nearest's plus tie, decided
// here by squaring (d <= (sqrt(b) + t)^2, i.e. x = d - b - t^2 <= 0 or x^2 <= 4 t^2 b) rather than by
// the kernel's rounded root, over random sets rich in near ties and in candidates before the nearest.
#include "engine/measuring.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <vector>

using namespace volley;

namespace {
bool within_tie(int64_t d, int64_t best, int64_t tie) {
  const int64_t x = d - best - tie * tie;
  if (x <= 0) return true;
  return static_cast<UInt128>(x) * static_cast<UInt128>(x) <= static_cast<UInt128>(4 * tie * tie) * static_cast<UInt128>(best);
}

int lowest_within_tie(const std::vector<int64_t>& d2, int64_t tie) {
  int64_t best = -1;
  for (int64_t d : d2)
    if (d >= 0 && (best < 0 || d < best)) best = d;
  if (best < 0) return -1;
  for (size_t k = 0; k < d2.size(); ++k)
    if (d2[k] >= 0 && within_tie(d2[k], best, tie)) return static_cast<int>(k);
  return -1;
}
}  // namespace

TEST_CASE("F-4 Measuring: the nearest within tie is the lowest index within tie of the nearest, the second pass skipped or not",
          "[engine][F-4][measuring]") {
  std::mt19937_64 gen(41);
  int checked = 0, tie_before_nearest = 0;
  for (int round = 0; round < 200000; ++round) {
    const int n = 1 + static_cast<int>(gen() % 9);
    const int64_t tie = static_cast<int64_t>(gen() % 40);
    // Distances around a common value, as units that stopped at the edge of reach: within a few
    // tie distances of each other, so that the tie window holds some and misses others.
    const int64_t centre = 1 + static_cast<int64_t>(gen() % 5000);
    std::vector<int64_t> d2(static_cast<size_t>(n));
    for (auto& d : d2) {
      const int64_t r = centre + static_cast<int64_t>(gen() % static_cast<uint64_t>(4 * tie + 3)) - 2 * tie;
      d = gen() % 5 == 0 ? -1 : r < 0 ? 0 : r * r + static_cast<int64_t>(gen() % 3);
    }
    const int expected = lowest_within_tie(d2, tie);
    const int got = nearest_within_tie(n, tie, [&](int k) { return d2[static_cast<size_t>(k)]; });
    INFO("round " << round << ", tie " << tie);
    REQUIRE(got == expected);
    ++checked;
    int nearest = -1;
    for (int k = 0; k < n; ++k)
      if (d2[static_cast<size_t>(k)] >= 0 && (nearest < 0 || d2[static_cast<size_t>(k)] < d2[static_cast<size_t>(nearest)])) nearest = k;
    tie_before_nearest += expected >= 0 && expected < nearest;
  }
  CHECK(checked == 200000);
  // The sets reach both branches: a candidate before the nearest takes its place in many of them.
  CHECK(tie_before_nearest > 10000);
  CHECK(tie_before_nearest < checked - 10000);
}
