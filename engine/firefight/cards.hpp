#pragma once
// F-3 fire phase cards. The deck holds one card per unit that may fire this phase, for both sides,
// shuffled uniformly; a card of side S lets one unit of S fire. Cards carry only their side, so the
// shuffle is drawn card by card: the next card is side 0's with probability (side 0's cards left) /
// (cards left), i.e. card index below(cards left), side 0's cards first. This is the law of a
// uniform shuffle exactly, at one bounded draw per card (none once only one side's cards are left).
// The whole order is drawn when the phase begins, so that the Cards stream is never interleaved
// with the fire dice of the units it activates.
#include <cstdint>

namespace volley::firefight {

struct Deck {
  int left[2] = {0, 0};

  int size() const noexcept { return left[0] + left[1]; }

  // Draw the order of the whole deck into order[0 .. size()) (the side of each card). The caller
  // restarted the Cards stream for this phase.
  template <class Dice>
  int shuffle(Dice& dice, int* order) {
    const int n = size();
    int l0 = left[0], l1 = left[1];
    for (int i = 0; i < n; ++i) {
      int side;
      if (l0 == 0)
        side = 1;
      else if (l1 == 0)
        side = 0;
      else
        side = dice.below(static_cast<uint32_t>(l0 + l1)) < static_cast<uint32_t>(l0) ? 0 : 1;
      (side == 0 ? l0 : l1) -= 1;
      order[i] = side;
    }
    return n;
  }
};

}  // namespace volley::firefight
