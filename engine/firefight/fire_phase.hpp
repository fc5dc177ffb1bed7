#pragma once
// The fire phase (F-2 step 2): the F-3 card loop, normal fire (F-4), schnellfeuer on the fast-fire
// side's first card (SF-A..SF-H), and the forced-prone tests after each card (F-8a).
#include "engine/firefight/cards.hpp"
#include "engine/firefight/fire.hpp"
#include "engine/firefight/morale.hpp"
#include "engine/firefight/schnellfeuer.hpp"

namespace volley::firefight {

// F-3: a card of `side` activates the unit of that side that has not fired this phase and has a
// target (returned in `target`), with the most figures, ties to the lowest index; -1: the card is
// void. `ready` lists, in index order, the side's units that may fire and had a possible target
// when the phase began; the units that fired or fell out of action since are dropped from it as it
// is read (neither comes back in this phase).
template <class Ctx>
int pick_unit(Ctx& c, int side, int* ready, int& count, int& target) {
  auto& st = c.st;
  const UnitState* units = st.units.data();
  // Every listed unit is of `side`: their remembered targets (target_now) are valid while the
  // enemy's epoch is the one read here, which no search below moves on.
  const uint64_t epoch = st.targets.epoch[1 - side];
  int best = -1, best_figures = 0, kept = 0;
  // Without branches on the data (which units fired, which has the most figures: coin tosses for
  // the predictor): every unit still listed gets its target and the best is kept with conditional
  // moves. A unit's target is asked for even where it cannot win; the answer is only remembered.
  for (int i = 0; i < count; ++i) {
    const int g = ready[i];
    const UnitState& u = units[g];
    const bool listed = !u.fired & !u.out();
    ready[kept] = g;
    kept += listed;
    const int t = listed ? target_now(c, g, epoch) : -1;
    const bool better = (t >= 0) & (u.figures > best_figures);
    best = better ? g : best;
    best_figures = better ? u.figures : best_figures;
    target = better ? t : target;
  }
  count = kept;
  return best;
}

// F-8a: after a schnellfeuer card, each target of its bursts tests to go prone, if its side plays
// the prone rule (`test`), in the order they were first fired at, on the stream of the card's last
// volley. Clears the card's burst record either way. (A card of one volley has one burst: its
// target tests at once, fire_phase.)
template <class Ctx>
[[gnu::always_inline]] inline void after_card(Ctx& c, bool test) {
  auto& st = c.st;
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
  // Step 2: the deck, one card per unit that may fire (F-3), and the units that may be activated
  // (they may fire and have a possible target this phase); once none are left the rest of the
  // deck is void.
  //
  // F-3 [assumed], side policy hidden_fire = hold: a card does not activate a hidden unit, which
  // holds fire to stay hidden. It keeps its card in the deck (the deck does not depend on choices)
  // but is left off `ready`: nothing but its own fire reveals a unit in the fire phase, and
  // schnellfeuer, which still makes it fire (SF-B), also spends it. While its side may still
  // declare schnellfeuer at its first card, such a unit counts as pending, so that the deck is
  // turned up to that card.
  Deck deck;
  int pending[2] = {0, 0};
  const int n = c.sc.total_units(), split = c.sc.unit_offset[1];
  int* ready[2] = {st.ready.data(), st.ready.data() + split};
  int ready_count[2] = {0, 0};
  const bool holds_hidden[2] = {c.sc.sides[0].hidden_fire == HiddenFire::Hold, c.sc.sides[1].hidden_fire == HiddenFire::Hold};
  int held[2] = {0, 0};
  for (int g = 0; g < n; ++g) {
    UnitState& u = st.units[g];
    u.fired = false;
    if (!may_fire(u, t)) continue;
    const int side = g >= split ? 1 : 0;
    ++deck.left[side];
    if (st.candidate_count[g] > 0) {
      if (holds_hidden[side] && u.hidden) {
        ++held[side];
        continue;
      }
      ready[side][ready_count[side]++] = g;
      ++pending[side];
    }
  }
  for (int side = 0; side < SideCount; ++side) {
    const Side& s = c.sc.sides[side];
    if (!(s.fast_fire && s.policy.when != WhenPolicy::Never)) held[side] = 0;  // it never declares
    pending[side] += held[side];
  }
  bool first_card[2] = {true, true};
  // F-8a: which sides' cards are followed by prone tests.
  const bool prone_after[2] = {c.sc.sides[0].fast_fire && c.sc.sides[1].prone_rule, c.sc.sides[1].fast_fire && c.sc.sides[0].prone_rule};
  if constexpr (Ctx::Narrator::enabled)
    c.narr.say(
        text(" fire phase: deck of ", deck.left[0], " ", c.sc.sides[0].name, " and ", deck.left[1], " ", c.sc.sides[1].name, " cards"));
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
        for (int i = 0; i < ready_count[side]; ++i) {
          const UnitState& u = st.units[ready[side][i]];
          pending[side] += !u.out() && !u.fired;
        }
        after_card(c, prone_after[side]);
        continue;
      }
      pending[side] -= held[side];  // no schnellfeuer: its held units stay hidden this phase
    }
    int target = -1;
    const int g = pick_unit(c, side, ready[side], ready_count[side], target);
    if (g < 0) {
      if constexpr (Ctx::Narrator::enabled) c.narr.say("  void: no unit of that side can fire");
      continue;
    }
    const int casualties = fire_at(c, g, target, false);
    --pending[side];
    if (prone_after[side]) prone_test(c, target, casualties);
  }
}

}  // namespace volley::firefight
