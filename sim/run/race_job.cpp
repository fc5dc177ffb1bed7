#include "sim/run/race_job.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace volley {

RaceJob::RaceJob(std::vector<std::shared_ptr<const TrialJob>> candidates, const TargetSpec& target, bool pairs)
    : candidates_(std::move(candidates)), at_least_(target.at_least), pairs_(pairs) {
  auto schema = std::make_shared<Schema>();
  for (size_t c = 0; c < candidates_.size(); ++c) {
    const Schema& own = *candidates_[c]->schema();
    const long i = own.find(target.metric);
    if (i < 0) throw std::invalid_argument("--target: candidate " + std::to_string(c) + " has no metric '" + target.metric + "'");
    source_.push_back(static_cast<size_t>(i));
    const MetricSpec& m = own.metrics[static_cast<size_t>(i)];
    MetricSpec value;
    value.name = "c" + std::to_string(c);
    value.kind = at_least_ ? MetricKind::Probability : m.kind;
    value.min_value = at_least_ ? 0 : m.min_value;
    value.max_value = at_least_ ? 1 : m.max_value;
    value.description = "candidate " + std::to_string(c) + ": " + target.name();
    schema->add(value);
  }
  if (pairs_)
    for (size_t c = 0; c < candidates_.size(); ++c)
      for (size_t l = c + 1; l < candidates_.size(); ++l) {
        MetricSpec d;
        d.name = "d" + std::to_string(c) + "-" + std::to_string(l);
        d.kind = MetricKind::Count;
        // Only the moments are read: a histogram of [-1, 1] holds a probability's differences, and a
        // count's larger ones are kept exactly outside it (analysis/tally.hpp), so that k(k - 1)/2
        // pairs cost three bins each, not the count's whole range.
        d.min_value = -1;
        d.max_value = 1;
        schema->add(d);
      }
  schema_ = std::move(schema);
}

size_t RaceJob::pair_metric(size_t c, size_t l) const noexcept {
  const size_t k = candidates_.size();
  return k + c * (2 * k - c - 1) / 2 + (l - c - 1);
}

class RaceWorker final : public TrialWorker {
 public:
  explicit RaceWorker(const RaceJob& job) : job_(job) {
    for (const auto& c : job.candidates_) {
      workers_.push_back(c->make_worker());
      own_.emplace_back(c->schema()->observations());
    }
  }
  void play(uint64_t trial, int64_t* obs) override {
    const size_t k = workers_.size();
    for (size_t c = 0; c < k; ++c) {
      workers_[c]->play(trial, own_[c].data());
      const int64_t x = own_[c][job_.source_[c]];
      obs[c] = job_.at_least_ ? int64_t{x >= *job_.at_least_} : x;
    }
    if (!job_.pairs_) return;
    size_t out = k;
    for (size_t c = 0; c < k; ++c)
      for (size_t l = c + 1; l < k; ++l) obs[out++] = obs[c] - obs[l];
  }

 private:
  const RaceJob& job_;
  std::vector<std::unique_ptr<TrialWorker>> workers_;
  std::vector<std::vector<int64_t>> own_;
};

std::unique_ptr<TrialWorker> RaceJob::make_worker() const { return std::make_unique<RaceWorker>(*this); }

}  // namespace volley
