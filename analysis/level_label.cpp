#include "analysis/level_label.hpp"

#include "analysis/text_format.hpp"

namespace volley {

// Six significant digits: enough for any level a user types (0.9999 -> "99.99%"), and few enough to
// hide the binary rounding of level * 100 (0.95 * 100 is 95.00000000000001).
std::string level_percent(double level) { return format_text("%.6g%%", level * 100); }

}  // namespace volley
