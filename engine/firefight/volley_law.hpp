#pragma once
// The exact law of one volley (F-4), as `volley fire` prints it: one unit's fire at one target,
// normal or schnellfeuer (SF-B: twice the dice at -1), with the F-8a prone test that follows a burst
// of the fast-fire side. A single volley is binomial, so its law is exact; the tests hold the
// kernel's fire_at to it.
#include "engine/firefight/firefight_scenario.hpp"
#include "engine/integer_law.hpp"

namespace volley::firefight {

struct VolleyQuestion {
  int figures = 1;            // the firing unit's figures
  int weapon = 0;             // index into the ruleset's weapons
  int target_class = 1;       // 1..4 (F-1), cover and prone already applied
  int target_figures = 0;     // hits beyond these are lost (F-4); 0: no limit
  bool schnellfeuer = false;  // SF-B
  bool firer_prone = false;   // F-8a: a prone firer fires at -1
  bool prone_test = false;    // F-8a: the target's side has the prone rule and the firer's side fast fire
};

struct VolleyLaw {
  int dice = 0;           // dice rolled
  int band = 0;           // a die hits on <= band (after modifiers, clamping, natural_one_hits)
  IntegerLaw hits;        // dice that hit
  IntegerLaw casualties;  // figures out of action: min(hits, target figures)
  IntegerLaw killed;      // casualties killed (kill_chance each); the rest are wounded
  double prone = 0;       // P(the target goes prone after this burst), when prone_test
};

// Step by step as fire_at (fire.hpp) resolves a volley.
VolleyLaw volley_law(const Ruleset& rules, const VolleyQuestion& q);

}  // namespace volley::firefight
