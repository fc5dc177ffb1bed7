#include "sim/web/live_run.hpp"

#include "sim/output/map_svg.hpp"
#include "sim/output/result_presentation.hpp"
#include "sim/run/run_session.hpp"

#include <chrono>

namespace volley {

LiveRun::LiveRun(const RunRequest& request, const ScenarioSources& sources) {
  settings_ = request.settings.run;
  const uint64_t seed = settings_.seed_value();

  // Variant 0 is the base; with a variant, variant 1 is the base with its assignments (as compare's --vs).
  std::vector<std::vector<std::string>> extras{{}};
  for (const auto& variant : request.settings.variants) extras.push_back(variant.assignments);
  std::vector<ScenarioDocument> docs;
  for (const auto& extra : extras) {
    ScenarioDocument doc = sources.open(request.scenario, settings_.sets, extra, "--vs");
    models_.push_back(load_model(doc));
    docs.push_back(std::move(doc));
  }
  headline_ = models_[0]->headline_metric();
  if (models_.size() == 1) {
    job_ = models_[0]->make_job(seed);
  } else {
    std::vector<std::unique_ptr<TrialJob>> jobs;
    for (const auto& m : models_) jobs.push_back(m->make_job(seed));
    auto compare = std::make_unique<CompareJob>(std::move(jobs));
    settings_.precision = paired_precision(settings_.precision, headline_, *compare->schema());  // as `volley compare`
    headline_ = difference_prefix(1) + headline_;
    compare_ = compare.get();
    job_ = std::move(compare);
  }
  RunPlan plan;
  try {
    plan = make_plan(settings_, *job_->schema(), headline_);  // refuses a bad precision now, not mid-stream
  } catch (const std::invalid_argument& e) {
    throw RequestError(400, as_request_message(e.what()));
  }

  describe_scenario(record_, docs[0], *models_[0], settings_.sets);
  if (compare_ != nullptr) {
    record_.command = "compare";
    std::string base;
    for (const auto& s : settings_.sets) base += (base.empty() ? "" : "; ") + s;
    record_.variants = {base.empty() ? std::string("base") : base, request.settings.variants.front().label};
  }
  record_.seed = seed;
  record_.trials = plan.trials;
  record_.block_size = plan.block_size;
  record_.blocks_total = (plan.trials + plan.block_size - 1) / plan.block_size;
  record_.precision = settings_.precision;
  record_.level = settings_.level;
  record_.threads = settings_.threads;
}

RunRecord LiveRun::play(const std::atomic<bool>& stop, const std::function<void(const RunRecord&)>& on_round) const {
  RunPlan plan = make_plan(settings_, *job_->schema(), headline_);
  plan.stop = &stop;
  plan.doubling_rounds = true;
  plan.checkpoint_blocks = LiveReportBlocks;
  RunRecord record = record_;
  const auto start = std::chrono::steady_clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  // The map is drawn once, after the first round has gone out.
  std::string map;
  bool first = true;
  plan.on_round = [&](const Tally& tally, const std::vector<uint8_t>& done) {
    if (tally.trials() == 0 || std::all_of(done.begin(), done.end(), [](uint8_t d) { return d != 0; })) return;
    RunRecord partial = record;
    partial.tally = tally;
    partial.done_blocks = done;
    partial.partial = true;
    partial.seconds = elapsed();
    if (!first && map.empty()) map = map_svg(models_[0]->map_data(record.seed, 0, 0));
    // Every round has the distributions, so that the page redraws the same charts each round (it
    // updates a chart it drew before, where a new one costs ten times as much).
    present(partial, map);
    on_round(partial);
    first = false;
  };
  RunResult result = run_trials(*job_, plan);
  record.seconds = elapsed();
  record.tally = std::move(result.tally);
  record.done_blocks = std::move(result.done_blocks);
  record.precision_reached = result.precision_reached;
  record.partial = result.interrupted;
  if (map.empty()) map = map_svg(models_[0]->map_data(record.seed, 0, 0));
  present(record, map);
  return record;
}

void LiveRun::present(RunRecord& record, const std::string& map) const {
  record.presentation = compare_ != nullptr ? compare_presentation(record, *compare_, record.variants, *models_[0], map)
                                            : run_presentation(record, *models_[0], map);
}

}  // namespace volley
