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
// histogram that bucket can draw; a short scan finishes it (no step at all for at least 3 words in 4:
// there are at least four buckets per histogram). Size: 3,003 histograms of 8 bytes and 16,289 guide
// entries of 2 bytes, 56 KB in all, of which a kernel rolling 4 to 6 dice touches under 11 KB.
#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace volley {

inline constexpr int HistogramFaces = 6;
inline constexpr int MaxHistogramDice = 8;

// Counts per face, four bits each: face f (1..6) in bits [4(f - 1), 4f). Up to 15 dice per face.
using PackedFaces = uint32_t;

// Counts per face unpacked: [f] = dice showing f, f = 1..6; [0] unused.
using D6Histogram = std::array<int, 7>;

constexpr int face_count(PackedFaces faces, int face) noexcept { return static_cast<int>((faces >> (4 * (face - 1))) & 0xFu); }

// A packed histogram unpacked. Built whole, by value, so that the counts can stay in registers (an
// array filled count by count in memory and then read back in wider loads stalls the CPU).
constexpr D6Histogram unpack_faces(PackedFaces faces) noexcept {
  return {0, face_count(faces, 1), face_count(faces, 2), face_count(faces, 3), face_count(faces, 4), face_count(faces, 5), face_count(faces, 6)};
}

// Adds a histogram of `dice` dice (at most 15) to groups of consecutive faces, largest faces first,
// sizes[g] faces each (as categories() groups them). One multiplication gives every "showing f or
// less" count at once (each below 16, so no nibble carries into the next); a group is the difference
// of two of them.
inline void add_face_groups(PackedFaces faces, int dice, std::span<const int> sizes, std::span<int> out) noexcept {
  const uint32_t at_most = faces * 0x111111u;  // nibble f - 1: dice showing f or less
  int top = HistogramFaces, above = dice;     // above: dice showing `top` or less
  for (size_t g = 0; g < sizes.size(); ++g) {
    top -= sizes[g];
    const int below = top > 0 ? static_cast<int>((at_most >> (4 * (top - 1))) & 0xFu) : 0;
    out[g] += above - below;
    above = below;
  }
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
