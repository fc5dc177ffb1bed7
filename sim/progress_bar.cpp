#include "sim/progress_bar.hpp"

#include <chrono>
#include <cstdio>
#include <future>
#include <unistd.h>

namespace volley {

RunResult run_with_progress(const TrialJob& job, const RunPlan& plan, bool quiet, const std::string& label) {
  if (quiet || ::isatty(STDERR_FILENO) == 0) return run_trials(job, plan);
  RunProgress progress;
  auto future = std::async(std::launch::async, [&] { return run_trials(job, plan, &progress); });
  const auto start = std::chrono::steady_clock::now();
  bool drawn = false;
  while (future.wait_for(std::chrono::milliseconds(200)) != std::future_status::ready) {
    const double done = static_cast<double>(progress.trials_done.load(std::memory_order_relaxed));
    const double planned = static_cast<double>(progress.trials_planned.load(std::memory_order_relaxed));
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (planned <= 0 || elapsed < 0.5) continue;
    const double fraction = std::min(1.0, done / planned);
    const double rate = done / elapsed;
    const double left = rate > 0 ? (planned - done) / rate : 0;
    const int width = 30, filled = static_cast<int>(fraction * width);
    std::fprintf(stderr, "\r%s [%.*s%*s] %5.1f%%  %.3g trials/s  %.0fs left ", label.c_str(), filled,
                 "##############################", width - filled, "", fraction * 100, rate, left);
    std::fflush(stderr);
    drawn = true;
  }
  if (drawn) std::fprintf(stderr, "\r%*s\r", 100, "");
  return future.get();
}

}  // namespace volley
