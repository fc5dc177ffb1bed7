#include "analysis/tally.hpp"

#include <stdexcept>
#include <string>

namespace volley {

Tally::Tally(std::shared_ptr<const Schema> schema) : schema_(std::move(schema)) {
  size_t offset = 0;
  for (const auto& spec : schema_->metrics) {
    if (spec.max_value < spec.min_value || spec.max_value - spec.min_value > MaxHistogramWidth)
      throw std::invalid_argument("metric '" + spec.name + "' has an invalid histogram range");
    offset_.push_back(offset);
    min_.push_back(spec.min_value);
    width_.push_back(spec.max_value - spec.min_value);
    offset += static_cast<size_t>(spec.max_value - spec.min_value) + 3;
  }
  bins_.assign(offset, 0);
  outside_sum_.assign(schema_->size(), 0);
  outside_squares_.assign(schema_->size(), 0);
  controls_ = ControlMoments(schema_->size(), schema_->controls.size(), schema_->differences);
}

void Tally::add_outside(size_t metric, int64_t v) noexcept {
  ++bins_[offset_[metric] + (v < min_[metric] ? 0 : static_cast<size_t>(width_[metric]) + 2)];
  outside_sum_[metric] += static_cast<UInt128>(v);
  // A value within 32 bits has its square within 64, so no 128-bit multiply.
  outside_squares_[metric] += static_cast<uint64_t>(v * v);
}

UInt128 Tally::binned_sum(size_t metric) const noexcept {
  const std::span<const uint64_t> bins = histogram(metric);
  UInt128 s = 0;
  for (size_t k = 0; k < bins.size(); ++k)
    s += static_cast<UInt128>(bins[k]) * static_cast<UInt128>(min_[metric] + static_cast<int64_t>(k));
  return s;
}

UInt128 Tally::binned_squares(size_t metric) const noexcept {
  const std::span<const uint64_t> bins = histogram(metric);
  UInt128 s = 0;
  for (size_t k = 0; k < bins.size(); ++k) {
    if (bins[k] == 0) continue;  // a value never observed need not fit in 32 bits
    const int64_t v = min_[metric] + static_cast<int64_t>(k);
    s += static_cast<UInt128>(bins[k]) * static_cast<uint64_t>(v * v);
  }
  return s;
}

Int128 Tally::sum(size_t metric) const noexcept { return static_cast<Int128>(outside_sum_[metric] + binned_sum(metric)); }
UInt128 Tally::sum_squares(size_t metric) const noexcept { return outside_squares_[metric] + binned_squares(metric); }

void Tally::merge(const Tally& other) {
  if (bins_.size() != other.bins_.size() || min_ != other.min_ || width_ != other.width_ ||
      controls_.controls() != other.controls_.controls())
    throw std::invalid_argument("cannot merge tallies of different schemas");
  trials_ += other.trials_;
  for (size_t i = 0; i < bins_.size(); ++i) bins_[i] += other.bins_[i];
  for (size_t i = 0; i < outside_sum_.size(); ++i) {
    outside_sum_[i] += other.outside_sum_[i];
    outside_squares_[i] += other.outside_squares_[i];
  }
  controls_.merge(other.controls_);
}

uint64_t Tally::count(size_t metric, int64_t value) const noexcept {
  const int64_t rel = value - min_[metric];
  if (rel < 0 || rel > width_[metric]) return 0;
  return bins_[offset_[metric] + static_cast<size_t>(rel) + 1];
}

std::vector<uint64_t> Tally::to_words() const {
  std::vector<uint64_t> words(bins_);
  for (size_t i = 0; i < outside_sum_.size(); ++i) {
    const UInt128 s = outside_sum_[i] + binned_sum(i);
    const UInt128 q = sum_squares(i);
    words.push_back(static_cast<uint64_t>(s));
    words.push_back(static_cast<uint64_t>(s >> 64));
    words.push_back(static_cast<uint64_t>(q));
    words.push_back(static_cast<uint64_t>(q >> 64));
  }
  controls_.append_words(words);
  return words;
}

void Tally::from_words(uint64_t trials, std::span<const uint64_t> words) {
  const size_t metrics = outside_sum_.size();
  const size_t need = bins_.size() + 4 * metrics + controls_.word_count();
  if (words.size() != need)
    throw std::invalid_argument("tally has " + std::to_string(words.size()) + " words, the schema needs " + std::to_string(need));
  trials_ = trials;
  std::copy(words.begin(), words.begin() + static_cast<long>(bins_.size()), bins_.begin());
  size_t w = bins_.size();
  for (size_t i = 0; i < metrics; ++i, w += 4) {
    // The words hold the whole moments; what the bins do not account for came from outside the range
    // (unsigned arithmetic: modulo 2^128, so to_words() gives back exactly these words).
    const UInt128 total_sum = (static_cast<UInt128>(words[w + 1]) << 64) | words[w];
    const UInt128 total_squares = (static_cast<UInt128>(words[w + 3]) << 64) | words[w + 2];
    outside_sum_[i] = total_sum - binned_sum(i);
    outside_squares_[i] = total_squares - binned_squares(i);
  }
  controls_.read_words(words.subspan(w));
  check_consistency();
}

// A tally read from a file must be one that adding trials could have made (a shard whose
// histogram did not sum to its trial count, its signature recomputed, merged into nonsense
// quantiles). Per metric: the bins (under- and overflow included) count every trial once; the
// moments of the values outside the range are zero when no value fell outside, and otherwise lie
// beyond the range's end on the side they fell (all above max or all below min: the sum is at least
// count * (max + 1), or at most count * (min - 1)); a probability is 0 or 1 in every trial.
void Tally::check_consistency() const {
  for (size_t i = 0; i < outside_sum_.size(); ++i) {
    const MetricSpec& spec = schema_->metrics[i];
    auto refuse = [&](const std::string& why) { throw std::invalid_argument("metric '" + spec.name + "': " + why); };
    UInt128 counted = 0;
    for (size_t k = 0; k < static_cast<size_t>(width_[i]) + 3; ++k) counted += bins_[offset_[i] + k];
    if (counted != trials_)
      refuse("its histogram counts " + std::to_string(static_cast<unsigned long long>(counted)) + " trials, the tally holds " +
             std::to_string(trials_));
    const uint64_t under = underflow(i), over = overflow(i);
    const Int128 sum = static_cast<Int128>(outside_sum_[i]);
    if (under == 0 && over == 0 && (outside_sum_[i] != 0 || outside_squares_[i] != 0))
      refuse("its sums count values outside the histogram, where its histogram has none");
    if (spec.kind == MetricKind::Probability && (under != 0 || over != 0)) refuse("a probability took a value other than 0 or 1");
    if (under == 0 && over != 0 && sum < static_cast<Int128>(over) * (spec.max_value + 1))
      refuse("its sum of values above the histogram is below " + std::to_string(over) + " times " + std::to_string(spec.max_value + 1));
    if (over == 0 && under != 0 && sum > static_cast<Int128>(under) * (spec.min_value - 1))
      refuse("its sum of values below the histogram is above " + std::to_string(under) + " times " + std::to_string(spec.min_value - 1));
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
