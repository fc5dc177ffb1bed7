#pragma once
// The settings a refinement stage of `volley balance` adds for its continuous keys (docs/methods.md,
// "Balancing a scenario"): after stage s - 1 the settings played so far form cells of side
// h = 2^(refinements - s + 1) lattice positions on every continuous key (the listed keys fixed). A cell
// whose corners were all played and that the caller finds promising (its corners' intervals reach every
// goal between them) is split in two along each continuous key: stage s plays the points of side h / 2
// inside it not yet played. Every point lies on the lattice fixed before any trial (BalanceGrid).
#include "sim/study/balance_grid.hpp"

#include <functional>
#include <map>
#include <vector>

namespace volley {

// `played`: every setting played so far, with its candidate index. `promising`: the corners' candidate
// indices of a cell (2^d of them, d continuous keys). Returns the new points in lattice order.
std::vector<LatticePoint> refinement_points(const BalanceGrid& grid, int stage, const std::map<LatticePoint, size_t>& played,
                                            const std::function<bool(const std::vector<size_t>& corners)>& promising);

}  // namespace volley
