#pragma once
// Which blocks of a run a process plays, and the block size: part of the driver's plan and of every
// result document (a shard or a checkpoint says which blocks it holds), so it lives below both.
#include <cstdint>

namespace volley {

inline constexpr uint32_t DefaultBlockSize = 4096;
// A run with a precision target checks its estimate after every block and, with T threads, plays a
// round of T blocks at a time, so up to T - 1 blocks past the one that stops are played and dropped
// (the default question to +-0.005 needs about 17,700 paired trials; 2 threads on blocks of 4,096
// played 24,576).
// Smaller blocks stop nearer the need, but each round ends in a join of the threads: at 512 trials a
// block the joins cost more than the trials they save (docs/performance.md, "Time to answer").
inline constexpr uint32_t PrecisionBlockSize = 1024;

struct BlockSlice {
  uint64_t index = 0;  // this process runs blocks b with b % count == index
  uint64_t count = 1;
  bool owns(uint64_t block) const noexcept { return block % count == index; }
};

}  // namespace volley
