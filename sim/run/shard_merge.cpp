#include "sim/run/shard_merge.hpp"

#include <stdexcept>

namespace volley {

RunRecord merge_shards(const std::vector<RunRecord>& shards, const std::vector<std::string>& files) {
  if (shards.empty()) throw std::invalid_argument("merge: no result files given");
  const RunRecord& first = shards[0];
  auto refuse = [&](size_t i, const std::string& field, const std::string& why) {
    throw std::invalid_argument("merge: " + files[i] + ": field '" + field + "' " + why);
  };
  std::vector<uint8_t> covered(first.blocks_total, 0);
  std::vector<uint8_t> slice_seen(first.slice.count, 0);
  for (size_t i = 0; i < shards.size(); ++i) {
    const RunRecord& s = shards[i];
    const std::string than = "differs from " + files[0] + "'s";
    if (s.volley_version != first.volley_version) refuse(i, "volley_version", than);
    if (s.command != first.command) refuse(i, "command", than);
    if (s.scenario_hash != first.scenario_hash) refuse(i, "scenario.content_hash", than + " (another scenario or other --set)");
    if (s.seed != first.seed) refuse(i, "seed", than);
    if (s.trials != first.trials) refuse(i, "trials_planned", than);
    if (s.block_size != first.block_size) refuse(i, "block_size", than);
    if (s.slice.count != first.slice.count) refuse(i, "slice.count", than);
    if (s.tally.schema().size() != first.tally.schema().size()) refuse(i, "metrics", than);
    if (s.partial) refuse(i, "partial", "is true: this shard was interrupted; resume it before merging");
    if (s.slice.index >= s.slice.count) refuse(i, "slice.index", "is out of range");
    if (slice_seen[s.slice.index] != 0)
      refuse(i, "slice.index",
             "repeats another file's shard (" + std::to_string(s.slice.index + 1) + "/" + std::to_string(s.slice.count) + ")");
    slice_seen[s.slice.index] = 1;
    for (uint64_t b = 0; b < s.done_blocks.size(); ++b) {
      if (s.done_blocks[b] == 0) continue;
      if (covered[b] != 0) refuse(i, "blocks_done", "overlaps another shard at block " + std::to_string(b));
      covered[b] = 1;
    }
  }
  for (uint64_t b = 0; b < covered.size(); ++b)
    if (covered[b] == 0)
      throw std::invalid_argument("merge: block " + std::to_string(b) + " is in no shard: " + std::to_string(shards.size()) + " of " +
                                  std::to_string(first.slice.count) + " shards given, or one is incomplete");
  RunRecord merged = first;
  merged.slice = BlockSlice{0, 1};
  merged.done_blocks = covered;
  merged.seconds = 0;
  for (size_t i = 1; i < shards.size(); ++i) {
    Tally t(merged.tally.schema_ptr());
    t.from_words(shards[i].tally.trials(), shards[i].tally.to_words());
    merged.tally.merge(t);
  }
  for (const auto& s : shards) merged.seconds += s.seconds;
  // The builds are not compared, the versions are: builds of one version from other compilers or
  // flags give the same numbers, but one from another commit may not, where a commit between them
  // changed results (its message says `Bench:`). The merged file names its build only where all
  // shards agree, and `volley merge` warns otherwise.
  for (const auto& s : shards)
    if (s.volley_build != first.volley_build) merged.volley_build = SeveralBuilds;
  return merged;
}

}  // namespace volley
