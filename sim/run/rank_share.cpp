#include "sim/run/rank_share.hpp"

#include "sim/record/mpi_world.hpp"

namespace volley {

void share_among_ranks(RunPlan& plan) {
  if (mpi_world().size <= 1) return;
  plan.slice = BlockSlice{static_cast<uint64_t>(mpi_world().rank), static_cast<uint64_t>(mpi_world().size)};
  plan.combine = mpi_combine;
}

}  // namespace volley
