#include "analysis/control_moments.hpp"

#include "analysis/scaled_row.hpp"

#include <algorithm>
#include <stdexcept>
#include <tuple>
#include <utility>
#include <string>

namespace volley {

ControlMoments::ControlMoments(size_t metrics, size_t controls)
    : m_(metrics),
      k_(controls),
      sum_(controls, 0),
      cross_(controls * (controls + 1) / 2, 0),
      metric_(metrics * controls, 0),
      narrow_sum_(controls, 0),
      narrow_cross_(controls * (controls + 1) / 2, 0),
      narrow_metric_(metrics * controls, 0),
      row_start_(controls, 0) {
  for (size_t i = 0, start = 0; i < controls; start += controls - i, ++i) row_start_[i] = start;
}

// A trial whose values all lie within +-SmallValue: to the 64-bit sums.
void ControlMoments::add_narrow(const int64_t* y, const int64_t* c) noexcept {
  int64_t* sum = narrow_sum_.data();
  for (size_t i = 0; i < k_; ++i) sum[i] += c[i];
  for (size_t i = 0; i < k_; ++i)
    if (c[i] != 0) add_scaled_small(narrow_cross_.data() + row_start_[i], c + i, k_ - i, c[i]);
  for (size_t j = 0; j < m_; ++j)
    if (y[j] != 0) add_scaled_small(narrow_metric_.data() + j * k_, c, k_, y[j]);
  if (++narrow_trials_ == NarrowTrials) fold();
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
  for (size_t j = 0; j < m_; ++j) {
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
  if (m_ != other.m_ || k_ != other.k_) throw std::invalid_argument("cannot merge tallies with different controls");
  for (auto [wide, other_wide, other_narrow] :
       {std::tuple{&sum_, &other.sum_, &other.narrow_sum_}, std::tuple{&cross_, &other.cross_, &other.narrow_cross_},
        std::tuple{&metric_, &other.metric_, &other.narrow_metric_}})
    for (size_t i = 0; i < wide->size(); ++i) (*wide)[i] += static_cast<UInt128>(total(*other_wide, *other_narrow, i));
}

void ControlMoments::append_words(std::vector<uint64_t>& words) const {
  for (auto [wide, narrow] : {std::pair{&sum_, &narrow_sum_}, std::pair{&cross_, &narrow_cross_}, std::pair{&metric_, &narrow_metric_}})
    for (size_t i = 0; i < wide->size(); ++i) {
      const auto v = static_cast<UInt128>(total(*wide, *narrow, i));
      words.push_back(static_cast<uint64_t>(v));
      words.push_back(static_cast<uint64_t>(v >> 64));
    }
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
}

}  // namespace volley
