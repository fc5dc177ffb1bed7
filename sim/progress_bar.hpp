#pragma once
// A progress bar with rate and time left on stderr, only when stderr is a terminal and not --quiet.
// The driver runs on a second thread while this thread redraws every 200 ms from the driver's
// relaxed atomic counters (RunProgress), so the trial loop itself does no I/O.
#include "sim/driver.hpp"

#include <string>

namespace volley {

RunResult run_with_progress(const TrialJob& job, const RunPlan& plan, bool quiet, const std::string& label);

}  // namespace volley
