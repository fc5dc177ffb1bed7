#include "analysis/tally.hpp"

#include <stdexcept>

namespace volley {

Tally::Tally(std::shared_ptr<const Schema> schema) : schema_(std::move(schema)) {
  size_t offset = 0;
  for (const auto& spec : schema_->metrics) {
    if (spec.max_value < spec.min_value || spec.max_value - spec.min_value > (1 << 24))
      throw std::invalid_argument("metric '" + spec.name + "' has an invalid histogram range");
    offset_.push_back(offset);
    min_.push_back(spec.min_value);
    width_.push_back(spec.max_value - spec.min_value);
    offset += static_cast<size_t>(spec.max_value - spec.min_value) + 3;
  }
  bins_.assign(offset, 0);
  sum_.assign(schema_->size(), 0);
  sum_squares_.assign(schema_->size(), 0);
}

void Tally::merge(const Tally& other) {
  if (bins_.size() != other.bins_.size() || min_ != other.min_ || width_ != other.width_)
    throw std::invalid_argument("cannot merge tallies of different schemas");
  trials_ += other.trials_;
  for (size_t i = 0; i < bins_.size(); ++i) bins_[i] += other.bins_[i];
  for (size_t i = 0; i < sum_.size(); ++i) {
    sum_[i] += other.sum_[i];
    sum_squares_[i] += other.sum_squares_[i];
  }
}

uint64_t Tally::count(size_t metric, int64_t value) const noexcept {
  const int64_t rel = value - min_[metric];
  if (rel < 0 || rel > width_[metric]) return 0;
  return bins_[offset_[metric] + static_cast<size_t>(rel) + 1];
}

std::vector<uint64_t> Tally::to_words() const {
  std::vector<uint64_t> words(bins_);
  for (size_t i = 0; i < sum_.size(); ++i) {
    const auto s = static_cast<UInt128>(sum_[i]);
    words.push_back(static_cast<uint64_t>(s));
    words.push_back(static_cast<uint64_t>(s >> 64));
    words.push_back(static_cast<uint64_t>(sum_squares_[i]));
    words.push_back(static_cast<uint64_t>(sum_squares_[i] >> 64));
  }
  return words;
}

void Tally::from_words(uint64_t trials, std::span<const uint64_t> words) {
  if (words.size() != bins_.size() + 4 * sum_.size())
    throw std::invalid_argument("tally has " + std::to_string(words.size()) + " words, the schema needs " +
                                std::to_string(bins_.size() + 4 * sum_.size()));
  trials_ = trials;
  std::copy(words.begin(), words.begin() + static_cast<long>(bins_.size()), bins_.begin());
  size_t w = bins_.size();
  for (size_t i = 0; i < sum_.size(); ++i, w += 4) {
    sum_[i] = static_cast<Int128>((static_cast<UInt128>(words[w + 1]) << 64) | words[w]);
    sum_squares_[i] = (static_cast<UInt128>(words[w + 3]) << 64) | words[w + 2];
  }
}

uint64_t Tally::signature() const noexcept {
  uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a 64
  auto mix = [&h](uint64_t word) {
    for (int byte = 0; byte < 8; ++byte) {
      h ^= (word >> (8 * byte)) & 0xff;
      h *= 0x100000001b3ull;
    }
  };
  mix(trials_);
  for (uint64_t w : to_words()) mix(w);
  return h;
}

}  // namespace volley
