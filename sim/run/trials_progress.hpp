#pragma once
// A run's progress as it goes, for whoever shows it (the command line's bar on a terminal,
// sim/cli/terminal_progress.hpp). The driver runs on a second thread while this thread reads its
// relaxed atomic counters (RunProgress) every 200 ms and tells the sink, so the trial loop itself
// does no I/O. Without a sink the run plays on this thread and tells nothing.
#include "sim/run/driver.hpp"

#include <cstdint>
#include <functional>
#include <string>

namespace volley {

struct TrialsProgress {
  std::string label;  // what is played (the scenario's title, a variant's assignments)
  uint64_t done = 0, planned = 0;
  double seconds = 0;  // since the run started
  bool ended = false;  // the run is over (finished or interrupted): told once, after any other step
};
using TrialsSink = std::function<void(const TrialsProgress&)>;

// Tells the sink from half a second on, once the driver has planned its trials; `ended` only when
// something was told before.
RunResult run_with_progress(const TrialJob& job, const RunPlan& plan, const TrialsSink& sink, const std::string& label);

}  // namespace volley
