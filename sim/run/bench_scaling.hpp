#pragma once
// How the kernels' cost grows with force size: generated scenarios of 8, 32, 128 and 512
// units for each kernel, the same shape at every size (`volley bench --scaling`).
#include <string>

namespace volley {

// A firefight of `units` units, half a side: Hereros advancing from the north in zones against
// Germans holding the south, one column of 4" per pair of units.
std::string scaling_firefight(int units);
// A barrage of `units` defending units in a grid over the table, and a rolling barrage of three
// batteries crossing it.
std::string scaling_barrage(int units);

// Runs every size of both kernels and prints the table.
void print_scaling_table(int threads);

}  // namespace volley
