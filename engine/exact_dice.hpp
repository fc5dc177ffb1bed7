#pragma once
// Exact laws of the dice the rules roll, for known-answer tests and for the `volley dice` and
// `volley fire` tables. Nothing here is sampled: these are the numbers the simulator must reproduce.
#include "engine/integer_law.hpp"

#include <vector>

namespace volley {

// Binomial(n, p), k = 0..n, built one die at a time (no large coefficients, no cancellation).
std::vector<double> binomial_law(int n, double p);

// P(k of n dice show one of `success_faces` faces out of `faces`), k = 0..n: Binomial(n, s/F).
std::vector<double> pool_distribution(int n, int success_faces, int faces);

// Opposed check (Combat HQ comms and supply, B-3/B-6): side A rolls a_dice, side B rolls b_dice, each
// die succeeding with the given number of faces out of `faces`; P(A's successes > B's successes).
double opposed_more_successes(int a_dice, int a_success_faces, int b_dice, int b_success_faces, int faces);

// Command Failure (B-2): n d6 show more 1s than 6s. Exact multinomial sum.
double more_ones_than_sixes(int n);

// The sum of n dice of `faces` faces (each 1..faces).
IntegerLaw sum_law(int n, int faces);

// How many of n dice show one of `success_faces` faces: pool_distribution as a law.
IntegerLaw count_law(int n, int success_faces, int faces);

// Of n dice, the number showing one of `a_faces` faces minus the number showing one of `b_faces`
// other faces (the two face sets disjoint): B-2's Command Failure is P(X >= 1) with a = {1}, b = {6}.
// The trinomial law, summed as Binomial(n, a/F) for the first count and, given it, Binomial(rest,
// b/(F - a)) for the second.
IntegerLaw count_difference_law(int n, int a_faces, int b_faces, int faces);

}  // namespace volley
