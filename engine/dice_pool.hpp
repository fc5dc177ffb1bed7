#pragma once
// A dice pool as a designer writes it: "10d20, hit on <= 6, at -1" or "4d6 at 4+".
#include <string>
#include <string_view>

namespace volley {

struct PoolSpec {
  int dice = 1;
  int faces = 6;
  bool at_most = true;  // true: a die hits on <= target (TSATF); false: on >= target (Combat HQ)
  int target = 1;
  int modifier = 0;  // faces added to the hit band; negative is a penalty (SF-B's -1)

  // How many faces of one die hit, after the modifier, clamped to [0, faces] (F-4).
  int success_faces() const noexcept;
  // Does this face hit?
  bool hits(int face) const noexcept;
  std::string describe() const;
};

// Parse "10d20" and "<=6" / ">=4" / "4+" into a pool; throws std::invalid_argument with the reason.
PoolSpec parse_pool(std::string_view dice, std::string_view hit, int modifier);

}  // namespace volley
