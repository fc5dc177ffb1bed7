#include "engine/exact_dice.hpp"

#include <cmath>

namespace volley {

std::vector<double> pool_distribution(int n, int success_faces, int faces) {
  std::vector<double> pmf(static_cast<size_t>(n) + 1, 0.0);
  if (success_faces <= 0) { pmf[0] = 1.0; return pmf; }
  if (success_faces >= faces) { pmf[n] = 1.0; return pmf; }
  const double p = static_cast<double>(success_faces) / faces;
  // Convolution one die at a time: exact up to rounding, no large binomial coefficients.
  pmf[0] = 1.0;
  for (int die = 1; die <= n; ++die)
    for (int k = die; k >= 0; --k) pmf[k] = pmf[k] * (1.0 - p) + (k > 0 ? pmf[k - 1] * p : 0.0);
  return pmf;
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

}  // namespace volley
