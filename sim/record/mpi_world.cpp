#include "sim/record/mpi_world.hpp"

#include <cstdio>
#include <cstdlib>

#if defined(VOLLEY_MPI)
#include <mpi.h>
#endif

namespace volley {

namespace {
MpiWorld world;
#if defined(VOLLEY_MPI)
bool initialised = false;
#endif
}  // namespace

const MpiWorld& mpi_world() { return world; }

MpiSession::MpiSession(int* argc, char*** argv) {
#if defined(VOLLEY_MPI)
  // Only under a launcher: a plain `volley run` on a laptop must not need an MPI runtime.
  if (std::getenv("OMPI_COMM_WORLD_SIZE") == nullptr && std::getenv("PMIX_RANK") == nullptr && std::getenv("PMI_RANK") == nullptr) return;
  MPI_Init(argc, argv);
  initialised = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &world.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &world.size);
  if (world.rank != 0 && std::freopen("/dev/null", "w", stdout) == nullptr) std::perror("stdout");
#else
  (void)argc;
  (void)argv;
#endif
}

MpiSession::~MpiSession() {
#if defined(VOLLEY_MPI)
  if (initialised) MPI_Finalize();
#endif
}

Tally mpi_combine(const Tally& local) {
#if defined(VOLLEY_MPI)
  if (world.size <= 1) return local;
  std::vector<uint64_t> words = local.to_words();
  words.push_back(local.trials());
  std::vector<uint64_t> all(words.size() * static_cast<size_t>(world.size));
  MPI_Allgather(words.data(), static_cast<int>(words.size()), MPI_UINT64_T, all.data(), static_cast<int>(words.size()), MPI_UINT64_T,
                MPI_COMM_WORLD);
  Tally global(local.schema_ptr());
  for (int r = 0; r < world.size; ++r) {
    const uint64_t* w = all.data() + static_cast<size_t>(r) * words.size();
    Tally part(local.schema_ptr());
    part.from_words(w[words.size() - 1], std::span<const uint64_t>(w, words.size() - 1));
    global.merge(part);
  }
  return global;
#else
  return local;
#endif
}

std::vector<uint8_t> mpi_union(const std::vector<uint8_t>& local) {
#if defined(VOLLEY_MPI)
  if (world.size <= 1) return local;
  std::vector<uint8_t> all(local.size());
  MPI_Allreduce(local.data(), all.data(), static_cast<int>(local.size()), MPI_UINT8_T, MPI_MAX, MPI_COMM_WORLD);
  return all;
#else
  return local;
#endif
}

bool mpi_any(bool local) { return mpi_union({static_cast<uint8_t>(local ? 1 : 0)})[0] != 0; }

}  // namespace volley
