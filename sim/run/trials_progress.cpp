#include "sim/run/trials_progress.hpp"

#include <chrono>
#include <future>

namespace volley {

RunResult run_with_progress(const TrialJob& job, const RunPlan& plan, const TrialsSink& sink, const std::string& label) {
  if (!sink) return run_trials(job, plan);
  RunProgress progress;
  auto future = std::async(std::launch::async, [&] { return run_trials(job, plan, &progress); });
  const auto start = std::chrono::steady_clock::now();
  bool told = false;
  while (future.wait_for(std::chrono::milliseconds(200)) != std::future_status::ready) {
    const uint64_t done = progress.trials_done.load(std::memory_order_relaxed);
    const uint64_t planned = progress.trials_planned.load(std::memory_order_relaxed);
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (planned == 0 || elapsed < 0.5) continue;
    sink({label, done, planned, elapsed, false});
    told = true;
  }
  // Told whether the run finished or was interrupted (the driver returns in both cases).
  if (told) sink({label, 0, 0, 0, true});
  return future.get();
}

}  // namespace volley
