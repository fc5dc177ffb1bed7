#pragma once
// A dice expression as a designer types it to `volley dice`, with its exact law (convolutions of
// exact laws, nothing sampled) and a way to roll it. The grammar, each part optional where shown:
//   expression  term (+ term | - term)...            3d6+1d4, d6+d8, 2d6-1, 4d6kh3+2
//   term        N | [N]dFACES[rK][!][khK | klK]      a constant, or N dice (N = 1 when left out); the
//                                                    modifiers in any order, each once
//   FACES       a number F (faces 1..F), {a,b,...} (one face per entry, repeats and negative faces
//               allowed: d{1,1,2,3}), or the letter F (Fate dice: dF is d{-1,0,1})
//   rK          a die showing K or less is rerolled once; the second roll stands (d6r1: 1s rerolled)
//   !           a die showing its highest face is rolled again and the roll added, again and again up
//               to the explosion cap; the cap's last roll stands even on the highest face
//   khK, klK    of the N dice, only the K highest (lowest) are summed (4d6kh3, 2d20kl1)
// Reroll, explosion and keep apply in that order: a rerolled die may explode, the explosion's extra
// rolls are not rerolled, and an exploded die is kept or dropped by its total.
#include "engine/integer_law.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <cstdint>
#include <string>
#include <vector>

namespace volley {

struct DiceGroup {
  int count = 1;           // N
  std::vector<int> faces;  // one entry per face of the die, ascending
  bool rerolls = false;    // rK
  int reroll_at_most = 0;  // K of rK
  bool explodes = false;   // !
  enum class Keep { All, Highest, Lowest } keep = Keep::All;
  int kept = 0;      // K of khK / klK
  int sign = 1;      // -1: subtracted
  std::string text;  // as written, without its sign ("4d6kh3")

  int highest_face() const noexcept { return faces.back(); }
  // The law of one die: rerolled, then exploded up to `cap` extra rolls.
  IntegerLaw die_law(int cap) const;
  // The law of the group's kept sum (before its sign).
  IntegerLaw law(int cap) const;
  // P(some die of the group would roll on past the cap): the mass the cap changes.
  double beyond_cap(int cap) const;
};

struct DiceExpression {
  std::vector<DiceGroup> groups;
  int64_t constant = 0;
  int explosion_cap = 20;  // the most extra rolls an exploding die makes
  std::string text;        // as typed

  bool explodes() const noexcept {
    return std::any_of(groups.begin(), groups.end(), [](const DiceGroup& g) { return g.explodes; });
  }
  IntegerLaw law() const;
  // P(some die of the expression would explode beyond the cap). The law gives this mass to the
  // capped totals; without a cap it would lie on larger ones.
  double beyond_cap() const;
  // The expression in words ("the sum of 4d6 keeping the 3 highest, plus 2").
  std::string describe() const;

  // One roll, die by die with the kernel's random source (engine/trial_dice.hpp): the same law.
  template <class Dice>
  int64_t roll(Dice& d) const;
};

// The most dice in one group of an expression or one pool of a question (`volley dice`): every exact
// law stays a fraction of a second (a sum convolves n dice of F faces, about n^2 F^2 / 2 products).
inline constexpr int MaxDice = 10000;

// The most dice a kept group rolls (the roll keeps them on the stack; the exact law is a dynamic
// programme over them).
inline constexpr int MaxKeptDice = 100;
// The default explosion cap of `volley dice` (--explode-cap).
inline constexpr int DefaultExplosionCap = 20;

// Parses `text` (spaces allowed between terms). Throws std::invalid_argument naming the character
// (counted from 1 at the start of `text`, plus `position_offset`) and what was expected there.
DiceExpression parse_dice_expression(const std::string& text, int explosion_cap, size_t position_offset = 0);

template <class Dice>
int64_t DiceExpression::roll(Dice& d) const {
  int64_t total = constant;
  for (const DiceGroup& g : groups) {
    const int sides = static_cast<int>(g.faces.size());
    const auto one = [&] {
      int64_t v = g.faces[static_cast<size_t>(d.die(sides) - 1)];
      if (g.rerolls && v <= g.reroll_at_most) v = g.faces[static_cast<size_t>(d.die(sides) - 1)];
      if (g.explodes) {
        int64_t face = v;
        for (int extra = 0; extra < explosion_cap && face == g.highest_face(); ++extra) {
          face = g.faces[static_cast<size_t>(d.die(sides) - 1)];
          v += face;
        }
      }
      return v;
    };
    int64_t sum = 0;
    if (g.keep == DiceGroup::Keep::All) {
      for (int i = 0; i < g.count; ++i) sum += one();
    } else {
      std::array<int64_t, MaxKeptDice> rolled{};
      const auto n = static_cast<size_t>(g.count);
      for (size_t i = 0; i < n; ++i) rolled[i] = one();
      if (g.keep == DiceGroup::Keep::Highest) std::sort(rolled.begin(), rolled.begin() + n, std::greater<>());
      else std::sort(rolled.begin(), rolled.begin() + n);
      for (size_t i = 0; i < static_cast<size_t>(g.kept); ++i) sum += rolled[i];
    }
    total += g.sign * sum;
  }
  return total;
}

}  // namespace volley
