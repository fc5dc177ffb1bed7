#pragma once
// Value-function controls in the manner of AIVAT (Burch, Schmid, Moravcik, Morrill and Bowling,
// "AIVAT: a new variance reduction technique for agent evaluation in imperfect information games",
// AAAI 2018; docs/methods.md, "Luck-adjusted estimates"): at every chance event that takes figures of
// a side out of action, the change of a value V of the state minus its expectation over the event's
// law. F-9 decides a firefight on each side's figures in action f against its break point B, so V is
// built, per side, from three features whose weights the regression fits:
//
//   lost     f itself: a figure out of action, whatever the margin;
//   margin   w(f - B) = MarginScale x 0.8^(f - B) (MarginScale at or below B): a figure counts the
//            more the nearer the side is to defeat;
//   duel     w(f - B) x the other side's w in sixteenths: the same, the more as the other side too is
//            near defeat (who breaks first decides). An event changes one side's figures, so the
//            other side's weight is known before it.
//
// The shape 0.8 is fixed before any trial (chosen on the default scenario, where every value from
// 0.6 to 0.9 took off within 5% as much; docs/performance.md), so the controls are exact functions
// of the dice and keep their exact mean zero.
//
// An event takes D figures out, 0 <= D <= D_max, its law exact; step(m) is the luck of "D >= m"
// (its indicator minus its chance, scaled by about PoolLuckScale, of mean zero given the past).
// Then a feature g's change is g(f - D) - g(f) = sum over m <= D of (g(f - m) - g(f - m + 1)), and
// its luck is the sum over m <= D_max of (g(f - m) - g(f - m + 1)) step(m): weights known before the
// event times terms of mean zero. The figures a side has in action are tracked here through the same events
// (casualties, melee losses, units broken).
#include "engine/binomial_table.hpp"
#include "engine/firefight/pool_luck.hpp"

#if defined(__SSE4_1__)
#include <immintrin.h>
#endif

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>

namespace volley::firefight {

inline constexpr int ValueFeatureCount = 3;  // lost, margin, duel
inline constexpr std::array<const char*, ValueFeatureCount> ValueFeatureNames{"lost", "margin", "duel"};

inline constexpr int64_t MarginScale = 256;
inline constexpr int MarginLevels = 64;  // 0.8^64 x 256 rounds to 0: the margins beyond weigh nothing
// weight[j] = MarginWeights at margin j; step[j + 1] = weight[j] - weight[j + 1], what a figure lost
// at margin j + 1 adds (step[0] = 0: below the break point, and the last, beyond the table).
struct MarginTable {
  std::array<int64_t, MarginLevels + 1> weight{};
  std::array<int64_t, MarginLevels + 2> step{};
  constexpr MarginTable() {
    double w = static_cast<double>(MarginScale);
    for (int j = 0; j < MarginLevels; ++j) {
      weight[static_cast<std::size_t>(j)] = static_cast<int64_t>(w + 0.5);
      w *= 0.8;
    }
    for (int j = 0; j < MarginLevels; ++j)
      step[static_cast<std::size_t>(j + 1)] = weight[static_cast<std::size_t>(j)] - weight[static_cast<std::size_t>(j + 1)];
  }
};
inline constexpr MarginTable MarginWeights{};
// weight[0] is MarginScale and weight[MarginLevels] is 0, so the margin clamped to the table gives
// both ends: two conditional moves and a load.
inline constexpr int64_t margin_weight(int margin) noexcept {
  const int j = margin < 0 ? 0 : margin > MarginLevels ? MarginLevels : margin;
  return MarginWeights.weight[static_cast<std::size_t>(j)];
}
// margin_weight(j) - margin_weight(j + 1), without a branch.
inline constexpr int64_t margin_step(int j) noexcept {
  const int i = j + 1 < 0 ? 0 : j + 1 > MarginLevels + 1 ? MarginLevels + 1 : j + 1;
  return MarginWeights.step[static_cast<std::size_t>(i)];
}

// The margin steps a pool of up to ChunkDice casualties meets, read in a row without a clamp:
// from(margin)[m] = margin_step(margin - m) for 1 <= m <= ChunkDice. Margins below -1 step as -1
// does (every step 0), and margins above MarginLevels + ChunkDice as that one does (every step 0).
// A step is at most MarginScale: 32-bit entries, four to an SSE register (add_pool).
struct MarginStepRunTable {
  static constexpr int Top = MarginLevels + ChunkDice + 1;  // the highest margin kept apart
  std::array<int32_t, Top + ChunkDice + 2> reversed{};      // reversed[t] = margin_step(Top - t)
  constexpr MarginStepRunTable() {
    for (int t = 0; t < static_cast<int>(reversed.size()); ++t)
      reversed[static_cast<std::size_t>(t)] = static_cast<int32_t>(margin_step(Top - t));
  }
  constexpr const int32_t* from(int margin) const noexcept {
    const int kept = margin < -1 ? -1 : margin > Top ? Top : margin;
    return reversed.data() + (Top - kept);
  }
};
inline constexpr MarginStepRunTable MarginStepRuns{};

// A d6 test's luck (outcomes of 6) times this is on PoolLuckScale's scale (6 x 171 = 1026): any
// integer multiple of a term of mean zero keeps mean zero.
inline constexpr int64_t TestLuckFactor = (PoolLuckScale + 3) / 6;
// A melee pair's luck (outcomes of faces^2) times this.
inline constexpr int64_t melee_luck_factor(int faces) noexcept {
  const int64_t outcomes = int64_t{faces} * faces;
  const int64_t factor = (PoolLuckScale + outcomes / 2) / outcomes;
  return factor > 0 ? factor : 1;
}

// F-7: of the faces^2 outcomes of two melee dice x and y, how many have x - y < d (the first figure
// loses when its die is below the other's by more than the difference of the bonuses). A difference
// delta = x - y in (-faces, faces) has faces - |delta| outcomes; summed over the deltas below
// e = d clamped to [1 - faces, faces]: the triangle (faces + e - 1)(faces + e) / 2 while e <= 0, and
// beyond it the negative deltas' faces (faces - 1) / 2 plus those from 0 to e - 1.
inline constexpr int melee_pairs_below(int faces, int d) noexcept {
  const int e = d < 1 - faces ? 1 - faces : d > faces ? faces : d;
  if (e <= 0) return (faces + e - 1) * (faces + e) / 2;
  return faces * (faces - 1) / 2 + e * faces - e * (e - 1) / 2;
}

struct ValueLuck {
  std::array<std::array<int64_t, ValueFeatureCount>, 2> value{};  // [side][feature]
  std::array<int, 2> figures{};                                   // in action, per side
  std::array<int, 2> break_figures{};

