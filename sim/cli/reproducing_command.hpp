#pragma once
// The command line a result document carries (`command_line`, docs/json-format.md) and its report
// page ends with: `volley COMMAND` and the arguments as typed, each a shell word, so that running it
// gives the same result bit for bit. Left out: what cannot change a result (--threads and -j, as
// results are the same for any thread count; --quiet; the files written: --json, --csv, --plot,
// --report, --checkpoint). A `--seed random` becomes the seed it drew.
#include "sim/cli/commands.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace volley {

// `seed`: the seed the result was played with (empty for a result that draws nothing).
std::string reproducing_command(const std::string& command, const Args& args, std::optional<uint64_t> seed);

// Sets the document's `command_line`, the seed taken from the document's first `seed` (top level
// first, then depth first).
void add_command_line(nlohmann::json& document, const std::string& command, const Args& args);

}  // namespace volley
