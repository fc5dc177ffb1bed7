#include "sim/output/progress_line.hpp"

#include "analysis/digit_grouping.hpp"
#include "analysis/text_format.hpp"

#include <algorithm>

namespace volley {

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

}  // namespace volley
