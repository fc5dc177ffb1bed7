#pragma once
// F-4 targets: which enemy unit may be a unit's target, and the choice of the nearest one (with F-4
// "Measuring": ties within tie_distance go to the lowest index). Fire (fire.hpp) and movement
// (movement.hpp: a unit with a target does not advance, an advance stops where it would have one)
// ask these, and nothing else, so that the rule is written once.
#include "engine/firefight/trial_context.hpp"
#include "engine/measuring.hpp"

namespace volley::firefight {

// F-4, F-5: may enemy unit e be a target, reach and sight apart? Revealed, in action, and not in
// melee unless the ruleset allows fire into melee (melee_screens false: TrialContext::
// melee_screens_fire). Written without short cuts: callers test it in loops without branches.
inline bool targetable(const UnitState& e, bool melee_screens) noexcept { return !e.out() & !e.hidden & !(e.in_melee & melee_screens); }

// F-4: unit g's target from the cached geometry of the current positions (the pair row): of the
// targetable enemy units within reach and in sight, the nearest, ties within tie_distance to the
// lowest index; -1: none.
template <class Ctx>
int nearest_target(const Ctx& c, int g) {
  const int enemy = 1 - c.side_of(g);
  const int first = c.first(enemy);
  const UnitState* enemies = c.st.units.data() + first;
  const int64_t r2 = squared(c.reach(g));
  const auto row = c.row(g);
  const bool melee_screens = c.melee_screens_fire();
  const int k = nearest_within_tie(c.last(enemy) - first, c.sc.ruleset.tie_distance, [&](int i) {
    const int64_t d2 = row.d2[i * row.stride];
    return targetable(enemies[i], melee_screens) & (d2 <= r2) & (row.los[i * row.stride] != 0) ? d2 : int64_t{-1};
  });
  return k < 0 ? -1 : first + k;
}

}  // namespace volley::firefight
