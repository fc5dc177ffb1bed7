#include "sim/study/balance_refinement.hpp"

#include <set>

namespace volley {

std::vector<LatticePoint> refinement_points(const BalanceGrid& grid, int stage, const std::map<LatticePoint, size_t>& played,
                                            const std::function<bool(const std::vector<size_t>& corners)>& promising) {
  std::vector<size_t> axes;  // the continuous keys
  for (size_t k = 0; k < grid.keys.size(); ++k)
    if (grid.keys[k].continuous) axes.push_back(k);
  if (axes.empty() || stage < 1 || stage > grid.refinements) return {};
  const uint64_t side = uint64_t{1} << (grid.refinements - stage + 1), half = side / 2, last = grid.lattice_steps();
  // Offsets 0 or 1 (corners), 0, 1 or 2 (the split cell's points) along each continuous key.
  const auto offsets = [&](size_t base) {
    std::vector<std::vector<uint64_t>> all{{}};
    for (size_t a = 0; a < axes.size(); ++a) {
      std::vector<std::vector<uint64_t>> next;
      for (const auto& o : all)
        for (uint64_t v = 0; v < base; ++v) {
          next.push_back(o);
          next.back().push_back(v);
        }
      all = std::move(next);
    }
    return all;
  };
  const auto corner_offsets = offsets(2), split_offsets = offsets(3);
  std::set<LatticePoint> added;
  for (const auto& entry : played) {
    const LatticePoint& origin = entry.first;
    bool cell = true;  // `origin` is a cell's lowest corner
    for (const size_t k : axes) cell = cell && origin[k] % side == 0 && origin[k] + side <= last;
    if (!cell) continue;
    std::vector<size_t> corners;
    for (const auto& o : corner_offsets) {
      LatticePoint p = origin;
      for (size_t a = 0; a < axes.size(); ++a) p[axes[a]] += o[a] * side;
      const auto found = played.find(p);
      if (found == played.end()) break;
      corners.push_back(found->second);
    }
    if (corners.size() != corner_offsets.size() || !promising(corners)) continue;
    for (const auto& o : split_offsets) {
      LatticePoint p = origin;
      for (size_t a = 0; a < axes.size(); ++a) p[axes[a]] += o[a] * half;
      if (!played.count(p)) added.insert(p);
    }
  }
  return {added.begin(), added.end()};
}

}  // namespace volley
