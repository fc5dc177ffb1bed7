#pragma once
// Which blocks of a run a process plays, and the block size: part of the driver's plan and of every
// result document (a shard or a checkpoint says which blocks it holds), so it lives below both.
#include <cstdint>

namespace volley {

inline constexpr uint32_t DefaultBlockSize = 4096;

struct BlockSlice {
  uint64_t index = 0;  // this process runs blocks b with b % count == index
  uint64_t count = 1;
  bool owns(uint64_t block) const noexcept { return block % count == index; }
};

}  // namespace volley
