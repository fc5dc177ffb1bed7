#pragma once
// The exact cross-moments of a tally's control variates (docs/methods.md, "Luck-adjusted
// estimates"): over the trials, sum c_i, sum c_i c_j (i <= j) and, for every metric y, sum y c_i.
// They are all the regression of an estimate on the controls needs, and all integers (a control is
// an integer of known mean zero: metrics.hpp), so they merge exactly like the rest of the tally:
// the adjusted estimates are the same bits for any thread count, shard split or MPI ranks.
//
// A control's value and a metric's value fit in 32 bits signed, so every product fits in 64 and
// 2^63 trials cannot overflow the 128-bit sums (kept as two's complement, modulo 2^128).
#include "analysis/int128.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace volley {

class ControlMoments {
 public:
  ControlMoments() = default;
  ControlMoments(size_t metrics, size_t controls);

  size_t controls() const noexcept { return k_; }
  size_t metrics() const noexcept { return m_; }
  bool empty() const noexcept { return k_ == 0; }

  // One trial: y[0 .. metrics) its metrics, c[0 .. controls) its controls. Most controls are 0 in a
  // trial (a kind of event that did not happen, the turns after the decision) and many metrics too:
  // only the products of nonzero values are added.
  void add(const int64_t* y, const int64_t* c) noexcept {
    size_t nz = 0;
    for (size_t i = 0; i < k_; ++i) {
      nonzero_[nz] = static_cast<uint32_t>(i);
      value_[nz] = c[i];
      nz += c[i] != 0;
    }
    if (nz == 0) return;
    for (size_t a = 0; a < nz; ++a) {
      const size_t i = nonzero_[a];
      const int64_t v = value_[a];
      sum_[i] += static_cast<UInt128>(static_cast<Int128>(v));
      UInt128* row = cross_.data() + row_start_[i] - i;  // row[j] is (i, j) for j >= i
      for (size_t b = a; b < nz; ++b) row[nonzero_[b]] += static_cast<UInt128>(static_cast<Int128>(v * value_[b]));
    }
    for (size_t j = 0; j < m_; ++j) {
      const int64_t yj = y[j];
      if (yj == 0) continue;
      UInt128* row = metric_.data() + j * k_;
      for (size_t a = 0; a < nz; ++a) row[nonzero_[a]] += static_cast<UInt128>(static_cast<Int128>(yj * value_[a]));
    }
  }

  // Throws std::invalid_argument when the shapes differ.
  void merge(const ControlMoments& other);

  Int128 sum(size_t i) const noexcept { return static_cast<Int128>(sum_[i]); }
  Int128 cross(size_t i, size_t j) const noexcept {
    return static_cast<Int128>(i <= j ? cross_[row_start_[i] + j - i] : cross_[row_start_[j] + i - j]);
  }
  Int128 with_metric(size_t metric, size_t i) const noexcept { return static_cast<Int128>(metric_[metric * k_ + i]); }

  // Serialisation after the tally's own words: the sums, the cross sums (row by row, i <= j), then
  // per metric its sums with each control; two words each, low first.
  size_t word_count() const noexcept { return 2 * (sum_.size() + cross_.size() + metric_.size()); }
  void append_words(std::vector<uint64_t>& words) const;
  // Throws std::invalid_argument unless exactly word_count() words.
  void read_words(std::span<const uint64_t> words);

  friend bool operator==(const ControlMoments& a, const ControlMoments& b) noexcept {
    return a.m_ == b.m_ && a.k_ == b.k_ && a.sum_ == b.sum_ && a.cross_ == b.cross_ && a.metric_ == b.metric_;
  }

 private:
  size_t m_ = 0, k_ = 0;
  std::vector<UInt128> sum_, cross_, metric_;
  std::vector<size_t> row_start_;  // where row i of the packed upper triangle begins
  // Scratch of add(): the nonzero controls of the trial.
  std::vector<uint32_t> nonzero_;
  std::vector<int64_t> value_;
};

}  // namespace volley
