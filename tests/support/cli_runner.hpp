#pragma once
// Runs the built `volley` binary as a user would, for end-to-end tests of the command line.
#include <initializer_list>
#include <string>
#include <sys/types.h>
#include <vector>

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

// Starts `volley <arguments>` (no shell) in `directory`, its stdout to `stdout_path`, and returns at
// once with its process id (the caller waits for it). With `own_group` it leads a process group of
// its own, as a shell's foreground job does; a non-empty `path` replaces its PATH.
pid_t start_volley(const std::vector<std::string>& arguments, const std::string& directory, const std::string& stdout_path,
                   bool own_group = false, const std::string& path = "");

// Waits until process `pid` has installed its handler of `signal` (SigCgt in /proc/PID/status), however
// slowly a loaded machine starts it. A signal before that ends any process by its default action, so a
// test that signals a command "at any moment" means any moment after this. False if the process ended
// first or two minutes passed.
bool wait_until_catching(pid_t pid, int signal);

// Waits until process `pid` holds a flock on the file `path` (/proc/locks), without taking the lock
// itself. False if the process ended first or two minutes passed.
bool wait_until_locked(pid_t pid, const std::string& path);

// A temporary directory for the test run's files (created once).
const std::string& scratch_directory();

std::string read_file(const std::string& path);
// Writes `text` to `path`, replacing the file.
void write_file(const std::string& path, const std::string& text);
// An empty directory `name` under scratch_directory(), emptied if an earlier test left it; its path.
std::string fresh_directory(const std::string& name);
bool file_exists(const std::string& path);

}  // namespace volley::testing
