#include "sim/run/progress_bar.hpp"

#include "analysis/digit_grouping.hpp"
#include "analysis/text_format.hpp"
#include "sim/output/text_escaping.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <future>
#include <sys/ioctl.h>
#include <unistd.h>

namespace volley {

namespace {

int terminal_columns() {
  winsize size{};
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return 80;
}

}  // namespace

std::string progress_line(const std::string& label, double fraction, double rate, double seconds_left, int columns) {
  const int width = 30, filled = static_cast<int>(std::clamp(fraction, 0.0, 1.0) * width);
  const std::string bar = " [" + std::string(static_cast<size_t>(filled), '#') + std::string(static_cast<size_t>(width - filled), ' ') +
                          "] " + format_text("%5.1f%%  ", fraction * 100) + grouped(rate) + " trials/s  " + grouped(seconds_left) +
                          "s left";
  const size_t room = static_cast<size_t>(std::max(columns - 1, 1));
  if (label.size() + bar.size() <= room) return label + bar;
  if (bar.size() + 4 <= room) return label.substr(0, room - bar.size() - 3) + "..." + bar;
  return (label + bar).substr(0, room);  // a very narrow terminal: what fits
}

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
    const double rate = done / elapsed;
    const double left = rate > 0 ? (planned - done) / rate : 0;
    // The bar draws with a carriage return and an erase sequence, so it bypasses the terminal filter
    // (sim/output/text_escaping.hpp); its label, scenario text, is filtered here.
    std::fprintf(unfiltered_stderr(), "\r%s\033[K",
                 progress_line(terminal_text(label), std::min(1.0, done / planned), rate, left, terminal_columns()).c_str());
    std::fflush(unfiltered_stderr());
    drawn = true;
  }
  // Erased whether the run finished or was interrupted (the driver returns in both cases).
  if (drawn) {
    std::fputs("\r\033[K", unfiltered_stderr());
    std::fflush(unfiltered_stderr());
  }
  return future.get();
}

}  // namespace volley
