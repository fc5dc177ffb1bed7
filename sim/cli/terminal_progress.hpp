#pragma once
// The command line's StudyControl: a run's progress drawn as a bar with rate and time left on stderr,
// only when stderr is a terminal and not --quiet, from the study's "trials" steps.
//
// The bar is one line that never reaches the terminal's last column (a line that wraps cannot be
// taken back with a carriage return), and it is erased when the run ends, finished or interrupted,
// so the report that follows starts on a clean line.
#include "sim/study/study_control.hpp"

#include <functional>
#include <string>

namespace volley {

// Every step but "trials" goes to `other` (may be empty).
StudyControl terminal_control(bool quiet, std::function<void(const std::string& step, const nlohmann::json& piece)> other = {});

}  // namespace volley
