#pragma once
// The luck of a dice pool drawn from one 32-bit word by inverse CDF (binomial_table.hpp), as an
// integer of exact mean zero under the law the kernel samples (docs/methods.md, "Luck-adjusted
// estimates"). The pool shows fewer than m successes exactly when its word u lies below the row's
// threshold a = thresholds[m - 1], so P(fewer than m) = a / 2^32, a rational whose numerator does not
// fit the integers a control may hold once it is scaled. Instead the expectation is estimated
// without bias from the word itself: the PoolLuckScale points u mod s + i s (i = 0 .. scale - 1, s =
// 2^32 / scale) are each uniform when u is, so the count of them below a has mean exactly scale x
// a / 2^32, and
//
//   step_luck(u, a) = (points below a) - scale x [u < a]
//
// has mean zero exactly, whatever a is, and differs from scale x ([u >= a] - P(u >= a)) by less
// than one: the luck of "at least m successes", scaled by PoolLuckScale, plus a rounding whose mean
// is zero too.
#include <cstdint>

namespace volley::firefight {

inline constexpr int PoolLuckShift = 10;
inline constexpr int64_t PoolLuckScale = int64_t{1} << PoolLuckShift;
inline constexpr int PoolLuckSpacingShift = 32 - PoolLuckShift;

inline constexpr uint32_t PoolLuckOffsetMask = (uint32_t{1} << PoolLuckSpacingShift) - 1;

// The points offset + i 2^(32 - PoolLuckShift), i < PoolLuckScale, below a, for offset <
// 2^(32 - PoolLuckShift): with a = q 2^(32 - PoolLuckShift) + r (r below the spacing), the points i < q
// lie below a, those i > q above, and the point i = q below it when offset < r.
inline constexpr int64_t lattice_points_below(uint32_t offset, uint32_t a) noexcept {
  return int64_t{a >> PoolLuckSpacingShift} + (offset < (a & PoolLuckOffsetMask));
}

inline constexpr int64_t pool_step_luck(uint32_t u, uint32_t a) noexcept {
  return lattice_points_below(u & PoolLuckOffsetMask, a) - (u < a ? PoolLuckScale : 0);
}

}  // namespace volley::firefight
