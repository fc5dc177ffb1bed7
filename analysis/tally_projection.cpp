#include "analysis/tally_projection.hpp"

#include <stdexcept>

namespace volley {

namespace {

void push(std::vector<uint64_t>& words, UInt128 v) {
  words.push_back(static_cast<uint64_t>(v));
  words.push_back(static_cast<uint64_t>(v >> 64));
}

}  // namespace

Tally project_tally(const Tally& whole, std::shared_ptr<const Schema> part, size_t first_metric, size_t first_control) {
  const Schema& all = whole.schema();
  const size_t m = part->size(), k = part->controls.size();
  if (first_metric + m > all.size() || first_control + k > all.controls.size())
    throw std::invalid_argument("project_tally: the part lies outside the whole tally");
  for (size_t i = 0; i < m; ++i) {
    const MetricSpec &a = all.metrics[first_metric + i], &p = part->metrics[i];
    if (a.min_value != p.min_value || a.max_value != p.max_value)
      throw std::invalid_argument("project_tally: metric '" + p.name + "' has another range in the whole tally");
  }
  // The words in Tally::to_words' order: each metric's bins (underflow, min..max, overflow), each
  // metric's sum and sum of squares, then the controls' sums, cross sums (i <= j) and metric sums.
  std::vector<uint64_t> words;
  for (size_t i = 0; i < m; ++i) {
    const size_t from = first_metric + i;
    words.push_back(whole.underflow(from));
    for (const uint64_t bin : whole.histogram(from)) words.push_back(bin);
    words.push_back(whole.overflow(from));
  }
  for (size_t i = 0; i < m; ++i) {
    push(words, static_cast<UInt128>(whole.sum(first_metric + i)));
    push(words, whole.sum_squares(first_metric + i));
  }
  const ControlMoments& c = whole.controls();
  for (size_t i = 0; i < k; ++i) push(words, static_cast<UInt128>(c.sum(first_control + i)));
  for (size_t i = 0; i < k; ++i)
    for (size_t j = i; j < k; ++j) push(words, static_cast<UInt128>(c.cross(first_control + i, first_control + j)));
  for (size_t y = 0; y < m; ++y)
    for (size_t i = 0; i < k; ++i) push(words, static_cast<UInt128>(c.with_metric(first_metric + y, first_control + i)));
  Tally projected(std::move(part));
  projected.from_words(whole.trials(), words);
  return projected;
}

}  // namespace volley
