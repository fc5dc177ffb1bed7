#include "sim/run/variant_runner.hpp"

#include "analysis/tally_projection.hpp"
#include "sim/run/interrupt.hpp"
#include "sim/scenario/without_controls.hpp"

namespace volley {

VariantRun run_variant(const ScenarioDocument& doc, const RunSettings& settings, uint64_t seed, const std::string& label,
                       const std::atomic<bool>* stop, const TrialsSink& progress) {
  VariantRun run;
  run.model = load_model(doc);
  const auto full = run.model->make_job(seed);
  const auto plain = settings.no_control ? without_controls(*full) : nullptr;
  const TrialJob& job = plain ? *plain : *full;
  RunPlan plan = make_plan(settings, *job.schema(), run.model->headline_metric());
  plan.stop = stop != nullptr ? stop : install_interrupt_handlers();
  RunResult result = run_with_progress(job, plan, progress, label);
  run.tally = std::move(result.tally);
  run.precision_reached = result.precision_reached;
  run.interrupted = result.interrupted;
  return run;
}

PairedRun run_paired(const std::vector<ScenarioDocument>& variants, const RunSettings& settings, uint64_t seed, const std::string& label,
                     const std::vector<Exceedance>& exceedances, const std::atomic<bool>* stop, const TrialsSink& progress,
                     bool stop_at_precision) {
  PairedRun run;
  std::vector<std::unique_ptr<TrialJob>> jobs;
  for (const auto& doc : variants) {
    run.models.push_back(load_model(doc));
    jobs.push_back(run.models.back()->make_job(seed));
  }
  run.job = std::make_unique<CompareJob>(std::move(jobs), exceedances);
  RunSettings plain = settings;
  if (!stop_at_precision) plain.precision.clear();
  RunPlan plan = make_plan(plain, *run.job->schema(), "");
  plan.stop = stop != nullptr ? stop : install_interrupt_handlers();
  const auto without = settings.no_control ? without_controls(*run.job) : nullptr;
  RunResult result = run_with_progress(without ? *without : *run.job, plan, progress, label);
  run.tally = std::move(result.tally);
  run.precision_reached = result.precision_reached;
  run.interrupted = result.interrupted;
  return run;
}

VariantRun take_variant(PairedRun& run, size_t v) {
  VariantRun variant;
  variant.model = std::move(run.models[v]);
  // Without controls (--no-control) the whole tally has none, nor has a variant's own run.
  auto schema = std::make_shared<Schema>(*run.job->variant(v).schema());
  const bool controls = !run.tally.schema().controls.empty();
  if (!controls) schema->controls.clear();
  variant.tally = project_tally(run.tally, std::move(schema), run.job->offset(v), controls ? run.job->first_control(v) : 0);
  variant.precision_reached = run.precision_reached;
  variant.interrupted = run.interrupted;
  return variant;
}

}  // namespace volley
