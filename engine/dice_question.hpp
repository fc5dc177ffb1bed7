#pragma once
// A question about dice as a designer types it to `volley dice`, with its exact law and a way to
// roll it. The forms (each the law of one integer):
//   3d6, 2d6+1, 4d6-2          the sum of the faces, plus a constant; any dice expression
//                              (engine/dice_expression.hpp): d6+d8, 4d6kh3, 2d20kl1, d6!, d6r1, d{1,1,2,3}
//   4d6kh3 vs 3d6              opposed sums: A's total minus B's (A wins with P(X >= 1), a tie P(X = 0))
//   10d20 --hit '<=6'          how many dice show a face in a range ('<=6', '>=4', '4+', '==1', '2..5')
//   6d6 --hit '==1' --minus '==6'
//                              how many show one range minus how many show another (B-2: a Command
//                              Failure is more 1s than 6s, P(X >= 1))
//   5d6@4+ vs 3d6@4+           opposed pools: A's successes minus B's (B-3 supply, B-6 comms: A wins
//                              with P(X >= 1))
//   8d20 --hit '<=6' --kill 1/4
//                              a TSATF volley: the hits, then how many of them kill (F-4)
#include "engine/dice_expression.hpp"
#include "engine/integer_law.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace volley {

// Faces low..high of one die (empty when high < low).
struct FaceRange {
  int low = 1;
  int high = 0;
  int size() const noexcept { return high >= low ? high - low + 1 : 0; }
  bool contains(int face) const noexcept { return face >= low && face <= high; }
};

struct DiceTerm {
  int dice = 1;
  int faces = 6;
  bool counted = false;  // true: count the dice showing `hit`; false: sum the faces
  FaceRange hit;
};

enum class DiceQuestionKind { Sum, Count, CountDifference, Opposed, OpposedSums };

struct DiceQuestion {
  DiceQuestionKind kind = DiceQuestionKind::Sum;
  DiceTerm pool;
  DiceExpression sum, opponent_sum;  // Sum: the expression; OpposedSums: A and B
  FaceRange minus;                   // CountDifference: the faces counted against
  DiceTerm opponent;                 // Opposed: side B's pool
  bool kills = false;                // Count: each hit kills with kill_num / kill_den (F-4)
  int kill_num = 1, kill_den = 4;

  // One line saying what is counted, in words.
  std::string describe() const;
  // What the value is called in a table header: "sum", "hits", "difference".
  std::string value_name() const;
  // The exact law of the value.
  IntegerLaw law() const;
  // Count with kills: the exact law of the figures killed.
  IntegerLaw kill_law() const;
  // Opposed and OpposedSums: one side against the other; the value is A minus B.
  bool opposed() const noexcept { return kind == DiceQuestionKind::Opposed || kind == DiceQuestionKind::OpposedSums; }
  // Whether an exploding die takes part (the law then says its cap), and P(some die would explode
  // beyond the cap).
  bool explodes() const noexcept;
  double beyond_cap() const;

  // One roll of the question: its value, and (with kills) the figures killed. Dice: the kernel's
  // random source (engine/trial_dice.hpp). Counts draw as the kernel does (a binomial per pool,
  // chained binomials for two ranges); faces beyond the binomial tables are rolled one by one.
  template <class Dice>
  void roll(Dice& d, int64_t& value, int64_t& killed) const;
};

// Parses the words of the command line (the positional words, joined: "5d6@4+ vs 3d6@4+") and the
// options. Throws std::invalid_argument saying which word is wrong and what was expected.
// `explosion_cap`: the most extra rolls of an exploding die (d6!).
DiceQuestion parse_dice_question(const std::string& words, const std::string& hit, int modifier, const std::string& minus,
                                 const std::string& kill, int explosion_cap = DefaultExplosionCap);

// A face rule for a die of `faces` faces: '<=6' (TSATF), '>=4' or '4+' (Combat HQ), '==1', '2..5';
// `modifier` moves the hitting end of '<=' and '>=' rules (SF-B's -1: one face fewer hits).
FaceRange parse_face_rule(const std::string& rule, int faces, int modifier);

template <class Dice>
int count_showing(Dice& d, int dice, int faces, int range_size) {
  if (faces <= 20) return d.successes(dice, range_size, faces);  // the binomial tables' reach
  int n = 0;
  for (int i = 0; i < dice; ++i) n += d.die(faces) <= range_size;
  return n;
}

template <class Dice>
void DiceQuestion::roll(Dice& d, int64_t& value, int64_t& killed) const {
  killed = 0;
  switch (kind) {
    case DiceQuestionKind::Sum:
      value = sum.roll(d);
      return;
    case DiceQuestionKind::OpposedSums: {
      const int64_t a = sum.roll(d);
      value = a - opponent_sum.roll(d);
      return;
    }
    case DiceQuestionKind::Count: {
      const int hits = count_showing(d, pool.dice, pool.faces, pool.hit.size());
      value = hits;
      if (kills) killed = count_showing(d, hits, kill_den, kill_num);
      return;
    }
    case DiceQuestionKind::CountDifference: {
      // The law depends only on how many faces each range has: chained binomials (categories).
      const int a = count_showing(d, pool.dice, pool.faces, pool.hit.size());
      const int rest = pool.faces - pool.hit.size();
      const int b = rest > 0 ? count_showing(d, pool.dice - a, rest, minus.size()) : 0;
      value = a - b;
      return;
    }
    case DiceQuestionKind::Opposed: {
      const int a = count_showing(d, pool.dice, pool.faces, pool.hit.size());
      const int b = count_showing(d, opponent.dice, opponent.faces, opponent.hit.size());
      value = a - b;
      return;
    }
  }
}

}  // namespace volley