  void reset(std::array<int, 2> start, std::array<int, 2> breaking) noexcept {
    value = {};
    figures = start;
    break_figures = breaking;
  }

  // The other side's margin weight in sixteenths (0 .. 16): small enough that a trial's controls
  // stay within the tally's 64-bit fast path (control_moments.hpp) nearly always.
  static int64_t in_sixteenths(int64_t weight) noexcept { return (weight + 8) >> 4; }
  int64_t other_weight(int side) const noexcept {
    const int other = 1 - side;
    return in_sixteenths(margin_weight(figures[static_cast<std::size_t>(other)] - break_figures[static_cast<std::size_t>(other)]));
  }

  // F-4 casualties: min(hits, target figures) of a pool of `dice` <= ChunkDice drawn from `word` by the
  // row's thresholds (hits >= m exactly when word >= thresholds[m - 1]): step(m) = pool_step_luck,
  // summed here in one pass. Its lattice part is summed term by term; its indicator part,
  // PoolLuckScale x [word < thresholds[m - 1]], holds for the m above the casualties (the thresholds
  // do not decrease, and `casualties` is the pool's count clamped to the target's figures), so its
  // margin steps telescope to a difference of two weights.
  [[gnu::always_inline]] inline void add_pool(int side, int target_figures, int dice, const uint32_t* thresholds, uint32_t word,
                                              int casualties) noexcept {
    assert(dice <= ChunkDice);
    auto& v = value[static_cast<std::size_t>(side)];
    const int margin = figures[static_cast<std::size_t>(side)] - break_figures[static_cast<std::size_t>(side)];
    const int max_drop = target_figures < dice ? target_figures : dice;
    assert(casualties >= 0 && casualties <= max_drop);
    const int below = max_drop - casualties;  // the m with word < thresholds[m - 1]: casualties + 1 .. max_drop
    int64_t points = 0, weighted_points = 0;
    lattice_sums(thresholds, MarginStepRuns.from(margin) + 1, max_drop, word & PoolLuckOffsetMask, points, weighted_points);
    const int64_t weighted = weighted_points - PoolLuckScale * (margin_weight(margin - max_drop) - margin_weight(margin - casualties));
    v[0] += points - PoolLuckScale * below;
    v[1] += weighted;
    v[2] += weighted * other_weight(side);
    figures[static_cast<std::size_t>(side)] -= casualties;
  }

