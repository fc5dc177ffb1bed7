#pragma once
// Runs the built `volley` binary as a user would, for end-to-end tests of the command line.
#include <string>

namespace volley::testing {

struct CliResult {
  int exit_code = -1;
  std::string out;  // stdout
  std::string err;  // stderr
};

// Runs `volley <arguments>` through /bin/sh in `directory` (default: a fresh temporary directory
// shared by the test run). `arguments` is shell text: quote as in a terminal.
CliResult run_volley(const std::string& arguments, const std::string& directory = "");

// A temporary directory for the test run's files (created once).
const std::string& scratch_directory();

std::string read_file(const std::string& path);
bool file_exists(const std::string& path);

}  // namespace volley::testing
