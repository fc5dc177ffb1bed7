#pragma once
// Exact laws of the dice the rules roll, for known-answer tests and for the `volley dice` table.
// Nothing here is sampled: these are the numbers the simulator must reproduce.
#include <vector>

namespace volley {

// P(k of n dice show one of `success_faces` faces out of `faces`), k = 0..n: Binomial(n, s/F).
std::vector<double> pool_distribution(int n, int success_faces, int faces);

// Opposed check (Combat HQ comms and supply, B-3/B-6): side A rolls a_dice, side B rolls b_dice, each
// die succeeding with the given number of faces out of `faces`; P(A's successes > B's successes).
double opposed_more_successes(int a_dice, int a_success_faces, int b_dice, int b_success_faces, int faces);

// Command Failure (B-2): n d6 show more 1s than 6s. Exact multinomial sum.
double more_ones_than_sixes(int n);

}  // namespace volley
