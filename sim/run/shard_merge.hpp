#pragma once
// `volley merge`: shards of one run (--shard k/N) combined into the result a single run gives. The
// shards must belong together: same scenario content, seed, trial count, block size, volley and
// format version, N files for N slices, none partial, no block twice, no block missing.
#include "sim/record/run_record.hpp"

#include <string>
#include <vector>

namespace volley {

// Throws std::invalid_argument naming the file and the field that does not fit.
RunRecord merge_shards(const std::vector<RunRecord>& shards, const std::vector<std::string>& files);

}  // namespace volley
