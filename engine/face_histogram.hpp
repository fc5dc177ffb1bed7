#pragma once
// A whole d6 face histogram from ONE 32-bit word (DESIGN.md: "a face histogram ... sample them
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
// histogram that bucket can draw; a short scan (about 1.5 steps on average: there are at least as
// many buckets as histograms) finishes it. Size: 3,003 histograms of 8 bytes and 4,073 guide entries
// of 2 bytes, 32 KB in all, of which a kernel rolling 4 to 6 dice touches under 6 KB.
#include <cstdint>
#include <span>
#include <vector>

namespace volley {

inline constexpr int HistogramFaces = 6;
inline constexpr int MaxHistogramDice = 8;

// Counts per face, four bits each: face f (1..6) in bits [4(f - 1), 4f). Up to 15 dice per face.
using PackedFaces = uint32_t;

constexpr int face_count(PackedFaces faces, int face) noexcept { return static_cast<int>((faces >> (4 * (face - 1))) & 0xFu); }

// Dice showing a face in [lo, hi] (1 <= lo, hi <= 6; none if hi < lo) of a histogram of at most 15
// dice: the range's counts summed by one multiplication, which adds every count of the range into
// its top one; no partial sum reaches 16, so none carries into the next.
constexpr int faces_between(PackedFaces faces, int lo, int hi) noexcept {
  if (hi < lo) return 0;
  const int width = hi - lo + 1;
  const uint32_t range = (faces >> (4 * (lo - 1))) & ((1u << (4 * width)) - 1);
  return static_cast<int>(((range * 0x111111u) >> (4 * (width - 1))) & 0xFu);
}

class FaceHistogramTable {
 public:
  // One histogram of the table: the words in (previous.last, last] draw it.
  struct Outcome {
    uint32_t last;
    PackedFaces faces;
  };

  // The process-wide table, built once on first use (well under a millisecond).
  static const FaceHistogramTable& instance();

  // The histogram of n d6 (1 <= n <= MaxHistogramDice) for a uniform word u.
  PackedFaces sample(int n, uint32_t u) const noexcept {
    const Level& level = levels_[n];
    const Outcome* o = outcomes_.data() + level.first + guide_[level.guide + (u >> level.shift)];
    while (u > o->last) ++o;  // ends: the last histogram's `last` is 2^32 - 1
    return o->faces;
  }

  // Every histogram of n dice, in the table's order (for tests and exact answers).
  std::span<const Outcome> outcomes(int n) const noexcept {
    return {outcomes_.data() + levels_[n].first, levels_[n].count};
  }

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
