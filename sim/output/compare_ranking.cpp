#include "sim/output/compare_ranking.hpp"

#include "analysis/level_label.hpp"
#include "analysis/paired_difference.hpp"
#include "analysis/text_format.hpp"

#include <algorithm>

namespace volley {

std::vector<RankedVariant> headline_ranking(const Tally& tally, const CompareJob& job, const std::string& headline, double level) {
  if (job.variant_count() < 3 || tally.trials() == 0) return {};
  std::vector<VariantDifference> differences(job.variant_count());
  for (size_t v = 1; v < job.variant_count(); ++v) {
    const long b = job.variant_metric(0, headline), o = job.variant_metric(v, headline), d = job.difference_metric(v, headline);
    if (b < 0 || o < 0 || d < 0) return {};
    const auto p = paired_difference(tally, static_cast<size_t>(b), static_cast<size_t>(o), static_cast<size_t>(d), level);
    differences[v] = {p.paired, p.per_trial_variance};
  }
  return rank_variants(differences, tally.trials(), level);
}

std::string ranking_text(const std::vector<RankedVariant>& ranked, const std::vector<std::string>& labels, const std::string& headline,
                         bool probability, size_t variants, double level) {
  if (ranked.empty()) return "";
  const char* f = probability ? "%+.4f [%+.4f,%+.4f]" : "%+.3f [%+.3f,%+.3f]";
  std::string out = format_text("variants ranked by %s, highest first (difference = this one - base; to the top: this one - top one)\n",
                                headline.c_str());
  std::vector<std::string> names;
  int width = 7;
  for (const auto& r : ranked) {
    names.push_back((r.variant == 0 ? std::string("base: ") : format_text("variant %zu: ", r.variant)) + labels[r.variant]);
    width = std::max(width, static_cast<int>(names.back().size()));
  }
  auto row = [&](const std::string& rank, const std::string& name, const std::string& base, const std::string& top, const char* verdict) {
    std::string line = format_text("%-4s %-*s  %-28s %-28s %s", rank.c_str(), width, name.c_str(), base.c_str(), top.c_str(), verdict);
    return line.substr(0, line.find_last_not_of(' ') + 1) + "\n";
  };
  out += row("rank", "variant", "to the base (" + level_percent(level) + ")", "to the top (simultaneous)", "");
  for (size_t i = 0; i < ranked.size(); ++i) {
    const auto& r = ranked[i];
    const std::string against_base =
        r.variant == 0 ? "0 (the base)" : format_text(f, r.against_base.estimate, r.against_base.low, r.against_base.high);
    const std::string against_top = i == 0 ? "the top" : format_text(f, r.against_top.estimate, r.against_top.low, r.against_top.high);
    out += row(std::to_string(i + 1), names[i], against_base, against_top,
               i == 0              ? ""
               : r.distinguishable ? "below the top"
                                   : "not distinguishable from the top");
  }
  out += format_text(
      "Each interval to the top is at %s, so that all %zu pairs of variants hold together at %s (Bonferroni), and bounds the\n"
      "unknown covariance of the two differences by Cauchy-Schwarz: conservative (docs/methods.md, \"Ranking variants\").\n\n",
      level_percent(simultaneous_pair_level(variants, level)).c_str(), variants * (variants - 1) / 2, level_percent(level).c_str());
  return out;
}

}  // namespace volley
