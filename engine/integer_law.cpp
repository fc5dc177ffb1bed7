#include "engine/integer_law.hpp"

#include "engine/exact_dice.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace volley {

double IntegerLaw::at(int64_t k) const noexcept { return k < lowest || k > highest() ? 0.0 : p[static_cast<size_t>(k - lowest)]; }

double IntegerLaw::at_least(int64_t k) const noexcept {
  double sum = 0;
  for (int64_t v = highest(); v >= std::max(k, lowest); --v) sum += p[static_cast<size_t>(v - lowest)];
  return sum;
}

double IntegerLaw::at_most(int64_t k) const noexcept {
  double sum = 0;
  for (int64_t v = lowest; v <= std::min(k, highest()); ++v) sum += p[static_cast<size_t>(v - lowest)];
  return sum;
}

double IntegerLaw::mean() const noexcept {
  // Around `lowest`, so that a law far from 0 keeps its digits.
  double m = 0;
  for (size_t i = 0; i < p.size(); ++i) m += static_cast<double>(i) * p[i];
  return static_cast<double>(lowest) + m;
}

double IntegerLaw::standard_deviation() const noexcept {
  // The second moment about the mean: a sum of non-negative terms, no cancellation.
  const double m = mean() - static_cast<double>(lowest);
  double v = 0;
  for (size_t i = 0; i < p.size(); ++i) v += (static_cast<double>(i) - m) * (static_cast<double>(i) - m) * p[i];
  return std::sqrt(v);
}

IntegerLaw point_law(int64_t k) { return IntegerLaw{k, {1.0}}; }

IntegerLaw convolve(const IntegerLaw& x, const IntegerLaw& y) {
  IntegerLaw z{x.lowest + y.lowest, std::vector<double>(x.p.size() + y.p.size() - 1, 0.0)};
  for (size_t i = 0; i < x.p.size(); ++i) {
    if (x.p[i] == 0) continue;
    for (size_t j = 0; j < y.p.size(); ++j) z.p[i + j] += x.p[i] * y.p[j];
  }
  return z;
}

IntegerLaw negated(const IntegerLaw& x) {
  IntegerLaw z{-x.highest(), std::vector<double>(x.p.rbegin(), x.p.rend())};
  return z;
}

IntegerLaw shifted(IntegerLaw x, int64_t c) {
  x.lowest += c;
  return x;
}

IntegerLaw thinned(const IntegerLaw& x, double keep) {
  assert(x.lowest >= 0);
  IntegerLaw z{0, std::vector<double>(static_cast<size_t>(x.highest()) + 1, 0.0)};
  // P(kept = j) = sum over n of P(X = n) Binomial(n, keep)(j): positive terms only.
  for (int64_t n = x.lowest; n <= x.highest(); ++n) {
    const double pn = x.at(n);
    if (pn == 0) continue;
    const auto b = binomial_law(static_cast<int>(n), keep);
    for (size_t j = 0; j < b.size(); ++j) z.p[j] += pn * b[j];
  }
  return z;
}

IntegerLaw capped(const IntegerLaw& x, int64_t cap) {
  if (cap >= x.highest()) return x;
  if (cap <= x.lowest) return point_law(cap);
  IntegerLaw z{x.lowest, std::vector<double>(x.p.begin(), x.p.begin() + (cap - x.lowest) + 1)};
  z.p.back() = x.at_least(cap);
  return z;
}

}  // namespace volley
