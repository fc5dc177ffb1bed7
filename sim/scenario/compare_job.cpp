#include "sim/scenario/compare_job.hpp"

#include <algorithm>

namespace volley {

CompareJob::CompareJob(std::vector<std::unique_ptr<TrialJob>> variants, const std::vector<Exceedance>& exceedances)
    : variants_(std::move(variants)) {
  auto schema = std::make_shared<Schema>();
  for (size_t v = 0; v < variants_.size(); ++v) {
    offsets_.push_back(schema->size());
    for (const auto& spec : variants_[v]->schema()->metrics) {
      MetricSpec copy = spec;
      copy.name = variant_prefix(v) + spec.name;
      schema->add(copy);
    }
    const size_t at = offsets_[v];
    for (const MetricDifference& d : variants_[v]->schema()->differences)
      schema->differences.push_back({at + d.out, at + d.minuend, at + d.subtrahend});
  }
  const Schema& base = *variants_[0]->schema();
  for (size_t v = 1; v < variants_.size(); ++v) {
    const Schema& other = *variants_[v]->schema();
    for (size_t i = 0; i < base.size(); ++i) {
      if (!base.metrics[i].headline) continue;
      const long j = other.find(base.metrics[i].name);
      if (j < 0) continue;
      const auto& b = base.metrics[i];
      const auto& o = other.metrics[static_cast<size_t>(j)];
      MetricSpec d;
      d.name = difference_prefix(v) + b.name;
      d.kind = MetricKind::Count;  // a difference of probabilities is -1, 0 or 1: a mean, not a proportion
      d.min_value = std::min(b.min_value, o.min_value) - std::max(b.max_value, o.max_value);
      d.max_value = -d.min_value;
      d.headline = true;
      d.description = "difference " + b.name + " (variant " + std::to_string(v) + " - base)";
      differences_.push_back({v, i, static_cast<size_t>(j), schema->add(d)});
      schema->differences.push_back({differences_.back().out, offsets_[v] + differences_.back().other_index, offsets_[0] + i});
    }
  }
  for (const auto& e : exceedances) {
    std::vector<long> indicator(variants_.size(), -1);
    for (size_t v = 0; v < variants_.size(); ++v) {
      const long source = schema->find(variant_prefix(v) + e.metric);
      if (source < 0) continue;
      MetricSpec p;
      p.name = variant_prefix(v) + e.name();
      p.kind = MetricKind::Probability;
      p.description = "P(" + e.name() + ") (variant " + std::to_string(v) + ")";
      indicator[v] = static_cast<long>(schema->add(p));
      indicators_.push_back({static_cast<size_t>(source), e.at_least, static_cast<size_t>(indicator[v])});
    }
    for (size_t v = 1; v < variants_.size(); ++v) {
      if (indicator[0] < 0 || indicator[v] < 0) continue;
      MetricSpec d;
      d.name = difference_prefix(v) + e.name();
      d.kind = MetricKind::Count;  // -1, 0 or 1: a mean, not a proportion
      d.min_value = -1;
      d.max_value = 1;
      d.description = "difference P(" + e.name() + ") (variant " + std::to_string(v) + " - base)";
      indicator_differences_.push_back({static_cast<size_t>(indicator[0]), static_cast<size_t>(indicator[v]), schema->add(d)});
      schema->differences.push_back(
          {indicator_differences_.back().out, indicator_differences_.back().other, indicator_differences_.back().base});
    }
  }
  // Every variant's controls, after all the metrics: a difference is adjusted for the luck of both
  // variants' trials (which share their dice, not always their events).
  for (size_t v = 0; v < variants_.size(); ++v) {
    control_offsets_.push_back(schema->size() + schema->controls.size());
    for (const auto& name : variants_[v]->schema()->controls) schema->controls.push_back(variant_prefix(v) + name);
  }
  schema->headline_index = 0;
  schema_ = std::move(schema);
}

long CompareJob::variant_metric(size_t v, const std::string& name) const { return schema_->find(variant_prefix(v) + name); }
long CompareJob::difference_metric(size_t v, const std::string& name) const { return schema_->find(difference_prefix(v) + name); }

std::unique_ptr<TrialWorker> CompareJob::make_worker() const {
  class Worker final : public TrialWorker {
   public:
    explicit Worker(const CompareJob& job) : job_(job) {
      for (const auto& v : job.variants_) {
        workers_.push_back(v->make_worker());
        own_.emplace_back(v->schema()->observations());
      }
    }
    void play(uint64_t trial, int64_t* obs) override {
      // Every variant plays the same trial index: the same streams, so common random numbers. Its
      // metrics go to its place among the metrics, its controls to its place among the controls.
      for (size_t v = 0; v < workers_.size(); ++v) {
        workers_[v]->play(trial, own_[v].data());
        const size_t metrics = job_.variants_[v]->schema()->size();
        std::copy(own_[v].begin(), own_[v].begin() + static_cast<long>(metrics), obs + job_.offsets_[v]);
        std::copy(own_[v].begin() + static_cast<long>(metrics), own_[v].end(), obs + job_.control_offsets_[v]);
      }
      for (const auto& d : job_.differences_)
        obs[d.out] = obs[job_.offsets_[d.variant] + d.other_index] - obs[job_.offsets_[0] + d.base_index];
      for (const auto& i : job_.indicators_) obs[i.out] = obs[i.source] >= i.at_least ? 1 : 0;
      for (const auto& d : job_.indicator_differences_) obs[d.out] = obs[d.other] - obs[d.base];
    }

   private:
    const CompareJob& job_;
    std::vector<std::unique_ptr<TrialWorker>> workers_;
    std::vector<std::vector<int64_t>> own_;  // each variant's observations
  };
  return std::make_unique<Worker>(*this);
}

}  // namespace volley
