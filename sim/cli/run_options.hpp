#pragma once
// The command-line options of the commands that run trials (run, compare, sweep, tune, sensitivity),
// read into the typed RunSettings that the studies take.
#include "sim/run/run_settings.hpp"

#include <boost/program_options/options_description.hpp>

namespace volley {

// Adds --trials, --precision, --seed, --threads, --set, --json, --csv, --plot, --report, --quiet,
// --level (and --shard, --checkpoint, --resume where `long_run` is true).
void add_run_options(boost::program_options::options_description& options, RunSettings& settings, bool long_run);

}  // namespace volley
