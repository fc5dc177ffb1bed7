#pragma once
// The command-line options of the commands that run trials (run, compare, sweep, tune, sensitivity),
// read into the typed RunSettings that the studies take.
#include "sim/run/run_settings.hpp"

#include <boost/program_options/options_description.hpp>
#include <boost/program_options/value_semantic.hpp>

namespace volley {

// Adds --trials, --precision, --seed, --threads, --set, --json, --csv, --plot, --report, --quiet,
// --level (and --shard, --checkpoint, --resume where `long_run` is true).
// --seed: a number, or `random`, drawn here once (std::random_device) and written into the settings
// as the number it drew, so that the study plays, records and reports one seed, and the command
// line a report ends with can name it.
boost::program_options::typed_value<std::string>* seed_option(RunSettings& settings);

void add_run_options(boost::program_options::options_description& options, RunSettings& settings, bool long_run);

}  // namespace volley
