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
inline constexpr int64_t margin_weight(int margin) noexcept {
  return margin <= 0 ? MarginScale : margin >= MarginLevels ? 0 : MarginWeights.weight[static_cast<std::size_t>(margin)];
}
// margin_weight(j) - margin_weight(j + 1), without a branch.
inline constexpr int64_t margin_step(int j) noexcept {
  const int i = j + 1 < 0 ? 0 : j + 1 > MarginLevels + 1 ? MarginLevels + 1 : j + 1;
  return MarginWeights.step[static_cast<std::size_t>(i)];
}

// The margin steps a pool of up to ChunkDice casualties meets, read in a row without a clamp:
// from(margin)[m] = margin_step(margin - m) for 1 <= m <= ChunkDice. Margins below -1 step as -1
// does (every step 0), and margins above MarginLevels + ChunkDice as that one does (every step 0).
struct MarginStepRunTable {
  static constexpr int Top = MarginLevels + ChunkDice + 1;  // the highest margin kept apart
  std::array<int64_t, Top + ChunkDice + 2> reversed{};      // reversed[t] = margin_step(Top - t)
  constexpr MarginStepRunTable() {
    for (int t = 0; t < static_cast<int>(reversed.size()); ++t) reversed[static_cast<std::size_t>(t)] = margin_step(Top - t);
  }
  constexpr const int64_t* from(int margin) const noexcept {
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
// loses when its die is below the other's by more than the difference of the bonuses).
inline constexpr int melee_pairs_below(int faces, int d) noexcept {
  int count = 0;
  for (int delta = 1 - faces; delta < d && delta < faces; ++delta) count += faces - (delta < 0 ? -delta : delta);
  return count;
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
  int64_t other_weight(int side) const noexcept {
    const int other = 1 - side;
    return (margin_weight(figures[static_cast<std::size_t>(other)] - break_figures[static_cast<std::size_t>(other)]) + 8) >> 4;
  }

  // F-4 casualties: min(hits, target figures) of a pool of `dice` <= ChunkDice drawn from `word` by the
  // row's thresholds (hits >= m exactly when word >= thresholds[m - 1]): step(m) = pool_step_luck,
  // summed here in one pass. Its lattice part is summed term by term; its indicator part,
  // PoolLuckScale x [word < thresholds[m - 1]], holds for the last `below` m (the thresholds do not
  // decrease), so its margin steps telescope to a difference of two weights.
  void add_pool(int side, int target_figures, int dice, const uint32_t* thresholds, uint32_t word, int casualties) noexcept {
    assert(dice <= ChunkDice);
    auto& v = value[static_cast<std::size_t>(side)];
    const int margin = figures[static_cast<std::size_t>(side)] - break_figures[static_cast<std::size_t>(side)];
    const int max_drop = target_figures < dice ? target_figures : dice;
    const uint32_t offset = word & PoolLuckOffsetMask;
    const int64_t* steps = MarginStepRuns.from(margin);
    int64_t points = 0, weighted_points = 0;
    int below = 0;
    for (int m = 1; m <= max_drop; ++m) {
      const uint32_t a = thresholds[m - 1];
      const int64_t p = lattice_points_below(offset, a);
      points += p;
      weighted_points += steps[m] * p;
      below += word < a;
    }
    const int at_least = max_drop - below;  // the m with word >= thresholds[m - 1]: 1 .. at_least
    const int64_t weighted = weighted_points - PoolLuckScale * (margin_weight(margin - max_drop) - margin_weight(margin - at_least));
    v[0] += points - PoolLuckScale * below;
    v[1] += weighted;
    v[2] += weighted * other_weight(side);
    figures[static_cast<std::size_t>(side)] -= casualties;
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
    const std::array<int, 2> before = figures;
    for (int s = 0; s < 2; ++s) {
      figures = before;
      add_all_or_none(s, 1, lost[static_cast<std::size_t>(s)],
                      (outcomes * lost[static_cast<std::size_t>(s)] - losing[static_cast<std::size_t>(s)]) * factor);
    }
    for (int s = 0; s < 2; ++s)
      figures[static_cast<std::size_t>(s)] = before[static_cast<std::size_t>(s)] - (lost[static_cast<std::size_t>(s)] ? 1 : 0);
  }
};

}  // namespace volley::firefight
