#include "sim/output/compare_words.hpp"

#include "analysis/level_label.hpp"
#include "analysis/paired_difference.hpp"
#include "analysis/text_format.hpp"

#include <cmath>

namespace volley {

std::string compare_in_words(const Tally& tally, const CompareJob& job, const std::string& headline, double level,
                             const std::vector<std::string>& tactics) {
  if (!headline.ends_with(".win") || tactics.size() < job.variant_count() || tactics[0].empty() || tally.trials() == 0) return "";
  const std::string side = headline.substr(0, headline.size() - 4);
  std::string out;
  for (size_t v = 1; v < job.variant_count(); ++v) {
    if (tactics[v].empty() || tactics[v] == tactics[0]) continue;
    const long b = job.variant_metric(0, headline), o = job.variant_metric(v, headline), d = job.difference_metric(v, headline);
    if (b < 0 || o < 0 || d < 0) continue;
    const auto p = paired_difference(tally, static_cast<size_t>(b), static_cast<size_t>(o), static_cast<size_t>(d), level);
    const bool ahead = p.paired.estimate >= 0;
    const std::string& winner = ahead ? tactics[v] : tactics[0];
    const std::string& loser = ahead ? tactics[0] : tactics[v];
    const Interval &w = ahead ? p.variant : p.base, &l = ahead ? p.base : p.variant;
    const double lo = ahead ? p.paired.low : -p.paired.high, hi = ahead ? p.paired.high : -p.paired.low;
    out += format_text(
        "%s wins %.1f points more often with %s than with %s: %.1f%% against %.1f%% (paired %s interval %.1f to %.1f points).\n",
        side.c_str(), 100 * std::abs(p.paired.estimate), winner.c_str(), loser.c_str(), 100 * w.estimate, 100 * l.estimate,
        level_percent(level).c_str(), 100 * lo, 100 * hi);
    if (p.paired.low <= 0 && p.paired.high >= 0)
      out += format_text("The interval contains 0: no difference is shown at the %s level.\n", level_percent(level).c_str());
  }
  return out.empty() ? out : out + "\n";
}

}  // namespace volley
