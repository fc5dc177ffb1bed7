#include "engine/exact_dice.hpp"

#include <cmath>

namespace volley {

std::vector<double> binomial_law(int n, double p) {
  std::vector<double> pmf(static_cast<size_t>(n) + 1, 0.0);
  pmf[0] = 1.0;
  if (p <= 0) return pmf;
  if (p >= 1) {
    pmf[0] = 0.0;
    pmf[n] = 1.0;
    return pmf;
  }
  // Convolution one die at a time: exact up to rounding, no large binomial coefficients.
  for (int die = 1; die <= n; ++die)
    for (int k = die; k >= 0; --k) pmf[k] = pmf[k] * (1.0 - p) + (k > 0 ? pmf[k - 1] * p : 0.0);
  return pmf;
}

std::vector<double> pool_distribution(int n, int success_faces, int faces) {
  if (success_faces <= 0) return binomial_law(n, 0.0);
  if (success_faces >= faces) return binomial_law(n, 1.0);
  return binomial_law(n, static_cast<double>(success_faces) / faces);
}

double opposed_more_successes(int a_dice, int a_success_faces, int b_dice, int b_success_faces, int faces) {
  const auto a = pool_distribution(a_dice, a_success_faces, faces);
  const auto b = pool_distribution(b_dice, b_success_faces, faces);
  double p = 0.0, b_below = 0.0;  // b_below = P(B < i)
  for (int i = 0; i <= a_dice; ++i) {
    p += a[i] * b_below;
    if (i <= b_dice) b_below += b[i];
  }
  return p;
}

double more_ones_than_sixes(int n) {
  // Sum over (ones, sixes) of the trinomial n! / (o! s! r!) (1/6)^o (1/6)^s (4/6)^r with o > s.
  double p = 0.0;
  for (int o = 0; o <= n; ++o)
    for (int s = 0; s < o && o + s <= n; ++s) {
      const int r = n - o - s;
      const double log_coef = std::lgamma(n + 1.0) - std::lgamma(o + 1.0) - std::lgamma(s + 1.0) - std::lgamma(r + 1.0);
      p += std::exp(log_coef + (o + s) * std::log(1.0 / 6.0) + r * std::log(4.0 / 6.0));
    }
  return p;
}

IntegerLaw sum_law(int n, int faces) {
  IntegerLaw one{1, std::vector<double>(static_cast<size_t>(faces), 1.0 / faces)};
  IntegerLaw total = point_law(0);
  for (int die = 0; die < n; ++die) total = convolve(total, one);
  return total;
}

IntegerLaw count_law(int n, int success_faces, int faces) { return IntegerLaw{0, pool_distribution(n, success_faces, faces)}; }

IntegerLaw count_difference_law(int n, int a_faces, int b_faces, int faces) {
  IntegerLaw law{-n, std::vector<double>(2 * static_cast<size_t>(n) + 1, 0.0)};
  const auto first = pool_distribution(n, a_faces, faces);
  for (int a = 0; a <= n; ++a) {
    if (first[a] == 0) continue;
    // Given a dice in the first set, the others show one of the remaining faces uniformly.
    const int rest_faces = faces - a_faces;
    const auto second = rest_faces > 0 ? pool_distribution(n - a, b_faces, rest_faces) : binomial_law(n - a, 0.0);
    for (int b = 0; b <= n - a; ++b) law.p[static_cast<size_t>(a - b + n)] += first[a] * second[b];
  }
  return law;
}

}  // namespace volley
