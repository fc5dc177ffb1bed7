#pragma once
// The exact law of N turns of standing fire: one unit fires at one target turn after turn,
// the target's figures falling as they are hit (F-4: hits beyond the figures left are lost), the
// target standing (no F-8a prone) and not firing back. Normal fire fires every turn. Schnellfeuer
// fires a burst (SF-B: twice the dice at -1) and reloads the next turn (SF-E: no fire), and may
// declare again the turn after (SF-I): it fires in turns 1, 3, 5, ... So over its two-turn cycle it
// fires one burst where normal fire fires two volleys, and a per-volley comparison flatters it.
#include "engine/firefight/volley_law.hpp"
#include "engine/integer_law.hpp"

namespace volley::firefight {

struct StandingFireLaw {
  int turns = 0;
  int volleys = 0;          // volleys fired in the turns: every turn, or every other turn for schnellfeuer
  IntegerLaw figures_left;  // the target's figures after the turns (a point at 0 without a limit)
  IntegerLaw casualties;    // the target's figures out of action over the turns
  IntegerLaw killed;        // of them killed (kill_chance each, F-4); the rest wounded
};

// Volleys fired in `turns` turns: every turn, or for schnellfeuer a burst then a reload turn (SF-E).
int volleys_in(int turns, bool schnellfeuer);

// A Markov chain over the target's figures left (target_figures > 0; without a limit the volleys'
// hits add up): each turn the firer fires or reloads; a volley takes min(hits, figures left), with
// hits the law of one volley's dice at the target (`volley.hits`, whose band already has SF-B's -1).
StandingFireLaw standing_fire_law(const VolleyLaw& volley, int target_figures, int turns, bool schnellfeuer, double kill_chance);

}  // namespace volley::firefight
