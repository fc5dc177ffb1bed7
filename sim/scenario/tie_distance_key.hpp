#pragma once
// `ruleset.tie_distance` (docs/rules.md F-4 "Measuring"), read alike by both kinds of scenario. Distances
// that differ by less than it are a tie, so that no choice of the nearest or the farthest rests on how
// a position was rounded to the grid. A positive value below one grid unit would round to 0 and bring
// that rounding back unannounced: it is refused, naming the smallest the grid represents. 0 stays
// allowed, and means what it says: only distances equal on the grid tie (the rounding then decides,
// which `scripts/grid-independence --set ruleset.tie_distance=0` shows).
#include "engine/key_declaration.hpp"
#include "sim/scenario/scenario_document.hpp"

#include <cstdio>
#include <string>

namespace volley {

inline Coord read_tie_distance(TableReader& ruleset, const KeyDeclaration& key) {
  const Coord fallback = key.coord();
  const double given = ruleset.number(key.name(), key.fallback, key.lo, key.hi);
  if (given > 0 && given * CoordPerInch < 1) {
    char got[32];
    std::snprintf(got, sizeof got, "%g", given);
    ruleset.error(key.name(), "expected 0 (only equal distances tie) or at least " + inches(1) +
                                  " (one unit of the grid, the smallest it can tell from 0), got " + got);
    return fallback;
  }
  return to_coord(given);
}

}  // namespace volley
