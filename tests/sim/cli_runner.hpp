#pragma once
// Runs the built `volley` binary as a user would, for end-to-end tests of the command line.
#include <initializer_list>
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

// Runs `volley <arguments>` as run_volley does and requires that it succeeded (exit code 0); on
// failure the report shows the command and what it printed. Returns the run.
CliResult expect_success(const std::string& arguments, const std::string& directory = "");

// Runs `volley <arguments>` as run_volley does and checks that it was refused: exit code 2 and
// `message` on stderr. Returns the run, for a test that checks more of it.
CliResult expect_refused(const std::string& arguments, const std::string& message, const std::string& directory = "");

// expect_refused, and nothing on stdout: bad input is refused before any work.
void expect_refused_before_work(const std::string& arguments, const std::string& message);

// Checks that `text` holds each of `pieces`, one CHECK a piece: a failure names the piece missing and
// shows the whole text.
void check_contains(const std::string& text, std::initializer_list<std::string> pieces);

// A temporary directory for the test run's files (created once).
const std::string& scratch_directory();

std::string read_file(const std::string& path);
// Writes `text` to `path`, replacing the file.
void write_file(const std::string& path, const std::string& text);
// An empty directory `name` under scratch_directory(), emptied if an earlier test left it; its path.
std::string fresh_directory(const std::string& name);
bool file_exists(const std::string& path);

}  // namespace volley::testing
