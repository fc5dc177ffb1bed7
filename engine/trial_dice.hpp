#pragma once
// The random source a kernel plays one trial with.
//
// Every kernel is a template over its random source, which offers exactly the draws the rules need:
//   restart(purpose, turn, actor)   select the stream for what follows (rng.hpp)
//   below(bound)                    uniform integer in [0, bound): card orders, placements
//   die(faces)                      one die, 1..faces
//   successes(n, band, faces)       how many of n dice show a face <= band (a pool's hits)
//   categories(n, faces, sizes, out) how many of n dice fall in each group of faces; the groups
//                                   are consecutive face ranges, largest faces first, sizes[i] faces
//                                   each (e.g. {1, 2} on a d6: sixes, then fours and fives)
// TrialDice draws them from Philox streams; ScriptedDice (scripted_dice.hpp) replays a test's list.
// The binomial path is the default; the per-die path rolls every die and has the same law (it is
// kept for tests and for the bench's comparison).
#include "engine/binomial_table.hpp"
#include "engine/rng.hpp"

#include <cassert>
#include <cstdint>
#include <span>

namespace volley {

enum class PoolPath { Binomial, PerDie };

template <PoolPath Path = PoolPath::Binomial>
class BasicTrialDice {
 public:
  BasicTrialDice(uint64_t seed, uint64_t trial) noexcept
      : seed_(seed), trial_(trial), tables_(&BinomialTables::instance()) {}

  void restart(Purpose purpose, uint32_t turn, uint32_t actor) noexcept {
    words_ += stream_.words();
    stream_ = Stream(seed_, trial_, purpose, turn, actor);
  }

  uint32_t below(uint32_t bound) noexcept { return stream_.below(bound); }
  int die(int faces) noexcept { return 1 + static_cast<int>(stream_.below(static_cast<uint32_t>(faces))); }

  int successes(int n, int band, int faces) noexcept {
    assert(faces >= 1 && faces <= MaxFaces);
    if (n <= 0 || band <= 0) return 0;
    if (band >= faces) return n;
    if constexpr (Path == PoolPath::PerDie) {
      int hits = 0;
      for (int i = 0; i < n; ++i) hits += die(faces) <= band;
      return hits;
    } else {
      int hits = 0;
      for (; n > ChunkDice; n -= ChunkDice)
        hits += binomial_from_word(tables_->thresholds(faces, band, ChunkDice), ChunkDice, stream_.next_u32());
      return hits + binomial_from_word(tables_->thresholds(faces, band, n), n, stream_.next_u32());
    }
  }

  // Chained binomials: the first group is Binomial(n, s0/F); the next, among the dice left, is
  // Binomial(n - c0, s1/(F - s0)); and so on. This is the multinomial law exactly.
  void categories(int n, int faces, std::span<const int> sizes, std::span<int> out) noexcept {
    if constexpr (Path == PoolPath::PerDie) {
      for (size_t g = 0; g < sizes.size(); ++g) out[g] = 0;
      for (int i = 0; i < n; ++i) {
        int face = die(faces), top = faces;
        for (size_t g = 0; g < sizes.size(); ++g) {
          if (face > top - sizes[g]) { ++out[g]; break; }
          top -= sizes[g];
        }
      }
    } else {
      int left_faces = faces;
      for (size_t g = 0; g < sizes.size(); ++g) {
        out[g] = successes(n, sizes[g], left_faces);
        n -= out[g];
        left_faces -= sizes[g];
      }
    }
  }

  // 32-bit words drawn in this trial so far.
  uint64_t words() const noexcept { return words_ + stream_.words(); }

 private:
  uint64_t seed_;
  uint64_t trial_;
  const BinomialTables* tables_;
  Stream stream_{};
  uint64_t words_ = 0;
};

using TrialDice = BasicTrialDice<PoolPath::Binomial>;
using PerDieTrialDice = BasicTrialDice<PoolPath::PerDie>;

}  // namespace volley
