#include "analysis/level_label.hpp"

#include "analysis/text_format.hpp"

namespace volley {

// Six significant digits hide the binary rounding of level * 100 (0.95 * 100 is 95.00000000000001);
// more are taken where six would round a level below 1 up to "100%" (0.9999999), an interval that
// claims certainty, or one above 0.5 down to "50%".
std::string level_percent(double level) {
  for (int digits = 6; digits < 17; ++digits) {
    const std::string text = format_text("%.*g", digits, level * 100);
    if ((level >= 1 || text != "100") && (level <= 0.5 || text != "50")) return text + "%";
  }
  return format_text("%.17g%%", level * 100);
}

}  // namespace volley
