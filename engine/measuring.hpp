#pragma once
// docs/rules.md F-4 "Measuring" [assumed]: a player cannot tell apart distances that differ by less than
// `tie_distance` (default 0.25"). Every choice of the nearest or the farthest (F-4 targets, F-6
// movement and charges, SF-H's farthest, PF-PR's and B-3's nearest enemy) takes the candidates within
// tie_distance of the best and picks the lowest index among them. Without it, candidates at the same
// distance in exact arithmetic (units that stopped at the edge of reach) are told apart by the
// residues of rounding positions to the fixed point, and an answer would rest on that rounding.
//
// Distances are compared as squares, exactly: "within tie of the best" becomes one integer bound on
// the candidates' squared distances, computed once per choice, so the search itself is a second pass
// of integer comparisons.
#include <cstdint>

namespace volley {

__extension__ typedef unsigned __int128 UInt128;  // a GCC and Clang extension: -Wpedantic is told so

// floor(sqrt(v)) for 0 <= v < 2^124 (products of squared distances and squared tie distances
// overflow int64 on large tables): a double's root as the first guess, then exact corrections.
inline int64_t integer_sqrt_wide(UInt128 v) noexcept {
  auto r = static_cast<int64_t>(__builtin_sqrt(static_cast<double>(v)));
  while (r > 0 && static_cast<UInt128>(r) * static_cast<UInt128>(r) > v) --r;
  while (static_cast<UInt128>(r + 1) * static_cast<UInt128>(r + 1) <= v) ++r;
  return r;
}

// 2 * tie * sqrt(best2), rounded down: the cross term of (sqrt(best2) +- tie)^2. One double root
// when 4 tie^2 best2 is below 2^52 (every distance within a weapon's reach on the product's grid).
inline int64_t tie_cross_term(int64_t best2, int64_t tie) noexcept {
  const UInt128 v = static_cast<UInt128>(4 * tie * tie) * static_cast<UInt128>(best2);
  // Below 2^52 the truncated double root is exact (engine/geometry.hpp, integer_sqrt).
  if (v < (UInt128{1} << 52)) return static_cast<int64_t>(__builtin_sqrt(static_cast<double>(static_cast<int64_t>(v))));
  return integer_sqrt_wide(v);
}

// The largest squared distance d2 with sqrt(d2) <= sqrt(best2) + tie: the candidates of a choice of
// the nearest (best2 its squared distance) are those at or below it. Exact: d2 - best2 - tie^2 is an
// integer, so it is at most 2 tie sqrt(best2) iff it is at most that rounded down.
inline int64_t nearest_tie_bound(int64_t best2, int64_t tie) noexcept { return best2 + tie * tie + tie_cross_term(best2, tie); }

// The smallest squared distance d2 with sqrt(d2) >= sqrt(best2) - tie (0 when the best is within
// tie of 0): the candidates of a choice of the farthest are those at or above it.
inline int64_t farthest_tie_bound(int64_t best2, int64_t tie) noexcept {
  if (best2 <= tie * tie) return 0;
  return best2 + tie * tie - tie_cross_term(best2, tie);
}

// The choice of the nearest among candidates 0 .. n-1: `distance2(k)` is k's squared distance, or
// a negative number when k is no candidate. Returns the lowest candidate index within tie of the
// nearest, or -1 when there is no candidate. The first pass finds the nearest (its lowest index)
// and the nearest of the candidates before it (the best it replaced last): only those can take its
// place, so the second pass is needed only when that one is within tie of the nearest (rare: the
// branch is predicted). The passes are written without branches on the data (which candidate is
// nearest is a coin toss for the branch predictor).
template <class Distance2>
[[gnu::always_inline]] inline int nearest_within_tie(int n, int64_t tie, Distance2 distance2) {
  int64_t best = INT64_MAX, before = INT64_MAX;
  int nearest = -1;
  for (int k = 0; k < n; ++k) {
    const int64_t d = distance2(k);
    const bool take = (d >= 0) & (d < best);
    before = take ? best : before;
    best = take ? d : best;
    nearest = take ? k : nearest;
  }
  if (nearest <= 0) return nearest;
  const int64_t bound = nearest_tie_bound(best, tie);
  if (before > bound) return nearest;
  int chosen = nearest;
  for (int k = nearest - 1; k >= 0; --k) {
    const int64_t d = distance2(k);
    chosen = (d >= 0) & (d <= bound) ? k : chosen;
  }
  return chosen;
}

}  // namespace volley
