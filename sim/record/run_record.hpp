#pragma once
// Everything a run produced and everything needed to check that two results belong together: the
// scenario's identity (name, canonical text hash), the seed, the plan (trials, block size, slice),
// which blocks are done, and the integer tally. It is the JSON result file (`--json`), the shard file
// that `volley merge` reads, and the checkpoint that `--resume` continues (docs/json-format.md).
#include "analysis/tally.hpp"
#include "sim/record/build_identity.hpp"
#include "sim/record/block_slice.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace volley {

inline constexpr int ResultFormatVersion = 1;
// volley_build of a result made by several builds: shards merged, or a checkpoint resumed, across builds.
inline constexpr const char* SeveralBuilds = "several builds";

struct RunRecord {
  std::string command = "run";
  std::string run_id;  // the run a checkpoint belongs to; a resumed run keeps it (empty: not recorded)
  std::string volley_version = VOLLEY_VERSION;
  std::string volley_build = build_identity_text();  // informative: merge does not compare it
  std::string scenario_name;
  std::string scenario_title;
  std::string scenario_kind;
  uint64_t scenario_hash = 0;
  std::string scenario_text;  // canonical TOML after --set
  std::vector<std::string> sets;
  std::vector<std::string> variants;  // compare: the label of each variant
  uint64_t seed = 0;
  uint64_t trials = 0;  // planned (the cap with --precision)
  uint32_t block_size = DefaultBlockSize;
  uint64_t blocks_total = 0;
  BlockSlice slice;
  std::vector<uint8_t> done_blocks;
  bool partial = false;   // interrupted, or a checkpoint of a run in flight
  std::string precision;  // as given
  bool precision_reached = false;
  double level = 0.95;
  double seconds = 0;
  int threads = 0;
  Tally tally;
  // Fields for people and the report page (sim/output/result_presentation.hpp): the headline, the map,
  // distributions with intervals, a compare's paired differences. Derived when the result is
  // written and never read back; null in checkpoints and shards.
  nlohmann::json presentation;
};

// How the run ended, as the header line of run and compare says it after the trial count:
// ", precision reached", ", precision NOT reached (trial cap)", and for an interrupted run
// ", precision NOT reached (interrupted), PARTIAL: interrupted, completed blocks only".
std::string run_ending(const RunRecord& record);

nlohmann::json record_to_json(const RunRecord& record);
// Reads a record; `file` names the source in errors. Throws std::invalid_argument naming file and field.
RunRecord record_from_json(const nlohmann::json& json, const std::string& file);
RunRecord read_record_file(const std::string& path);

// Block ranges [first, last] of the done flags, compact for JSON.
std::vector<std::pair<uint64_t, uint64_t>> block_ranges(const std::vector<uint8_t>& done);

}  // namespace volley
