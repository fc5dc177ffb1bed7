#pragma once
// A random source for rules tests: the test lists, in order, the values the kernel will ask for, at
// the level the kernel asks (a pool's success count, a die's face, a card index, a group's counts).
// Stream selection is ignored: the script is one sequence in the order the rules draw. Asking for
// more than the script holds, or getting a value out of range, throws with the call described, so a
// test that scripts the wrong rolls fails loudly instead of passing by accident.
#include "engine/binomial_table.hpp"
#include "engine/face_histogram.hpp"
#include "engine/rng.hpp"

#include <cstdint>
#include <initializer_list>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace volley {

class ScriptedDice {
 public:
  ScriptedDice() = default;
  ScriptedDice(std::initializer_list<int> values) : values_(values) {}

  void push(std::initializer_list<int> values) { values_.insert(values_.end(), values); }

  void restart(Purpose purpose, uint32_t turn, uint32_t actor) noexcept {
    purpose_ = purpose;
    turn_ = turn;
    actor_ = actor;
  }

  void skip_to(uint64_t /*position*/) noexcept {}  // a script lists only what is drawn
  uint32_t below(uint32_t bound) { return static_cast<uint32_t>(take("below", 0, static_cast<int>(bound) - 1)); }
  int die(int faces) { return take("die", 1, faces); }
  int successes(int n, int band, int faces) {
    if (n <= 0 || band <= 0) return 0;  // the real source draws nothing for a pool that cannot hit
    if (band >= faces) return n;        // nor for one that cannot miss
    const int k = take("successes", 0, n);
    // The word TrialDice would have drawn it from: the least that gives k (the pool's row counts k
    // thresholds at or below it), for pools of one word.
    if (n <= ChunkDice) pool_word_ = k == 0 ? 0 : BinomialTables::instance().thresholds(faces, band, n)[k - 1];
    return k;
  }
  uint32_t pool_word() const noexcept { return pool_word_; }
  void categories(int n, int /*faces*/, std::span<const int> sizes, std::span<int> out) {
    for (size_t g = 0; g < sizes.size(); ++g) {
      out[g] = take("categories", 0, n);
      n -= out[g];
    }
  }

  // Scripted from the top face down: sixes, fives, fours, threes, twos; the ones are the rest. No
  // value for n <= 0 (the real source draws nothing).
  D6Histogram d6_histogram(int n) {
    if (n <= 0) return 0;
    int counts[7] = {};
    int left = n;
    for (int f = 6; f >= 2; --f) {
      counts[f] = take("d6_histogram", 0, left);
      left -= counts[f];
    }
    counts[1] = left;
    return pack_faces(counts);
  }

  // Scripted as categories: each group's count, in order (TrialDice draws the same law differently).
  void d6_categories(int n, std::span<const int> sizes, std::span<int> out) { categories(n, 6, sizes, out); }

  uint64_t words() const noexcept { return next_; }
  size_t remaining() const noexcept { return values_.size() - next_; }
  bool exhausted() const noexcept { return next_ == values_.size(); }

 private:
  int take(const char* what, int lo, int hi) {
    const std::string where = std::string(what) + " [" + std::to_string(lo) + ", " + std::to_string(hi) + "] (purpose " +
                              std::to_string(static_cast<int>(purpose_)) + ", turn " + std::to_string(turn_) + ", actor " +
                              std::to_string(actor_) + ")";
    if (next_ >= values_.size()) throw std::logic_error("script exhausted at draw " + std::to_string(next_) + ": " + where);
    const int v = values_[next_];
    if (v < lo || v > hi)
      throw std::logic_error("scripted value " + std::to_string(v) + " at draw " + std::to_string(next_) + " out of range for " + where);
    ++next_;
    return v;
  }

  std::vector<int> values_;
  size_t next_ = 0;
  Purpose purpose_ = Purpose::Test;
  uint32_t turn_ = 0;
  uint32_t actor_ = 0;
  uint32_t pool_word_ = 0;
};

}  // namespace volley
