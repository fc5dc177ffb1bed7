#pragma once
// RULES.md F-4 "Measuring" [assumed]: a player cannot tell apart distances that differ by less than
// `tie_distance` (default 0.25"). Every choice of the nearest or the farthest (F-4 targets, F-6
// movement and charges, SF-H's farthest, PF-PR's and B-3's nearest enemy) takes the candidates within
// tie_distance of the best and picks the lowest index among them. Without it, candidates at the same
// distance in exact arithmetic (units that stopped at the edge of reach) are told apart by the
// residues of rounding positions to the fixed point, and an answer would rest on that rounding
// (issue 18).
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

// 2 * tie * sqrt(best2), rounded down: the cross term of (sqrt(best2) +- tie)^2.
inline int64_t tie_cross_term(int64_t best2, int64_t tie) noexcept {
  return integer_sqrt_wide(static_cast<UInt128>(4) * static_cast<UInt128>(tie * tie) *
                           static_cast<UInt128>(best2));
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

// The choice of the nearest among candidates 0 .. n-1: `eligible(k)` says whether k is one and
// `d2(k)` is its squared distance. Returns the lowest eligible index within tie of the nearest, or
// -1 when none is eligible. Both passes are written without branches on the data (which candidate
// is nearest is a coin toss for the branch predictor).
template <class Eligible, class Distance2>
[[gnu::always_inline]] inline int nearest_within_tie(int n, int64_t tie, Eligible eligible, Distance2 d2) {
  int64_t best = INT64_MAX;
  for (int k = 0; k < n; ++k) {
    const int64_t d = d2(k);
    best = eligible(k) & (d < best) ? d : best;
  }
  if (best == INT64_MAX) return -1;
  const int64_t bound = nearest_tie_bound(best, tie);
  int chosen = n;
  for (int k = n - 1; k >= 0; --k) chosen = eligible(k) & (d2(k) <= bound) ? k : chosen;
  return chosen;
}

}  // namespace volley
