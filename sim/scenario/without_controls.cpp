#include "sim/scenario/without_controls.hpp"

#include <algorithm>
#include <vector>

namespace volley {

namespace {

class WithoutControls final : public TrialJob {
 public:
  explicit WithoutControls(const TrialJob& job) : job_(job) {
    auto schema = std::make_shared<Schema>(*job.schema());
    schema->controls.clear();
    schema_ = std::move(schema);
  }
  const std::shared_ptr<const Schema>& schema() const override { return schema_; }
  std::unique_ptr<TrialWorker> make_worker() const override { return std::make_unique<Worker>(job_); }

 private:
  class Worker final : public TrialWorker {
   public:
    explicit Worker(const TrialJob& job) : worker_(job.make_worker()), metrics_(job.schema()->size()), own_(job.schema()->observations()) {}
    void play(uint64_t trial, int64_t* obs) override {
      worker_->play(trial, own_.data());
      std::copy(own_.begin(), own_.begin() + static_cast<long>(metrics_), obs);
    }
    uint64_t last_draws() const override { return worker_->last_draws(); }

   private:
    std::unique_ptr<TrialWorker> worker_;
    size_t metrics_;
    std::vector<int64_t> own_;
  };
  const TrialJob& job_;
  std::shared_ptr<const Schema> schema_;
};

}  // namespace

std::unique_ptr<TrialJob> without_controls(const TrialJob& job) { return std::make_unique<WithoutControls>(job); }

}  // namespace volley
