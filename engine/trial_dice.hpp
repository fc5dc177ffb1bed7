#pragma once
// The random source a kernel plays one trial with.
//
// Every kernel is a template over its random source, which offers exactly the draws the rules need:
//   restart(purpose, turn, actor)   select the stream for what follows (rng.hpp)
//   skip_to(position)               move on to that word of the stream (fixed places in a block)
//   below(bound)                    uniform integer in [0, bound): card orders, placements
//   die(faces)                      one die, 1..faces
//   successes(n, band, faces)       how many of n dice show a face <= band (a pool's hits)
//   categories(n, faces, sizes, out) how many of n dice fall in each group of faces; the groups
//                                   are consecutive face ranges, largest faces first, sizes[i] faces
//                                   each (e.g. {1, 2} on a d6: sixes, then fours and fives)
//   d6_histogram(n)                 how many of n d6 show each face (D6Histogram, face_histogram.hpp)
//   pool_word()                     the word the last pool of one word was drawn from (what the
//                                   value controls read: engine/firefight/pool_luck.hpp)
//   d6_categories(n, sizes, out)    categories(n, 6, sizes, out) in law, drawn as whole face
//                                   histograms: one word per MaxHistogramDice dice whatever the
//                                   groups (face_histogram.hpp), where categories draws one per group
// TrialDice draws them from Philox streams; ScriptedDice (scripted_dice.hpp) replays a test's list.
// The binomial path is the default; the per-die path rolls every die and has the same law (it is
// kept for tests and for the bench's comparison).
#include "engine/binomial_table.hpp"
#include "engine/face_histogram.hpp"
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
      : tables_(&BinomialTables::instance()), histograms_(&FaceHistogramTable::instance()), stream_(seed, trial, Purpose::Test, 0, 0) {}

  // The stream keeps the trial's seed and counter words; a restart rewrites only what names the stream.
  [[gnu::always_inline]] void restart(Purpose purpose, uint32_t turn, uint32_t actor) noexcept {
    words_ += stream_.words();
    stream_.restart(purpose, turn, actor);
  }

  void skip_to(uint64_t position) noexcept { stream_.skip_to(position); }
  uint32_t below(uint32_t bound) noexcept { return stream_.below(bound); }
  int die(int faces) noexcept { return 1 + static_cast<int>(stream_.below(static_cast<uint32_t>(faces))); }

  [[gnu::always_inline]] int successes(int n, int band, int faces) noexcept {
    assert(faces >= 1 && faces <= MaxFaces);
    if constexpr (Path == PoolPath::Binomial) {
      // Small pools (a volley's casualties: 0 to a few dice, a coin toss for the predictor) without
      // a branch on n: the word is read, the padded row counted over SmallPool entries, and the word
      // drawn only when n > 0. The same law and the same words as the general path below.
      if (n <= SmallPool && band > 0 && band < faces) {
        const int dice = n > 0 ? n : 0;
        const uint32_t u = stream_.peek_u32();
        const int k = binomial_from_word_small(tables_->thresholds(faces, band, dice), dice, u);
        stream_.consume(n > 0);
        pool_word_ = u;
        return k;
      }
    }
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
      pool_word_ = stream_.next_u32();
      return hits + binomial_from_word(tables_->thresholds(faces, band, n), n, pool_word_);
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
          if (face > top - sizes[g]) {
            ++out[g];
            break;
          }
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

  // The face histogram of n d6, n <= MaxHistogramCount: one word per MaxHistogramDice dice, the
  // chunks' histograms summed (none for n <= 0).
  D6Histogram d6_histogram(int n) noexcept {
    assert(n <= MaxHistogramCount);
    D6Histogram faces = 0;
    if constexpr (Path == PoolPath::PerDie) {
      for (int i = 0; i < n; ++i) faces += D6Histogram{1} << (10 * (die(HistogramFaces) - 1));
    } else {
      for (; n > 0; n -= MaxHistogramDice) faces += histograms_->sample(n < MaxHistogramDice ? n : MaxHistogramDice, stream_.next_u32());
    }
    return faces;
  }

  // The groups of faces of n d6 (as categories(n, 6, sizes, out)) from face histograms of up to
  // MaxHistogramDice dice, one word each, summed; when chained binomials would draw fewer words (large
  // pools split into few groups), from those. Either way the multinomial law exactly, and no word is
  // drawn for n <= 0.
  void d6_categories(int n, std::span<const int> sizes, std::span<int> out) noexcept {
    if constexpr (Path == PoolPath::PerDie) {
      categories(n, HistogramFaces, sizes, out);
    } else {
      for (size_t g = 0; g < sizes.size(); ++g) out[g] = 0;
      if (n <= MaxHistogramDice) {  // the common case: one word
        if (n > 0) add_face_groups(histograms_->sample(n, stream_.next_u32()), n, sizes, out);
        return;
      }
      const int histogram_words = (n + MaxHistogramDice - 1) / MaxHistogramDice;
      const int binomial_words = static_cast<int>(sizes.size()) * ((n + ChunkDice - 1) / ChunkDice);
      if (histogram_words > binomial_words) return categories(n, HistogramFaces, sizes, out);
      for (; n > 0; n -= MaxHistogramDice) {
        const int chunk = n < MaxHistogramDice ? n : MaxHistogramDice;
        add_face_groups(histograms_->sample(chunk, stream_.next_u32()), chunk, sizes, out);
      }
    }
  }

  // The word the last pool of 0 < band < faces drew (of its last chunk): a pool of at most ChunkDice
  // dice shows the successes its row's thresholds count at or below it (pool_luck.hpp reads it). The
  // binomial path only: the per-die path, which the firefight never plays, leaves it as it was.
  uint32_t pool_word() const noexcept { return pool_word_; }

  // 32-bit words drawn in this trial so far.
  uint64_t words() const noexcept { return words_ + stream_.words(); }

 private:
  const BinomialTables* tables_;
  const FaceHistogramTable* histograms_;
  Stream stream_;  // Purpose::Test until the first restart
  uint64_t words_ = 0;
  uint32_t pool_word_ = 0;
};

using TrialDice = BasicTrialDice<PoolPath::Binomial>;
using PerDieTrialDice = BasicTrialDice<PoolPath::PerDie>;

}  // namespace volley
