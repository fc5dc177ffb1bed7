#pragma once
// The fire phase (F-2 step 2): the F-3 card loop, normal fire (F-4), schnellfeuer on the fast-fire
// side's first card (SF-A..SF-H), and the forced-prone tests after each card (F-8a).
#include "engine/firefight/cards.hpp"
#include "engine/firefight/fire.hpp"
#include "engine/firefight/morale.hpp"
#include "engine/firefight/schnellfeuer.hpp"

namespace volley::firefight {

// F-3: a card of `side` activates the unit of that side that has not fired this phase and has a
// target, with the most figures, ties to the lowest index; -1: the card is void.
template <class Ctx>
int pick_unit(Ctx& c, int side) {
  const UnitState* units = c.st.units.data();
  const int* counts = c.st.candidate_count.data();
  const int turn = c.turn();
  int best = -1, best_figures = 0;
  for (int g = c.first(side), last = c.last(side); g < last; ++g) {
    const UnitState& u = units[g];
    if (u.fired || u.figures <= best_figures || counts[g] == 0 || !may_fire(u, turn)) continue;
    if (target_now(c, g) < 0) continue;
    best = g;
    best_figures = u.figures;
  }
  return best;
}

// F-8a: after a card of the fast-fire side, each target of its burst(s) tests to go prone, if its
// side plays the prone rule, in the order they were first fired at, on the stream of the card's
// last volley. Clears the card's burst record either way.
template <class Ctx>
void after_card(Ctx& c, int firing_side) {
  auto& st = c.st;
  const bool test = c.sc.sides[firing_side].fast_fire && c.sc.sides[1 - firing_side].prone_rule;
  for (int i = 0; i < st.burst_target_count; ++i) {
    const int target = st.burst_targets[i];
    if (test) prone_test(c, target, st.burst_casualties[target]);
    st.burst_casualties[target] = -1;
  }
  st.burst_target_count = 0;
}

template <class Ctx>
void fire_phase(Ctx& c) {
  auto& st = c.st;
  const int t = c.turn();
  // Step 1: every unit's possible targets, once (F-4).
  build_candidates(c);
  // Step 2: the deck, one card per unit that may fire (F-3).
  // Units that may still be activated (they may fire and have a possible target this phase); once
  // none are left the rest of the deck is void.
  Deck deck;
  int pending[2] = {0, 0};
  const int n = c.sc.total_units(), split = c.sc.unit_offset[1];
  for (int g = 0; g < n; ++g) {
    UnitState& u = st.units[g];
    u.fired = false;
    if (!may_fire(u, t)) continue;
    const int side = g >= split ? 1 : 0;
    ++deck.left[side];
    pending[side] += st.candidate_count[g] > 0;
  }
  bool first_card[2] = {true, true};
  if constexpr (Ctx::Narrator::enabled)
    c.narr.say(text(" fire phase: deck of ", deck.left[0], " ", c.sc.sides[0].name, " and ", deck.left[1], " ",
                    c.sc.sides[1].name, " cards"));
  // Step 3: shuffle, then turn the cards over one by one (a deck in which no card can activate a
  // unit is all void: it is not shuffled).
  if (pending[0] + pending[1] == 0) return;
  c.dice.restart(Purpose::Cards, static_cast<uint32_t>(t), 0);
  const int cards = deck.shuffle(c.dice, st.deck_order.data());
  for (int k = 0; k < cards && pending[0] + pending[1] > 0; ++k) {
    const int side = st.deck_order[k];
    if constexpr (Ctx::Narrator::enabled) c.narr.say(text(" card: ", c.sc.sides[side].name));
    // SF-A: the fast-fire side may declare at its first firing card of the phase.
    if (first_card[side]) {
      first_card[side] = false;
      if (c.sc.sides[side].fast_fire && wants_schnellfeuer(c, side)) {
        schnellfeuer(c, side);
        pending[side] = 0;
        for (int g = c.first(side), last = c.last(side); g < last; ++g)
          pending[side] += may_fire(st.units[g], t) && !st.units[g].fired && st.candidate_count[g] > 0;
        after_card(c, side);
        continue;
      }
    }
    const int g = pick_unit(c, side);
    if (g < 0) {
      if constexpr (Ctx::Narrator::enabled) c.narr.say("  void: no unit of that side can fire");
      continue;
    }
    fire_at(c, g, target_now(c, g), false);
    --pending[side];
    after_card(c, side);
  }
}

}  // namespace volley::firefight
