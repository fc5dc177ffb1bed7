#pragma once
// A whole d6 face histogram from ONE 32-bit word (docs/architecture.md: "a face histogram ... sample them
// exactly from precomputed tables").
//
// n d6 fall into one of C(n + 5, 5) histograms (compositions of n into six face counts), the
// multinomial law weighing each by n! / (c1! ... c6!) / 6^n. For every n <= MaxHistogramDice the
// table lists these histograms in a fixed order with their cumulative law scaled to 2^32, so one
// uniform word draws a histogram by inverse CDF: where chained binomials (one word per group of faces)
// need five words for a command roll, this needs one. The weights are integers (6^8 < 2^21), so each
// boundary is floor(cumulative weight * 2^32 / 6^n) exactly: the only departure from the law is that
// rounding to a multiple of 2^-32, as for the binomial tables (binomial_table.hpp).
//
// The search: a guide table (Chen and Asau's indexed search) maps the word's top bits to the first
// histogram that bucket can draw; a short scan finishes it (no step at all for at least 3 words in 4:
// there are at least four buckets per histogram). Size: 3,003 histograms of 16 bytes and 16,292 guide
// entries of 2 bytes, 80 KB in all, of which a kernel rolling 4 to 6 dice touches under 21 KB.
#include <cstdint>
#include <span>
#include <vector>

namespace volley {

inline constexpr int HistogramFaces = 6;
inline constexpr int MaxHistogramDice = 8;      // one word draws a histogram of this many dice or fewer
inline constexpr int MaxHistogramCount = 1023;  // dice per face a D6Histogram holds

// A histogram of d6, packed: ten bits a face, face f (1..6) in bits [10(f - 1), 10f). One register
// holds it, sums of histograms are sums of words (while no face passes MaxHistogramCount), and as the
// sixes are highest, comparing two histograms as numbers compares their sixes, then their fives, and
// so on down to the ones.
using D6Histogram = uint64_t;

constexpr int face_count(D6Histogram faces, int face) noexcept {
  return static_cast<int>((faces >> (10 * (face - 1))) & static_cast<uint64_t>(MaxHistogramCount));
}

// The histogram with these counts, [f] for face f (f = 1..6; [0] is ignored), each at most
// MaxHistogramCount.
constexpr D6Histogram pack_faces(const int (&counts)[7]) noexcept {
  D6Histogram faces = 0;
  for (int f = 6; f >= 1; --f) faces = (faces << 10) | static_cast<uint64_t>(counts[f]);
  return faces;
}

// Adds a histogram of `dice` dice (at most MaxHistogramCount) to groups of consecutive faces, largest
// faces first, sizes[g] faces each (as categories() groups them). One multiplication gives every
// "showing f or less" count at once (each at most `dice`, so no field carries into the next); a group
// is the difference of two of them.
inline void add_face_groups(D6Histogram faces, int dice, std::span<const int> sizes, std::span<int> out) noexcept {
  constexpr uint64_t Ones = 1 | (uint64_t{1} << 10) | (uint64_t{1} << 20) | (uint64_t{1} << 30) | (uint64_t{1} << 40) | (uint64_t{1} << 50);
  const uint64_t at_most = faces * Ones;   // field f - 1: dice showing f or less
  int top = HistogramFaces, above = dice;  // above: dice showing `top` or less
  for (size_t g = 0; g < sizes.size(); ++g) {
    top -= sizes[g];
    const int below = top > 0 ? face_count(at_most, top) : 0;
    out[g] += above - below;
    above = below;
  }
}

class FaceHistogramTable {
 public:
  // One histogram of the table: the words in (previous.last, last] draw it.
  struct Outcome {
    D6Histogram faces;
    uint32_t last;
  };

  // The process-wide table, built once on first use (well under a millisecond).
  static const FaceHistogramTable& instance();

  // The histogram of n d6 (1 <= n <= MaxHistogramDice) for a uniform word u.
  D6Histogram sample(int n, uint32_t u) const noexcept {
    const Level& level = levels_[n];
    const Outcome* o = outcomes_.data() + level.first + guide_[level.guide + (u >> level.shift)];
    while (u > o->last) ++o;  // ends: the last histogram's `last` is 2^32 - 1
    return o->faces;
  }

  // Every histogram of n dice, in the table's order (for tests and exact answers).
  std::span<const Outcome> outcomes(int n) const noexcept { return {outcomes_.data() + levels_[n].first, levels_[n].count}; }

 private:
  FaceHistogramTable();

  struct Level {
    uint32_t first = 0;  // in outcomes_
    uint32_t count = 0;
    uint32_t guide = 0;  // in guide_; 2^(32 - shift) entries
    uint32_t shift = 32;
  };
  std::vector<Outcome> outcomes_;
  std::vector<uint16_t> guide_;  // per bucket of words: the first histogram it can draw, from level.first
  Level levels_[MaxHistogramDice + 1];
};

}  // namespace volley
