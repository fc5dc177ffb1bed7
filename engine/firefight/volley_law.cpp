#include "engine/firefight/volley_law.hpp"

#include "engine/exact_dice.hpp"

#include <algorithm>

namespace volley::firefight {

VolleyLaw volley_law(const Ruleset& rules, const VolleyQuestion& q) {
  VolleyLaw v;
  const Weapon& w = rules.weapons[static_cast<size_t>(q.weapon)];
  // Step 1: dice and band (F-4, SF-B, F-8a), as fire_at: each -1 lowers the band by one face, clamped
  // to the die; natural_one_hits makes a 1 hit whatever the band.
  v.dice = q.figures * w.dice_per_figure * (q.schnellfeuer ? rules.sf_dice_multiplier : 1);
  v.band = w.bands[static_cast<size_t>(q.target_class - 1)] + (q.schnellfeuer ? rules.sf_fire_modifier : 0) +
           (q.firer_prone ? rules.prone_fire_modifier : 0);
  v.band = std::clamp(v.band, 0, rules.fire_die);
  if (rules.natural_one_hits && v.band < 1) v.band = 1;
  // Step 2: hits, Binomial(dice, band / fire_die).
  v.hits = count_law(v.dice, v.band, rules.fire_die);
  // Step 3: casualties, hits beyond the target's figures lost; each killed with kill_chance.
  v.casualties = q.target_figures > 0 ? capped(v.hits, q.target_figures) : v.hits;
  v.killed = thinned(v.casualties, static_cast<double>(rules.kill_chance.num) / rules.kill_chance.den);
  // Step 4: F-8a: d6 + the burst's casualties >= prone_threshold and the target goes prone.
  if (q.prone_test)
    for (int64_t c = v.casualties.lowest; c <= v.casualties.highest(); ++c) {
      const int64_t need = rules.prone_threshold - c;  // the d6 must show at least this
      const double die = need <= 1 ? 1.0 : need > 6 ? 0.0 : static_cast<double>(7 - need) / 6.0;
      v.prone += v.casualties.at(c) * die;
    }
  return v;
}

}  // namespace volley::firefight
