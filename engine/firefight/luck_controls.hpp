#pragma once
// The luck of a firefight trial as control variates (docs/methods.md, "Luck-adjusted estimates"):
// for every chance event whose law the rules fix exactly, the value drawn minus its expectation
// given everything before the event. Each such term has mean zero whatever happened before it, so
// their sums over a trial (by kind of event and side) have mean zero too, and an
// estimator may subtract any fixed multiple of them without bias. Recording reads the value the
// rules drew and never draws: the random streams are the same with or without it.
//
// Every term is an integer: the value times the denominator of its law's expectation (a fire die's
// faces, the kill chance's denominator, 6 for a test on a d6, 2 for a die's mean), a constant of
// the scenario per kind, so a control is exact in int64 and its tallies merge exactly.
#include "engine/firefight/value_luck.hpp"

#include <array>
#include <cstdint>
#include <string>

namespace volley::firefight {

// Kinds whose luck moves no headline estimate were measured and left out (a casualty's kill roll:
// killed and wounded are both out of action; the advance dice), so that the regression stays small.
enum class LuckKind : uint8_t {
  Hits,    // F-4: fire dice that hit minus dice x band / faces (the firer's side)
  Tests,   // F-6, F-7, F-8b: d6 tests passed minus their chance, times the figures a failure takes out
           // of action (the tester's side); F-6 go-in and F-8a staying up count once
  Melee,   // F-7: each figure's melee die minus its mean (the figure's side)
  Charge,  // F-6: a charge reaching its target minus its chance given the distance (the charger's side)
};
inline constexpr int LuckKindCount = 4;
// Per kind and side, over all turns: split by turn (1, 2, 3 and later) the controls took 1.74x off
// the default compare's herero.win difference instead of 1.71x, for three times the controls.
inline constexpr int LinearLuckCount = LuckKindCount * 2;
// Then the value-function features of value_luck.hpp, per side.
inline constexpr int LuckControlCount = LinearLuckCount + 2 * ValueFeatureCount;

inline constexpr std::array<const char*, LuckKindCount> LuckKindNames{"hits", "tests", "melee", "charge"};

inline constexpr int luck_index(LuckKind kind, int side) noexcept { return static_cast<int>(kind) * 2 + side; }

// The name of control i: "luck.hits.<side>", "luck.tests.<side>", ..., then "luck.lost.<side>",
// "luck.margin.<side>".
inline std::string luck_control_name(int i, const std::string& side0, const std::string& side1) {
  if (i < LinearLuckCount) return std::string("luck.") + LuckKindNames[static_cast<size_t>(i / 2)] + "." + (i % 2 == 0 ? side0 : side1);
  const int side = (i - LinearLuckCount) % 2, feature = (i - LinearLuckCount) / 2;
  return std::string("luck.") + ValueFeatureNames[static_cast<size_t>(feature)] + "." + (side == 0 ? side0 : side1);
}

struct LuckControls {
  std::array<int64_t, LinearLuckCount> value{};
  ValueLuck figures;
  void reset(std::array<int, 2> start_figures, std::array<int, 2> break_figures) noexcept {
    value.fill(0);
    figures.reset(start_figures, break_figures);
  }
  void add(LuckKind kind, int side, int64_t term) noexcept { value[static_cast<size_t>(luck_index(kind, side))] += term; }
  // The LuckControlCount controls, in the order of luck_control_name.
  int64_t* write(int64_t* out) const noexcept {
    for (int64_t v : value) *out++ = v;
    for (int feature = 0; feature < ValueFeatureCount; ++feature)
      for (int side = 0; side < 2; ++side) *out++ = figures.value[static_cast<size_t>(side)][static_cast<size_t>(feature)];
    return out;
  }
};

// F-6 charges: the chance that n d6 reach a distance, exact as a count of the 6^n outcomes, scaled to
// 6^ChargeControlDice so that every charge of a scenario shares one denominator. A charge of more
// dice records no term (leaving an event out keeps the sum's mean zero).
inline constexpr int ChargeControlDice = 6;
struct D6SumTails {
  // tail[n][s]: outcomes of n d6 whose sum is at least s (s <= 6 n + 1).
  std::array<std::array<int64_t, 6 * ChargeControlDice + 2>, ChargeControlDice + 1> tail{};
  constexpr D6SumTails() {
    std::array<std::array<int64_t, 6 * ChargeControlDice + 2>, ChargeControlDice + 1> ways{};
    ways[0][0] = 1;
    for (int n = 1; n <= ChargeControlDice; ++n)
      for (int s = n; s <= 6 * n; ++s)
        for (int f = 1; f <= 6 && f <= s; ++f) ways[n][s] += ways[n - 1][s - f];
    for (int n = 0; n <= ChargeControlDice; ++n)
      for (int s = 6 * n; s >= 0; --s) tail[n][s] = ways[n][s] + tail[n][s + 1];
  }
};
inline constexpr D6SumTails ChargeTails{};
inline constexpr int64_t power_of_6(int n) noexcept { return n == 0 ? 1 : 6 * power_of_6(n - 1); }

// The term of a charge of n d6 that needed a sum of at least `need` pips and reached (or not).
inline constexpr int64_t charge_term(int n, int need, bool reached) noexcept {
  const int top = 6 * n + 1;
  const int64_t ways = ChargeTails.tail[static_cast<size_t>(n)][static_cast<size_t>(need < 0 ? 0 : need > top ? top : need)];
  return (reached ? power_of_6(n) - ways : -ways) * power_of_6(ChargeControlDice - n);
}

// A d6 test passed on roll + modifier >= need: how many of the six faces pass.
inline constexpr int64_t d6_faces_passing(int need, int modifier) noexcept {
  const int faces = 7 - (need - modifier);
  return faces < 0 ? 0 : faces > 6 ? 6 : faces;
}

}  // namespace volley::firefight
