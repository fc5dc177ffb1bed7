#pragma once
// A probability that no trial has shown yet (0 of n): its estimate is 0 and the useful statement is
// how large it can still be, the exact one-sided upper bound at the level,
//   p_max = 1 - (1 - level)^(1/n)   (the largest p with P(0 of n | p) = (1 - p)^n >= 1 - level),
// the rule of three generalised (p_max ~ 3/n at 95%). Shown as "never observed (at most p_max)" on
// the terminal and the report; the CSV and JSON keep the interval's own numbers.
#include <cstdint>
#include <string>

namespace volley {

double never_observed_bound(uint64_t trials, double level);

// "never observed (at most 0.0100)", the bound with `digits` decimals.
std::string never_observed_text(uint64_t trials, double level, int digits);

}  // namespace volley
