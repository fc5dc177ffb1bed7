#pragma once
// MPI (Open MPI) for runs that outgrow one machine. Built only with -DVOLLEY_MPI=ON; without
// it the world is one process and nothing here needs MPI.
//
// Under `mpirun -np N`, every command's plan gives rank r the blocks b with b % N == r (share_among_ranks),
// TBB runs them inside the rank, and the integer tallies are combined with an all-gather and merged
// in rank order on every rank, so each rank holds the global tally: the --precision check sees the
// same numbers everywhere and stops at the same block count as a single process would. Only rank 0
// prints and writes files.
#include "analysis/tally.hpp"

#include <cstdint>
#include <vector>

namespace volley {

struct MpiWorld {
  int rank = 0;
  int size = 1;
};

const MpiWorld& mpi_world();

// Initialises MPI when the process was started by mpirun (and the build has MPI); finalises on exit.
class MpiSession {
 public:
  MpiSession(int* argc, char*** argv);
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;
};

// Every rank's tally merged (identical on all ranks).
Tally mpi_combine(const Tally& local);
// Every rank's completed-block flags, or-ed.
std::vector<uint8_t> mpi_union(const std::vector<uint8_t>& local);
// True on every rank when `local` is true on any: a decision all ranks take together (a stop, a
// time budget), so that they keep making the same collective calls.
bool mpi_any(bool local);

}  // namespace volley