  // Over m = 1 .. count (count <= ChunkDice): points = sum of p(m), weighted = sum of steps[m - 1] p(m),
  // p(m) = lattice_points_below(offset, thresholds[m - 1]). Every p(m) is at most PoolLuckScale and the
  // steps sum to at most MarginScale, so both sums fit 32 bits. With SSE4.1 four m at a time (the
  // row and the steps are read in fours up to ChunkDice, within their tables; the m beyond count masked).
  [[gnu::always_inline]] static inline void lattice_sums(const uint32_t* thresholds, const int32_t* steps, int count, uint32_t offset,
                                                         int64_t& points, int64_t& weighted) noexcept {
#if defined(__SSE4_1__)
    const __m128i low_mask = _mm_set1_epi32(static_cast<int>(PoolLuckOffsetMask));
    const __m128i offsets = _mm_set1_epi32(static_cast<int>(offset));
    const __m128i limit = _mm_set1_epi32(count);
    __m128i index = _mm_setr_epi32(0, 1, 2, 3);
    __m128i point_sum = _mm_setzero_si128(), weighted_sum = _mm_setzero_si128();
    for (int i = 0; i < count; i += 4) {
      const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(thresholds + i));
      // (a >> shift) + [offset < a mod spacing]: the compare gives -1 where it holds.
      const __m128i p = _mm_sub_epi32(_mm_srli_epi32(a, PoolLuckSpacingShift), _mm_cmpgt_epi32(_mm_and_si128(a, low_mask), offsets));
      const __m128i kept = _mm_and_si128(p, _mm_cmpgt_epi32(limit, index));
      point_sum = _mm_add_epi32(point_sum, kept);
      weighted_sum = _mm_add_epi32(weighted_sum, _mm_mullo_epi32(kept, _mm_loadu_si128(reinterpret_cast<const __m128i*>(steps + i))));
      index = _mm_add_epi32(index, _mm_set1_epi32(4));
    }
    // Both sums' lanes added: pairs, then the two halves.
    const __m128i pairs = _mm_hadd_epi32(point_sum, weighted_sum);
    const __m128i totals = _mm_hadd_epi32(pairs, pairs);
    points = _mm_cvtsi128_si32(totals);
    weighted = _mm_extract_epi32(totals, 1);
#else
    int32_t point_total = 0, weighted_total = 0;
    for (int i = 0; i < count; ++i) {
      const auto p = static_cast<int32_t>(lattice_points_below(offset, thresholds[i]));
      point_total += p;
      weighted_total += steps[i] * p;
    }
    points = point_total;
    weighted = weighted_total;
#endif
  }

  // An event that takes all of max_drop figures out or none, `luck` the luck of "all" (so every
  // "at least m" has that luck): a test that breaks a unit, a melee pair's loss.
  void add_all_or_none(int side, int max_drop, bool all, int64_t luck) noexcept {
    auto& v = value[static_cast<std::size_t>(side)];
    const int margin = figures[static_cast<std::size_t>(side)] - break_figures[static_cast<std::size_t>(side)];
    v[0] += luck * max_drop;
    v[1] += (margin_weight(margin - max_drop) - margin_weight(margin)) * luck;
    v[2] += (margin_weight(margin - max_drop) - margin_weight(margin)) * luck * other_weight(side);
    figures[static_cast<std::size_t>(side)] -= all ? max_drop : 0;
  }

  // A d6 test whose failure breaks a unit of `unit_figures` (F-6 stand, F-7 and F-8b morale): it fails
  // on `failing` faces of 6.
  void add_break_test(int side, int unit_figures, int failing, bool failed) noexcept {
    add_all_or_none(side, unit_figures, failed, (6 * int64_t{failed} - failing) * TestLuckFactor);
  }

  // F-7: one pair of figures, one of each side: side s's figure is lost on losing[s] of the pair's
  // faces^2 outcomes (lost[s]; at most one side loses). One event: both sides' terms are valued in
  // the state before it (the duel weight of one side must not see the other's loss).
  void add_melee_pair(int faces, std::array<int, 2> losing, std::array<bool, 2> lost) noexcept {
    const int64_t factor = melee_luck_factor(faces), outcomes = int64_t{faces} * faces;
    // Each side's margin weight and what a figure lost takes off it, both read before either loss:
    // add_all_or_none of one figure per side, with the weights looked up once.
    std::array<int64_t, 2> weight{}, drop{};
    for (std::size_t s = 0; s < 2; ++s) {
      const int margin = figures[s] - break_figures[s];
      weight[s] = margin_weight(margin);
      drop[s] = margin_weight(margin - 1) - weight[s];
    }
    for (std::size_t s = 0; s < 2; ++s) {
      const int64_t luck = (outcomes * lost[s] - losing[s]) * factor;
      auto& v = value[s];
      v[0] += luck;
      v[1] += drop[s] * luck;
      v[2] += drop[s] * luck * in_sixteenths(weight[1 - s]);
      figures[s] -= lost[s] ? 1 : 0;
    }
  }
};

}  // namespace volley::firefight
