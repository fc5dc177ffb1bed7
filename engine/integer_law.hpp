#pragma once
// The exact law of an integer outcome (a sum of dice, a count of hits, a difference of two counts):
// P(X = k) for every k from `lowest` up. The exact answers of `volley dice` and `volley fire` are
// built from these by convolution, negation, thinning and capping; nothing here is sampled.
//
// Every operation adds or multiplies non-negative probabilities only (no subtraction), so the
// relative error of each entry stays at a few units of rounding per step: the laws are exact to
// 1e-12 and better for the pools a designer asks about, which the tests check against closed forms.
#include <cstdint>
#include <vector>

namespace volley {

struct IntegerLaw {
  int64_t lowest = 0;
  std::vector<double> p{1.0};  // p[i] = P(X = lowest + i)

  int64_t highest() const noexcept { return lowest + static_cast<int64_t>(p.size()) - 1; }
  double at(int64_t k) const noexcept;  // P(X = k)
  // The tails are summed from their own end, so a small tail keeps its digits (1 - P(X < k) would
  // lose them).
  double at_least(int64_t k) const noexcept;  // P(X >= k)
  double at_most(int64_t k) const noexcept;   // P(X <= k)
  double mean() const noexcept;
  double standard_deviation() const noexcept;
};

// A point mass at k.
IntegerLaw point_law(int64_t k);
// The law of X + Y for independent X, Y.
IntegerLaw convolve(const IntegerLaw& x, const IntegerLaw& y);
// The law of -X.
IntegerLaw negated(const IntegerLaw& x);
// The law of X + c.
IntegerLaw shifted(IntegerLaw x, int64_t c);
// X a count (lowest >= 0): the law of how many of the X are kept when each is kept independently
// with probability `keep` (a TSATF hit that kills, F-4's kill chance).
IntegerLaw thinned(const IntegerLaw& x, double keep);
// The law of min(X, cap) (F-4: hits beyond the target's figures are lost).
IntegerLaw capped(const IntegerLaw& x, int64_t cap);

}  // namespace volley
