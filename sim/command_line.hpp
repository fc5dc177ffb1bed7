#pragma once
// Parsing of one subcommand's arguments (Boost.Program_options): the visible options, --help, and
// the positional arguments (SCENARIO, FILE..., POOL) bound to one hidden option.
#include <boost/program_options/options_description.hpp>
#include <boost/program_options/value_semantic.hpp>
#include <boost/program_options/variables_map.hpp>

#include <string>
#include <vector>

namespace volley {

// Adds --help to `options`, parses. Returns false after printing the options and `footer` when --help
// was given. positional_count: how many positional arguments (-1: any number).
bool parse_command_line(const std::vector<std::string>& args, boost::program_options::options_description& options,
                        const char* positional_name, boost::program_options::value_semantic* positional_value,
                        int positional_count, boost::program_options::variables_map& vm, const std::string& footer = "");

}  // namespace volley
