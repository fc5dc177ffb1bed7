#pragma once
// Precomputed cumulative binomial tables for dice pools (docs/architecture.md: "dice pools should not cost one
// random number per die where the rules only need counts").
//
// The number of dice of a pool of n dice of F faces that show one of b chosen faces is
// Binomial(n, b/F). For every F <= MaxFaces, b <= F and n <= ChunkDice the table holds the CDF scaled
// to 2^32, so one 32-bit word samples up to ChunkDice dice by inverse CDF; larger pools are sums of
// chunks. The only departure from the exact law is the rounding of each CDF entry to a multiple of
// 2^-32 (docs/methods.md), far below any statistical resolution volley can reach.
#include <cstddef>
#include <cstdint>

#if defined(__SSE4_1__) && defined(__POPCNT__)
#include <immintrin.h>
#endif

namespace volley {

inline constexpr int MaxFaces = 20;
inline constexpr int ChunkDice = 32;

class BinomialTables {
 public:
  // The tables, computed when volley is built (binomial_formula.cpp, written as data by
  // binomial_table_generator.cpp): nothing to compute when a run starts.
  static const BinomialTables& instance() noexcept {
    static const BinomialTables tables;
    return tables;
  }

  // thresholds[k] = floor(P(X <= k) * 2^32) for k in [0, n); X = k is drawn for the first k with
  // u < thresholds[k], and X = n when there is none. Entries n to ChunkDice - 1 of the row hold
  // 0xFFFFFFFF (the counts below read past n, up to a multiple of 4 or SmallPool).
  const uint32_t* thresholds(int faces, int band, int n) const noexcept { return data_ + row_offset(faces, band, n); }

  // The layout: a row of ChunkDice entries for each faces, band <= MaxFaces and n <= ChunkDice.
  static constexpr size_t Entries = static_cast<size_t>(MaxFaces + 1) * (MaxFaces + 1) * (ChunkDice + 1) * ChunkDice;
  static constexpr size_t row_offset(int faces, int band, int n) noexcept {
    return ((static_cast<size_t>(faces) * (MaxFaces + 1) + band) * (ChunkDice + 1) + n) * ChunkDice;
  }

 private:
  static const uint32_t data_[Entries];  // the generated binomial_table_data.cpp
};

// How many of the row's entries [0, count) are at or below the word u, count a multiple of 4 (at most
// ChunkDice). Without a data-dependent branch (a search would mispredict about once per pool); with
// SSE4.1 and POPCNT (the release build's x86-64-v2), four entries to one unsigned compare and one
// population count of its mask, half the instructions of a compare per entry.
inline int thresholds_at_or_below(const uint32_t* thresholds, int count, uint32_t u) noexcept {
  int k = 0;
#if defined(__SSE4_1__) && defined(__POPCNT__)
  const __m128i word = _mm_set1_epi32(static_cast<int>(u));
  for (int i = 0; i < count; i += 4) {
    const __m128i entries = _mm_loadu_si128(reinterpret_cast<const __m128i*>(thresholds + i));
    const __m128i at_or_below = _mm_cmpeq_epi32(_mm_min_epu32(entries, word), entries);
    k += __builtin_popcount(static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(at_or_below))));
  }
#else
  for (int i = 0; i < count; ++i) k += u >= thresholds[i];
#endif
  return k;
}

// Successes of n <= ChunkDice dice for a uniform word u, 0 < band < faces. The thresholds are
// non-decreasing, so the sample (the first k with u < thresholds[k]) equals the number of thresholds
// at or below u. Counted over the first n entries rounded up to a multiple of 4, and clamped to n:
// the padding of the row is 0xFFFFFFFF, at or below only the largest word, for which all n are.
inline int binomial_from_word(const uint32_t* thresholds, int n, uint32_t u) noexcept {
  const int k = thresholds_at_or_below(thresholds, (n + 3) & ~3, u);
  return k < n ? k : n;
}

// Pools of at most SmallPool dice: the count over the first SmallPool entries of the row, clamped
// to n in the same way. A loop of fixed length: its end is not a branch the predictor has to guess
// from n.
inline constexpr int SmallPool = 8;
inline int binomial_from_word_small(const uint32_t* thresholds, int n, uint32_t u) noexcept {
  const int k = thresholds_at_or_below(thresholds, SmallPool, u);
  return k < n ? k : n;
}

}  // namespace volley
