#pragma once
// The text of a run's progress bar for a terminal (sim/cli/terminal_progress.hpp draws it).
#include <string>

namespace volley {

// The bar's text for a terminal `columns` wide: at most columns - 1 characters, the label shortened
// (with "...") first. Rates are grouped ("46,120 trials/s").
std::string progress_line(const std::string& label, double fraction, double rate, double seconds_left, int columns);

}  // namespace volley
