#include "analysis/control_moments.hpp"

#include <stdexcept>
#include <string>

namespace volley {

ControlMoments::ControlMoments(size_t metrics, size_t controls)
    : m_(metrics),
      k_(controls),
      sum_(controls, 0),
      cross_(controls * (controls + 1) / 2, 0),
      metric_(metrics * controls, 0),
      row_start_(controls, 0),
      nonzero_(controls, 0),
      value_(controls, 0) {
  for (size_t i = 0, start = 0; i < controls; start += controls - i, ++i) row_start_[i] = start;
}

void ControlMoments::merge(const ControlMoments& other) {
  if (m_ != other.m_ || k_ != other.k_) throw std::invalid_argument("cannot merge tallies with different controls");
  for (size_t i = 0; i < sum_.size(); ++i) sum_[i] += other.sum_[i];
  for (size_t i = 0; i < cross_.size(); ++i) cross_[i] += other.cross_[i];
  for (size_t i = 0; i < metric_.size(); ++i) metric_[i] += other.metric_[i];
}

void ControlMoments::append_words(std::vector<uint64_t>& words) const {
  for (const auto* part : {&sum_, &cross_, &metric_})
    for (UInt128 v : *part) {
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
}

}  // namespace volley
