#include "analysis/control_moments.hpp"

#include "analysis/scaled_row.hpp"

#include <algorithm>
#include <stdexcept>
#include <tuple>
#include <utility>
#include <string>

namespace volley {

ControlMoments::ControlMoments(size_t metrics, size_t controls, std::span<const MetricDifference> differences)
    : m_(metrics),
      k_(controls),
      sum_(controls, 0),
      cross_(controls * (controls + 1) / 2, 0),
      metric_(metrics * controls, 0),
      narrow_sum_(controls, 0),
      narrow_cross_(controls * (controls + 1) / 2, 0),
      narrow_metric_(metrics * controls, 0),
      row_start_(controls, 0),
      differences_(differences.begin(), differences.end()),
      difference_at_(metrics, -1),
      wide_vectors_(cpu_has_avx2()) {
  for (size_t i = 0, start = 0; i < controls; start += controls - i, ++i) row_start_[i] = start;
  for (size_t d = 0; d < differences_.size(); ++d) {
    const MetricDifference& diff = differences_[d];
    if (diff.out >= metrics || diff.minuend >= metrics || diff.subtrahend >= metrics || difference_at_[diff.out] >= 0)
      throw std::invalid_argument("a metric difference names a metric out of range, or one twice");
    difference_at_[diff.out] = static_cast<int32_t>(d);
  }
  for (const MetricDifference& diff : differences_)
    if (difference_at_[diff.minuend] >= 0 || difference_at_[diff.subtrahend] >= 0)
      throw std::invalid_argument("a metric difference is taken of another difference");
  for (size_t j = 0; j < metrics; ++j)
    if (difference_at_[j] < 0) tallied_.push_back(static_cast<uint32_t>(j));
}

void ControlMoments::use_avx2(bool on) noexcept { wide_vectors_ = on && cpu_has_avx2(); }

// A trial whose values all lie within +-SmallValue: to the 64-bit sums, a row at a time.
template <void (*AddRow)(int64_t*, const int64_t*, size_t, int64_t) noexcept>
[[gnu::always_inline]] inline void ControlMoments::add_narrow_rows(const int64_t* y, const int64_t* c) noexcept {
  int64_t* sum = narrow_sum_.data();
  for (size_t i = 0; i < k_; ++i) sum[i] += c[i];
  for (size_t i = 0; i < k_; ++i)
    if (c[i] != 0) AddRow(narrow_cross_.data() + row_start_[i], c + i, k_ - i, c[i]);
  for (const uint32_t j : tallied_)
    if (y[j] != 0) AddRow(narrow_metric_.data() + j * k_, c, k_, y[j]);
  if (++narrow_trials_ == NarrowTrials) fold();
}

#ifdef VOLLEY_HAS_AVX2_PATH
// Compiled for AVX2, so that its rows' loop inlines with four products an instruction.
__attribute__((target("avx2"))) void ControlMoments::add_narrow_avx2(const int64_t* y, const int64_t* c) noexcept {
  add_narrow_rows<add_scaled_small_avx2>(y, c);
}
#endif

void ControlMoments::add_narrow(const int64_t* y, const int64_t* c) noexcept {
#ifdef VOLLEY_HAS_AVX2_PATH
  if (wide_vectors_) {
    add_narrow_avx2(y, c);
    return;
  }
#endif
  add_narrow_rows<add_scaled_small>(y, c);
}

// A trial with a value beyond the 64-bit sums' bound: every product to the 128-bit sums.
void ControlMoments::add_wide(const int64_t* y, const int64_t* c) noexcept {
  const auto wide = [](int64_t v) { return static_cast<UInt128>(static_cast<Int128>(v)); };
  for (size_t i = 0; i < k_; ++i) {
    if (c[i] == 0) continue;
    sum_[i] += wide(c[i]);
    UInt128* row = cross_.data() + row_start_[i] - i;  // row[j] is (i, j) for j >= i
    for (size_t j = i; j < k_; ++j) row[j] += wide(c[i] * c[j]);
  }
  for (const uint32_t j : tallied_) {
    if (y[j] == 0) continue;
    UInt128* row = metric_.data() + j * k_;
    for (size_t i = 0; i < k_; ++i) row[i] += wide(y[j] * c[i]);
  }
}

void ControlMoments::fold() noexcept {
  for (auto [wide, narrow] : {std::pair{&sum_, &narrow_sum_}, std::pair{&cross_, &narrow_cross_}, std::pair{&metric_, &narrow_metric_}})
    for (size_t i = 0; i < wide->size(); ++i) {
      (*wide)[i] += static_cast<UInt128>(static_cast<Int128>((*narrow)[i]));
      (*narrow)[i] = 0;
    }
  narrow_trials_ = 0;
}

void ControlMoments::merge(const ControlMoments& other) {
  if (m_ != other.m_ || k_ != other.k_ || difference_at_ != other.difference_at_)
    throw std::invalid_argument("cannot merge tallies with different controls");
  for (auto [wide, other_wide, other_narrow] :
       {std::tuple{&sum_, &other.sum_, &other.narrow_sum_}, std::tuple{&cross_, &other.cross_, &other.narrow_cross_},
        std::tuple{&metric_, &other.metric_, &other.narrow_metric_}})
    for (size_t i = 0; i < wide->size(); ++i) (*wide)[i] += static_cast<UInt128>(total(*other_wide, *other_narrow, i));
}

void ControlMoments::append_words(std::vector<uint64_t>& words) const {
  const auto push = [&](Int128 value) {
    const auto v = static_cast<UInt128>(value);
    words.push_back(static_cast<uint64_t>(v));
    words.push_back(static_cast<uint64_t>(v >> 64));
  };
  for (auto [wide, narrow] : {std::pair{&sum_, &narrow_sum_}, std::pair{&cross_, &narrow_cross_}})
    for (size_t i = 0; i < wide->size(); ++i) push(total(*wide, *narrow, i));
  for (size_t j = 0; j < m_; ++j)
    for (size_t i = 0; i < k_; ++i) push(with_metric(j, i));
}

void ControlMoments::read_words(std::span<const uint64_t> words) {
  if (words.size() != word_count())
    throw std::invalid_argument("control moments have " + std::to_string(words.size()) + " words, the schema needs " +
                                std::to_string(word_count()));
  size_t w = 0;
  for (auto* part : {&sum_, &cross_, &metric_})
    for (UInt128& v : *part) {
      v = (static_cast<UInt128>(words[w + 1]) << 64) | words[w];
      w += 2;
    }
  for (auto* narrow : {&narrow_sum_, &narrow_cross_, &narrow_metric_}) std::fill(narrow->begin(), narrow->end(), 0);
  narrow_trials_ = 0;
  // A difference's words are those its metrics imply; its own slots stay zero (with_metric derives).
  for (const MetricDifference& diff : differences_)
    for (size_t i = 0; i < k_; ++i) {
      UInt128& slot = metric_[diff.out * k_ + i];
      if (slot != metric_[diff.minuend * k_ + i] - metric_[diff.subtrahend * k_ + i])
        throw std::invalid_argument("the control moments of a difference metric are not those of its two metrics");
      slot = 0;
    }
}

}  // namespace volley
