#pragma once
// A compare of three or more variants ranked by the headline's paired difference against the base,
// highest first, with which ones are not distinguishable from the top (analysis/variant_ranking.hpp).
#include "analysis/tally.hpp"
#include "analysis/variant_ranking.hpp"
#include "sim/scenario/compare_job.hpp"

#include <string>
#include <vector>

namespace volley {

// Empty when the compare has fewer than three variants, or the headline is not in the tally.
std::vector<RankedVariant> headline_ranking(const Tally& tally, const CompareJob& job, const std::string& headline, double level);

// The terminal's table: rank, variant, difference to the base and to the top, each with its interval.
std::string ranking_text(const std::vector<RankedVariant>& ranked, const std::vector<std::string>& labels, const std::string& headline,
                         bool probability, size_t variants, double level);

}  // namespace volley
