#pragma once
// F-3 fire phase cards. The deck holds one card per unit that may fire this phase, for both sides,
// shuffled uniformly; a card of side S lets one unit of S fire. Cards carry only their side, so a
// shuffle is an arrangement of l0 side-0 and l1 side-1 cards, each of the C(l0 + l1, l0)
// arrangements equally likely. It is drawn at once: one bounded draw, the rank of the arrangement
// in lexicographic order (side 0 before side 1). A deck too large for one 32-bit draw (more than
// RankedDeckMax cards) is first dealt card by card, the next card being side 0's with probability
// (side 0's cards left) / (cards left), until RankedDeckMax cards are left; both are the law of a
// uniform shuffle exactly. The whole order is drawn when the phase begins, so that the Cards stream
// is never interleaved with the fire dice of the units it activates.
#include <array>
#include <cstdint>

namespace volley::firefight {

// C(n, k) for n <= RankedDeckMax: all below 2^32 (C(34, 17) = 2,333,606,220). Stored flat, row n
// at (n + 1) * Columns, after a row of zeros: C(n, k) = 0 for k > n, and C(n, -1), the entry before
// column 0, is the last column of the row above, 0 as well (a shuffle reads it once a side has no
// card left).
inline constexpr int RankedDeckMax = 34;
struct DeckArrangements {
  static constexpr int Columns = RankedDeckMax + 1;
  std::array<uint32_t, (RankedDeckMax + 2) * Columns> flat{};
  static constexpr int at(int n, int k) noexcept { return (n + 1) * Columns + k; }
  constexpr uint32_t c(int n, int k) const noexcept { return flat[at(n, k)]; }
  constexpr DeckArrangements() {
    for (int n = 0; n <= RankedDeckMax; ++n) {
      flat[at(n, 0)] = 1;
      for (int k = 1; k <= n; ++k) flat[at(n, k)] = c(n - 1, k - 1) + c(n - 1, k);
    }
  }
};
inline constexpr DeckArrangements Arrangements{};

struct Deck {
  int left[2] = {0, 0};

  int size() const noexcept { return left[0] + left[1]; }

  // Draw the order of the whole deck into order[0 .. size()) (the side of each card). The caller
  // restarted the Cards stream for this phase. No draw when one side has no card.
  template <class Dice>
  int shuffle(Dice& dice, int* order) {
    const int n = size();
    int l0 = left[0], l1 = left[1], i = 0;
    // Step 1: a large deck, card by card until RankedDeckMax cards are left.
    for (; l0 > 0 && l1 > 0 && l0 + l1 > RankedDeckMax; ++i) {
      const int side = dice.below(static_cast<uint32_t>(l0 + l1)) < static_cast<uint32_t>(l0) ? 0 : 1;
      (side == 0 ? l0 : l1) -= 1;
      order[i] = side;
    }
    // Step 2: the rest at once, by the rank of its arrangement: C(l0 + l1 - 1, l0 - 1) of the
    // arrangements of the cards left begin with a side-0 card, and they come first.
    if (l0 > 0 && l1 > 0) {
      uint32_t rank = dice.below(Arrangements.c(l0 + l1, l0));
      // Which side each card is, and when one side runs out, are coin tosses for the branch
      // predictor: one loop over the rest of the deck with conditional moves. The arrangements
      // that begin with a side-0 card, C(l0 + l1 - 1, l0 - 1), are walked to in the table: a row
      // up per card and a column left per side-0 card. Once a side has no card left the rest are
      // the other side's: C(l1 - 1, -1) is 0, and with no side-1 card left C(l0 - 1, l0 - 1) = 1 >
      // rank = 0.
      for (int first0 = DeckArrangements::at(l0 + l1 - 1, l0 - 1); i < n; ++i) {
        const uint32_t begin0 = Arrangements.flat[first0];
        const int side = rank < begin0 ? 0 : 1;
        rank -= side == 1 ? begin0 : 0;
        order[i] = side;
        first0 -= DeckArrangements::Columns + 1 - side;
      }
      return n;
    }
    for (; l0 > 0; --l0) order[i++] = 0;
    for (; l1 > 0; --l1) order[i++] = 1;
    return n;
  }
};

}  // namespace volley::firefight
