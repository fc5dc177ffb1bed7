#pragma once
// A progress bar with rate and time left on stderr, only when stderr is a terminal and not --quiet.
// The driver runs on a second thread while this thread redraws every 200 ms from the driver's
// relaxed atomic counters (RunProgress), so the trial loop itself does no I/O.
//
// The bar is one line that never reaches the terminal's last column (a line that wraps cannot be
// taken back with a carriage return), and it is erased when the run ends, finished or interrupted,
// so the report that follows starts on a clean line.
#include "sim/run/driver.hpp"

#include <string>

namespace volley {

RunResult run_with_progress(const TrialJob& job, const RunPlan& plan, bool quiet, const std::string& label);

// The bar's text for a terminal `columns` wide: at most columns - 1 characters, the label shortened
// (with "...") first. Rates are grouped ("46,120 trials/s").
std::string progress_line(const std::string& label, double fraction, double rate, double seconds_left, int columns);

}  // namespace volley
