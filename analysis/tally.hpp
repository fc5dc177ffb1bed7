#pragma once
// Integer tallies of per-trial observations (docs/architecture.md, "Running and aggregating").
//
// For every metric of a Schema: a histogram over [min_value, max_value] with an underflow and an
// overflow bin, and the exact moments n, sum x, sum x^2 as 128-bit integers. Everything is integer,
// so merge is exact, associative and commutative: a run gives bit-identical tallies whatever the
// thread count, block order or number of MPI ranks. Floating point appears only in estimate.hpp.
//
// Layout: one flat vector of bins (metric i owns bins [offset_i, offset_i + width_i + 2)) so that
// add() is a tight loop and merge() one vector addition. The moments of the values inside a
// metric's range follow exactly from its bins, so add() counts those values only and keeps running
// moments for the values outside it (rare: a schema's ranges hold what its kernel reports);
// sum() and sum_squares() add the two up when asked.
//
// A schema with controls (metrics.hpp) adds their cross-moments (control_moments.hpp): every
// estimate can then be luck-adjusted (analysis/control_variates.hpp), and they merge as exactly.
#include "analysis/control_moments.hpp"
#include "engine/metrics.hpp"

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace volley {

class Tally {
 public:
  Tally() = default;
  explicit Tally(std::shared_ptr<const Schema> schema);

  // Record one trial: obs[i] is metric i's value. Values must fit in 32 bits signed (kernels count
  // figures, dice and turns), so 2^63 trials cannot overflow the 128-bit moments.
  void add(const int64_t* obs) noexcept {
    ++trials_;
    if (controls_.empty()) {
      add_bins<false>(obs);
      return;
    }
    controls_.add(obs, obs + offset_.size(), add_bins<true>(obs));
  }

  // Add another tally of the same schema (throws std::invalid_argument on a schema mismatch).
  void merge(const Tally& other);

  const Schema& schema() const noexcept { return *schema_; }
  const std::shared_ptr<const Schema>& schema_ptr() const noexcept { return schema_; }
  uint64_t trials() const noexcept { return trials_; }
  Int128 sum(size_t metric) const noexcept;
  UInt128 sum_squares(size_t metric) const noexcept;
  // Trials in which the metric took exactly this value (0 outside the histogram range).
  uint64_t count(size_t metric, int64_t value) const noexcept;
  uint64_t underflow(size_t metric) const noexcept { return bins_[offset_[metric]]; }
  uint64_t overflow(size_t metric) const noexcept { return bins_[offset_[metric] + width_[metric] + 2]; }
  // The controls' moments (empty when the schema has none).
  const ControlMoments& controls() const noexcept { return controls_; }
  // Histogram bins of values min_value..max_value (without under/overflow).
  std::span<const uint64_t> histogram(size_t metric) const noexcept {
    return {bins_.data() + offset_[metric] + 1, static_cast<size_t>(width_[metric]) + 1};
  }

  // A 64-bit hash of every integer in the tally (FNV-1a over the little-endian words): two runs agree
  // bit for bit iff their signatures agree (with overwhelming probability).
  uint64_t signature() const noexcept;

  // The raw integers, for serialisation (JSON, MPI, checkpoints): bins, then per metric sum (two
  // words, low first, two's complement) and sum of squares (two words), then the controls' moments
  // (ControlMoments::to_words; none without controls).
  std::vector<uint64_t> to_words() const;
  // Throws std::invalid_argument on a size mismatch, or on words no run could have made
  // (check_consistency: a file edited by hand, its signature recomputed).
  void from_words(uint64_t trials, std::span<const uint64_t> words);

  friend bool operator==(const Tally& a, const Tally& b) noexcept {
    return a.trials_ == b.trials_ && a.bins_ == b.bins_ && a.outside_sum_ == b.outside_sum_ && a.outside_squares_ == b.outside_squares_ &&
           a.controls_ == b.controls_;
  }

 private:
  void check_consistency() const;
  // The histogram bins of one trial's metrics; with `Spread`, the OR of ControlMoments::spread_of
  // over them, gathered in the same walk for the controls' moments (0 without).
  template <bool Spread>
  uint64_t add_bins(const int64_t* obs) noexcept {
    const size_t m = offset_.size();
    // Local pointers: the compiler cannot tell that add_outside() leaves the vectors where they are.
    const int64_t* min = min_.data();
    const int64_t* width = width_.data();
    const size_t* offset = offset_.data();
    uint64_t* bins = bins_.data();
    uint64_t spread = 0;
    for (size_t i = 0; i < m; ++i) {
      const int64_t v = obs[i];
      if constexpr (Spread) spread |= ControlMoments::spread_of(v);
      // v - min as unsigned: one compare tests both ends of the range.
      const uint64_t rel = static_cast<uint64_t>(v - min[i]);
      if (rel <= static_cast<uint64_t>(width[i])) [[likely]]
        ++bins[offset[i] + rel + 1];
      else add_outside(i, v);
    }
    return spread;
  }
  // An observation outside the metric's range: its under- or overflow bin and its moments.
  void add_outside(size_t metric, int64_t v) noexcept;
  // The moments of the values in the metric's histogram range, from its bins. Sums are kept as
  // two's complement modulo 2^128 (unsigned: no overflow to fear in any order of additions).
  UInt128 binned_sum(size_t metric) const noexcept;
  UInt128 binned_squares(size_t metric) const noexcept;

  std::shared_ptr<const Schema> schema_;
  uint64_t trials_ = 0;
  std::vector<uint64_t> bins_;
  std::vector<size_t> offset_;
  std::vector<int64_t> min_;
  std::vector<int64_t> width_;        // max_value - min_value
  std::vector<UInt128> outside_sum_;  // moments of the values outside the range only
  std::vector<UInt128> outside_squares_;
  ControlMoments controls_;
};

}  // namespace volley
