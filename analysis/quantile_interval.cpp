#include "analysis/quantile_interval.hpp"

#include "analysis/estimate.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace volley {

namespace {

// The rank of a quantile's estimate: k = max(1, ceil(q n)), so at least one trial lies at or below
// it (q = 0 gives the minimum seen). q n in double, as reports always computed it.
uint64_t estimate_rank(uint64_t n, double q) { return static_cast<uint64_t>(std::ceil(std::max(1.0, q * static_cast<double>(n)))); }

}  // namespace

QuantileRanks exact_quantile_ranks(uint64_t n, double q, double level) {
  const double tail = (1.0 - level) / 2.0;
  QuantileRanks r{0, n + 1, true};
  if (n == 0) return r;
  // B is 0 (q = 0) or n (q = 1) surely.
  if (q <= 0) return {0, 1, true};
  if (q >= 1) return {n, n + 1, true};

  // Step 1: the terms of Binomial(n, q) relative to the one at its mode, walked out each way by the
  // ratios P(k+1)/P(k) = (n-k)/(k+1) * q/(1-q) until they drop below 1e-30 of it (about 11.7
  // standard deviations out). Dividing by their sum normalises them, so no factorial or lgamma is
  // evaluated and nothing cancels; the terms left out total below n * 1e-30 of the mode's, far
  // under any tail (1 - level) / 2 compared with.
  constexpr double Negligible = 1e-30;
  const double nd = static_cast<double>(n);
  const double odds = q / (1.0 - q);
  const uint64_t mode = std::min(n, static_cast<uint64_t>(std::floor((nd + 1.0) * q)));
  std::vector<double> down;  // terms at mode - 1, mode - 2, ..., lo
  for (uint64_t k = mode; k > 0; --k) {
    const double t = (down.empty() ? 1.0 : down.back()) * static_cast<double>(k) / ((nd - static_cast<double>(k) + 1.0) * odds);
    if (t < Negligible) break;
    down.push_back(t);
  }
  std::vector<double> terms(down.rbegin(), down.rend());  // lo, ..., mode - 1
  const uint64_t lo = mode - down.size();
  terms.push_back(1.0);
  for (uint64_t k = mode; k < n; ++k) {
    const double t = terms.back() * (nd - static_cast<double>(k)) / (static_cast<double>(k) + 1.0) * odds;
    if (t < Negligible) break;
    terms.push_back(t);
  }
  double total = 0;
  for (double t : terms) total += t;
  const double limit = tail * total;

  // Step 2: low, the largest rank with P(B <= low - 1) <= tail. Below lo the mass is negligible,
  // so every rank up to lo qualifies; walk up from there.
  r.low = lo;
  double below = 0;
  for (size_t i = 0; i < terms.size(); ++i) {
    below += terms[i];
    if (below > limit) break;
    r.low = lo + i + 1;
  }
  // Step 3: high, the smallest rank with P(B >= high) <= tail, summed from the top so that a small
  // upper tail is not the difference of two numbers near 1.
  r.high = lo + terms.size();  // above the last term the mass is negligible
  double above = 0;
  for (size_t i = terms.size(); i-- > 0;) {
    above += terms[i];
    if (above > limit) break;
    r.high = lo + i;
  }
  return r;
}

QuantileRanks normal_quantile_ranks(uint64_t n, double q, double level) {
  // The tails of B at n q -+ z sd, moved by the Cornish-Fisher skewness term (1 - 2q)(z^2 - 1)/6
  // (a fraction of a rank whatever n, but enough to move a rank at q = 0.05), then half a rank
  // outward for the continuity correction and rounded outward: low - 1 + 1/2 <= n q - z sd + skew
  // - 1/2 and high - 1/2 >= n q + z sd + skew + 1/2. The error left is that of the normal law's
  // second-order term; docs/methods.md bounds it where this is used.
  const double nd = static_cast<double>(n);
  const double z = normal_quantile_two_sided(level);
  const double sd = std::sqrt(nd * q * (1.0 - q));
  const double skew = (1.0 - 2.0 * q) * (z * z - 1.0) / 6.0;
  const double low = std::floor(nd * q - z * sd + skew);
  const double high = std::ceil(nd * q + z * sd + skew) + 1.0;
  QuantileRanks r;
  r.exact = false;
  r.low = low <= 0 ? 0 : std::min(n, static_cast<uint64_t>(low));
  r.high = high >= nd + 1.0 ? n + 1 : std::max<uint64_t>(1, static_cast<uint64_t>(high));
  return r;
}

QuantileRanks quantile_ranks(uint64_t n, double q, double level) {
  const double nd = static_cast<double>(n);
  return nd * q * (1.0 - q) <= ExactRankVariance ? exact_quantile_ranks(n, q, level) : normal_quantile_ranks(n, q, level);
}

std::string to_string(const HistogramValue& v) {
  switch (v.place) {
    case HistogramValue::Place::BelowRange:
      return "<" + std::to_string(v.value);
    case HistogramValue::Place::AboveRange:
      return ">" + std::to_string(v.value);
    case HistogramValue::Place::InRange:
      break;
  }
  return std::to_string(v.value);
}

HistogramValue order_statistic(const Tally& tally, size_t metric, uint64_t rank) {
  using Place = HistogramValue::Place;
  const auto& spec = tally.schema().metrics[metric];
  const HistogramValue bottom{tally.underflow(metric) == 0 ? Place::InRange : Place::BelowRange, spec.min_value};
  const HistogramValue top{tally.overflow(metric) == 0 ? Place::InRange : Place::AboveRange, spec.max_value};
  if (rank == 0) return bottom;
  if (rank > tally.trials()) return top;
  uint64_t seen = tally.underflow(metric);
  if (seen >= rank) return {Place::BelowRange, spec.min_value};
  const auto hist = tally.histogram(metric);
  for (size_t i = 0; i < hist.size(); ++i) {
    seen += hist[i];
    if (seen >= rank) return {Place::InRange, spec.min_value + static_cast<int64_t>(i)};
  }
  return {Place::AboveRange, spec.max_value};
}

std::string to_string(const QuantileInterval& qi) {
  return to_string(qi.estimate) + " [" + to_string(qi.low) + ", " + to_string(qi.high) + "]";
}

QuantileInterval quantile_interval(const Tally& tally, size_t metric, double q, double level) {
  QuantileInterval r;
  r.q = q;
  r.ranks = quantile_ranks(tally.trials(), q, level);
  r.method = r.ranks.exact ? "order statistics (exact binomial)" : "order statistics (normal)";
  r.estimate = order_statistic(tally, metric, estimate_rank(tally.trials(), q));
  r.low = order_statistic(tally, metric, r.ranks.low);
  r.high = order_statistic(tally, metric, r.ranks.high);
  return r;
}

int64_t histogram_quantile(const Tally& tally, size_t metric, double q) {
  const auto v = order_statistic(tally, metric, estimate_rank(tally.trials(), q));
  switch (v.place) {
    case HistogramValue::Place::BelowRange:
      return v.value - 1;
    case HistogramValue::Place::AboveRange:
      return v.value + 1;
    case HistogramValue::Place::InRange:
      break;
  }
  return v.value;
}

}  // namespace volley
