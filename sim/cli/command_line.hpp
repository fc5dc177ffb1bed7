#pragma once
// Parsing of one subcommand's arguments (Boost.Program_options): the visible options, --help, and
// the positional arguments (SCENARIO, FILE..., POOL) bound to one hidden option.
#include <boost/program_options/options_description.hpp>
#include <boost/program_options/value_semantic.hpp>
#include <boost/program_options/variables_map.hpp>

#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace volley {

// Adds --help to `options`, parses. Returns false after printing the options and `footer` when --help
// was given. positional_count: how many positional arguments (-1: any number).
bool parse_command_line(const std::vector<std::string>& args, boost::program_options::options_description& options,
                        const char* positional_name, boost::program_options::value_semantic* positional_value, int positional_count,
                        boost::program_options::variables_map& vm, const std::string& footer = "");

// Refuses an argument given empty on the command line ('--json ""', 'run ""', '--vs ""'): no option
// or argument of volley takes an empty text, and an empty one would otherwise read as "not given"
// (the default scenario run, an output silently not written). Throws std::invalid_argument.
// `options`: the description parsed (switches such as --help hold an empty text by design).
void refuse_empty_arguments(const boost::program_options::variables_map& vm, const boost::program_options::options_description& options);

// Whole-number options: counts, indices, thread counts. Boost.Program_options reads "-5" into an
// unsigned option as 2^64 - 5 (a negative trial count was refused as "more than 10^11 trials", a
// negative trial index replayed trial 2^64 - 1), so these read the text themselves: a sign, a
// fraction or a number outside [lo, hi] is refused with a message naming the option and the text.
// The target keeps its value when the option is not given; add ->default_value("...") to show one
// in --help.
// `hi_is_a_rule`: whether the message states hi (false where hi is only the type's limit).
uint64_t parse_whole_number(const std::string& option, const std::string& text, uint64_t lo, uint64_t hi, bool hi_is_a_rule);

template <class Int>
boost::program_options::typed_value<std::string>* whole_number(Int& target, std::string option, Int lo,
                                                               Int hi = std::numeric_limits<Int>::max()) {
  static_assert(std::numeric_limits<Int>::is_integer);
  return boost::program_options::value<std::string>()->notifier([&target, option = std::move(option), lo, hi](const std::string& text) {
    target = static_cast<Int>(
        parse_whole_number(option, text, static_cast<uint64_t>(lo), static_cast<uint64_t>(hi), hi != std::numeric_limits<Int>::max()));
  });
}

// A signed whole-number option (dice --mod -1): read whole (a leading + or -), within [lo, hi], else
// std::invalid_argument naming the option and its text. Boost read an int option past its range as
// "invalid" and, within it, let --mod 2147483647 overflow the band it moved.
boost::program_options::typed_value<std::string>* signed_whole_number(int& target, std::string option, int lo, int hi);

// A real-number option (analysis/number_parsing.hpp): finite, read whole, and within [lo, hi]
// (open at an end where `open` says so); otherwise std::invalid_argument naming the option and text.
double parse_real_number(const std::string& option, const std::string& text, double lo, double hi, bool open_lo, bool open_hi);

// --level: the confidence level of every interval, a number in (0.5, 1). Boost read "nan" and "inf"
// as doubles, and a report then printed "nan% interval".
boost::program_options::typed_value<std::string>* confidence_level(double& target);

// The most worker threads a run may ask for. Each is a real thread with its own scratch: 20,000 of
// them ran for minutes on a few thousand trials and 100,000 aborted in pthread_create.
// 1024 is well above the cores of any one machine volley runs on; more cores are reached through
// MPI ranks or shards.
inline constexpr int MaxThreads = 1024;

// --threads (-j), read the same way by every command that plays trials (run, ..., bench, dice
// --simulate): 0 (all cores, the default) to MaxThreads.
inline boost::program_options::typed_value<std::string>* thread_count(int& target) {
  return whole_number(target, "--threads", 0, MaxThreads)->default_value("0");
}
inline const std::string ThreadCountHelp = "worker threads (0: all cores; at most " + std::to_string(MaxThreads) + ")";

}  // namespace volley
