#pragma once
// The exact cross-moments of a tally's control variates (docs/methods.md, "Luck-adjusted
// estimates"): over the trials, sum c_i, sum c_i c_j (i <= j) and, for every metric y, sum y c_i.
// They are all the regression of an estimate on the controls needs, and all integers (a control is
// an integer of known mean zero: metrics.hpp), so they merge exactly like the rest of the tally:
// the adjusted estimates are the same bits for any thread count, shard split or MPI ranks.
//
// A control's value and a metric's value fit in 32 bits signed, so every product fits in 64 and
// 2^63 trials cannot overflow the 128-bit sums (kept as two's complement, modulo 2^128). A trial whose
// values all lie within +-2^24 (nearly all: the duel controls reach a million or two) adds to 64-bit
// sums instead, cheaper, which are folded into the 128-bit ones every 2^14 trials (2^48 x 2^14 < 2^63:
// they cannot overflow) and read with them. Which trials take which path changes no sum.
//
// A metric the schema declares a difference of two others (MetricDifference: a compare's paired
// differences, a fifth of its rows) gets no products of its own: its sums with the controls are
// those of its minuend less those of its subtrahend, exactly (modulo 2^128 like every sum), so they
// read, merge and serialise as if tallied.
#include "analysis/int128.hpp"
#include "engine/metrics.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace volley {

class ControlMoments {
 public:
  ControlMoments() = default;
  // Throws std::invalid_argument when a difference names a metric out of range or another difference.
  ControlMoments(size_t metrics, size_t controls, std::span<const MetricDifference> differences = {});

  size_t controls() const noexcept { return k_; }
  // Whether the 64-bit sums take AVX2's four products an instruction (where the CPU has it) or
  // SSE4.1's two: the same integers either way. Tests turn it off to check the other path.
  bool uses_avx2() const noexcept { return wide_vectors_; }
  void use_avx2(bool on) noexcept;
  size_t metrics() const noexcept { return m_; }
  bool empty() const noexcept { return k_ == 0; }

  // One trial: y[0 .. metrics) its metrics, c[0 .. controls) its controls. Most controls are 0 in a
  // trial (a kind of event that did not happen) and many metrics too: a metric of 0 adds nothing, and
  // a control of 0 adds zeros (the rows are added whole, two products an instruction).
  void add(const int64_t* y, const int64_t* c) noexcept {
    uint64_t metrics_spread = 0;
    for (size_t j = 0; j < m_; ++j) metrics_spread |= spread_of(y[j]);
    add(y, c, metrics_spread);
  }
  // The same, given the OR of spread_of(y[j]) over the metrics: a caller that walks the metrics
  // anyway (Tally::add) gathers it there rather than in a second walk.
  void add(const int64_t* y, const int64_t* c, uint64_t metrics_spread) noexcept {
    uint64_t any = 0, spread = metrics_spread;
    for (size_t i = 0; i < k_; ++i) {
      any |= static_cast<uint64_t>(c[i]);
      spread |= spread_of(c[i]);
    }
    if (any == 0) return;
    // Every value v has v + SmallValue in [0, 2 SmallValue), a power of two, exactly when their OR does.
    if (spread < static_cast<uint64_t>(2 * SmallValue)) [[likely]] {
      add_narrow(y, c);
      return;
    }
    add_wide(y, c);
  }

  // A value's term of the bound that decides a trial's path (add): v + SmallValue as unsigned.
  static uint64_t spread_of(int64_t v) noexcept { return static_cast<uint64_t>(v + SmallValue); }

  // Throws std::invalid_argument when the shapes differ.
  void merge(const ControlMoments& other);

  Int128 sum(size_t i) const noexcept { return total(sum_, narrow_sum_, i); }
  Int128 cross(size_t i, size_t j) const noexcept {
    return total(cross_, narrow_cross_, i <= j ? row_start_[i] + j - i : row_start_[j] + i - j);
  }
  Int128 with_metric(size_t metric, size_t i) const noexcept {
    const int32_t d = difference_at_[metric];
    if (d < 0) return tallied_with_metric(metric, i);
    const MetricDifference& diff = differences_[static_cast<size_t>(d)];
    return static_cast<Int128>(static_cast<UInt128>(tallied_with_metric(diff.minuend, i)) -
                               static_cast<UInt128>(tallied_with_metric(diff.subtrahend, i)));
  }

  // Serialisation after the tally's own words: the sums, the cross sums (row by row, i <= j), then
  // per metric its sums with each control; two words each, low first.
  size_t word_count() const noexcept { return 2 * (sum_.size() + cross_.size() + metric_.size()); }
  void append_words(std::vector<uint64_t>& words) const;
  // Throws std::invalid_argument unless exactly word_count() words, or when a difference's sums are
  // not its metrics' (words no run could have made).
  void read_words(std::span<const uint64_t> words);

  friend bool operator==(const ControlMoments& a, const ControlMoments& b) noexcept {
    if (a.m_ != b.m_ || a.k_ != b.k_) return false;
    for (size_t i = 0; i < a.sum_.size(); ++i)
      if (a.sum(i) != b.sum(i)) return false;
    for (size_t i = 0; i < a.cross_.size(); ++i)
      if (total(a.cross_, a.narrow_cross_, i) != total(b.cross_, b.narrow_cross_, i)) return false;
    for (size_t i = 0; i < a.metric_.size(); ++i)
      if (total(a.metric_, a.narrow_metric_, i) != total(b.metric_, b.narrow_metric_, i)) return false;
    return a.difference_at_ == b.difference_at_;
  }

 private:
  static constexpr int64_t SmallValue = int64_t{1} << 24;
  static constexpr uint32_t NarrowTrials = uint32_t{1} << 14;
  static Int128 total(const std::vector<UInt128>& wide, const std::vector<int64_t>& narrow, size_t i) noexcept {
    return static_cast<Int128>(wide[i] + static_cast<UInt128>(static_cast<Int128>(narrow[i])));
  }
  Int128 tallied_with_metric(size_t metric, size_t i) const noexcept { return total(metric_, narrow_metric_, metric * k_ + i); }
  void add_narrow(const int64_t* y, const int64_t* c) noexcept;
  void add_narrow_avx2(const int64_t* y, const int64_t* c) noexcept;
  template <void (*AddRow)(int64_t*, const int64_t*, size_t, int64_t) noexcept>
  void add_narrow_rows(const int64_t* y, const int64_t* c) noexcept;
  void add_wide(const int64_t* y, const int64_t* c) noexcept;
  // The 64-bit sums into the 128-bit ones.
  void fold() noexcept;

  size_t m_ = 0, k_ = 0;
  std::vector<UInt128> sum_, cross_, metric_;
  std::vector<int64_t> narrow_sum_, narrow_cross_, narrow_metric_;
  uint32_t narrow_trials_ = 0;
  std::vector<size_t> row_start_;  // where row i of the packed upper triangle begins
  std::vector<MetricDifference> differences_;
  std::vector<int32_t> difference_at_;  // per metric, its index in differences_, or -1: tallied
  std::vector<uint32_t> tallied_;       // the metrics that are not differences, ascending
  // Whether this CPU has AVX2 (four products an instruction, where the release build's x86-64-v2
  // baseline has SSE4.1's two); the sums are the same integers either way.
  bool wide_vectors_ = false;
};

}  // namespace volley
