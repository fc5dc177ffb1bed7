#pragma once
// A plan's blocks shared among the ranks of an MPI run (sim/record/mpi_world.hpp): rank r plays the
// blocks b with b % N == r, and the driver combines the ranks' tallies, so every rank ends with the
// global tally. Without mpirun (one rank) the plan is left as it is.
#include "sim/run/driver.hpp"

namespace volley {

void share_among_ranks(RunPlan& plan);

}  // namespace volley
