// The settings a refinement of `volley balance` adds (sim/study/balance_refinement.hpp; docs/methods.md,
// "Balancing a scenario": continuous keys): on a grid of one listed key (2 values) and two continuous
// keys, counted by hand on the lattice of 4 × 2^2 + 1 = 17 positions a key.
#include "sim/study/balance_refinement.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

using namespace volley;

namespace {

BalanceGrid two_continuous_keys() {
  BalanceGrid grid;
  grid.refinements = 2;
  FreeKey listed{"herero.policy", "string", "never", {"never", "always"}, {}};
  FreeKey a{"herero.break_fraction", "number", "0.5", {}, {}, true, 0.0, 1.0};
  FreeKey b{"german.break_fraction", "number", "0.5", {}, {}, true, 0.2, 0.6};
  grid.keys = {listed, a, b};
  for (size_t k = 1; k < 3; ++k)
    for (uint64_t i = 0; i < ContinuousCoarseValues; ++i) {
      grid.keys[k].numbers.push_back(grid.number(k, i << grid.refinements));
      grid.keys[k].values.push_back(std::to_string(grid.keys[k].numbers.back()));
    }
  return grid;
}

std::map<LatticePoint, size_t> coarse(const BalanceGrid& grid) {
  std::map<LatticePoint, size_t> played;
  for (uint64_t i = 0; i < grid.size(); ++i) played.emplace(grid.point(i), i);
  return played;
}

}  // namespace

TEST_CASE("balance's lattice: coarse values at multiples of 2^refinements, the same numbers at every level", "[sim][balance]") {
  const BalanceGrid grid = two_continuous_keys();
  CHECK(grid.size() == 2 * 5 * 5);
  CHECK(grid.lattice_steps() == 16);
  CHECK(grid.lattice_size() == 2 * 17 * 17);
  CHECK(grid.point(0) == LatticePoint{0, 0, 0});
  CHECK(grid.point(grid.size() - 1) == LatticePoint{1, 16, 16});
  CHECK(grid.number(2, 8) == Approx(0.4));
  CHECK(grid.number(2, 1) == Approx(0.2 + 0.4 / 16));
  CHECK(grid.assignments(LatticePoint{1, 4, 2}) ==
        std::vector<std::string>{"herero.policy=always", "herero.break_fraction=0.25", "german.break_fraction=0.25"});
}

TEST_CASE("a refinement splits a promising cell into the 5 new points of its halves (two continuous keys)", "[sim][balance]") {
  const BalanceGrid grid = two_continuous_keys();
  const auto played = coarse(grid);
  const size_t corner = played.at(LatticePoint{0, 4, 8});
  // Only the cell whose lowest corner is (never, 4, 8) is promising.
  const auto points = refinement_points(grid, 1, played, [&](const std::vector<size_t>& corners) {
    REQUIRE(corners.size() == 4);
    return corners.front() == corner;
  });
  CHECK(points == std::vector<LatticePoint>{{0, 4, 10}, {0, 6, 8}, {0, 6, 10}, {0, 6, 12}, {0, 8, 10}});
}

TEST_CASE("a refinement of every cell fills the next level; a cell with a corner unplayed is not split", "[sim][balance]") {
  const BalanceGrid grid = two_continuous_keys();
  auto played = coarse(grid);
  const auto all = [](const std::vector<size_t>&) { return true; };
  const auto first = refinement_points(grid, 1, played, all);
  CHECK(first.size() == 2 * (9 * 9 - 5 * 5));
  // Stage 2 after stage 1 played only one cell's 5 points: the 4 cells of side 2 inside it split.
  for (const auto& p : refinement_points(grid, 1, played, [&](const std::vector<size_t>& c) { return c.front() == played.at({0, 4, 8}); }))
    played.emplace(p, played.size());
  const auto second = refinement_points(grid, 2, played, all);
  CHECK(second.size() == 5 * 5 - 3 * 3);
  CHECK(std::all_of(second.begin(), second.end(),
                    [](const LatticePoint& p) { return p[0] == 0 && p[1] >= 4 && p[1] <= 8 && p[2] >= 8 && p[2] <= 12; }));
  CHECK(refinement_points(grid, 3, played, all).empty());  // past the refinements planned
}
