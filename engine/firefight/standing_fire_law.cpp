#include "engine/firefight/standing_fire_law.hpp"

#include <algorithm>
#include <vector>

namespace volley::firefight {

int volleys_in(int turns, bool schnellfeuer) { return schnellfeuer ? (turns + 1) / 2 : turns; }

StandingFireLaw standing_fire_law(const VolleyLaw& volley, int target_figures, int turns, bool schnellfeuer, double kill_chance) {
  StandingFireLaw law;
  law.turns = turns;
  law.volleys = volleys_in(turns, schnellfeuer);
  if (target_figures <= 0) {
    // No limit: every hit is a casualty, and the volleys' hits simply add up.
    law.casualties = point_law(0);
    for (int v = 0; v < law.volleys; ++v) law.casualties = convolve(law.casualties, volley.hits);
    law.figures_left = point_law(0);
  } else {
    // left[j] = P(j figures left); a volley moves j to j - min(hits, j).
    std::vector<double> left(static_cast<size_t>(target_figures) + 1, 0.0);
    left.back() = 1.0;
    for (int turn = 1; turn <= turns; ++turn) {
      if (schnellfeuer && turn % 2 == 0) continue;  // SF-E: the reload turn, no fire
      std::vector<double> next(left.size(), 0.0);
      for (int j = 0; j <= target_figures; ++j) {
        const double p = left[static_cast<size_t>(j)];
        if (p == 0) continue;
        for (int c = 0; c < j; ++c) next[static_cast<size_t>(j - c)] += p * volley.hits.at(c);
        next[0] += p * volley.hits.at_least(j);  // j or more hits: the target is gone
      }
      left = std::move(next);
    }
    law.figures_left = IntegerLaw{0, left};
    std::vector<double> lost(left.rbegin(), left.rend());  // casualties = target_figures - left
    law.casualties = IntegerLaw{0, lost};
  }
  law.killed = thinned(law.casualties, kill_chance);
  return law;
}

}  // namespace volley::firefight
