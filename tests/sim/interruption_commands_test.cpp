// Issue 17: every command that plays trials ends one way when a signal stops it: exit 128 + the
// signal, every requested output written with what it completed, marked partial in the JSON (which
// points, values or parameters are done), in the printed text and in the report (sim/run/interrupt.hpp).
// Each command is tried with SIGINT and SIGTERM. A signal after the last block leaves a complete result.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace volley::testing;
namespace fs = std::filesystem;

namespace {

struct Stopped {
  int exit_code = -1;
  std::string out;
};

// Starts volley with `arguments` (no shell) in `dir`, stdout to a file, sends `signal` after a
// moment and waits. Whatever the moment (loading, the first trials, between points), the command
// must end the same way: waiting is not a timing assertion.
Stopped stop_with(const std::string& dir, const std::vector<std::string>& arguments, int signal) {
  const std::string out = dir + "/stdout.txt";
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (::chdir(dir.c_str()) != 0 || std::freopen(out.c_str(), "w", stdout) == nullptr) ::_exit(126);
    std::vector<char*> argv{const_cast<char*>(VOLLEY_BINARY)};
    for (const auto& a : arguments) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(VOLLEY_BINARY, argv.data());
    ::_exit(127);
  }
  ::usleep(2000000);
  ::kill(pid, signal);
  int status = 0;
  ::waitpid(pid, &status, 0);
  Stopped s;
  s.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 1000 + WTERMSIG(status);
  s.out = read_file(out);
  return s;
}

std::string fresh(const std::string& name) {
  const std::string dir = scratch_directory() + "/" + name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

const std::vector<std::string> Outputs = {"--json", "out.json", "--csv", "out.csv", "--plot", "out.svg", "--report", "out.html", "--quiet"};

}  // namespace

TEST_CASE("Every command that plays trials exits 128+signal with every output, marked partial", "[sim][interrupt][signals]") {
  const std::string huge = "100000000000";
  struct Case {
    const char* name;
    std::vector<std::string> arguments;
    const char* done_field;  // the JSON field that says how much is done
  };
  const std::vector<Case> cases = {
      {"run", {"run", "osona", "--trials", huge}, "blocks_done"},
      {"compare", {"compare", "osona", "--vs", "german.break_fraction=0.4", "--trials", huge}, "blocks_done"},
      {"sweep", {"sweep", "osona", "--param", "visibility=8:12:2", "--trials", huge}, "points_complete"},
      {"tune", {"tune", "osona", "--param", "german.break_fraction=0.3:0.7", "--target", "german.win=0.5", "--trials", huge}, "points"},
      {"sensitivity", {"sensitivity", "osona", "--target", "german.win", "--limit", "4", "--trials", huge}, "parameters_studied"},
  };
  for (const auto& c : cases) {
    for (const int signal : {SIGINT, SIGTERM}) {
      INFO(c.name << " stopped by signal " << signal);
      const std::string dir = fresh(std::string("stop-") + c.name + "-" + std::to_string(signal));
      auto arguments = c.arguments;
      arguments.insert(arguments.end(), Outputs.begin(), Outputs.end());
      const Stopped s = stop_with(dir, arguments, signal);
      CHECK(s.exit_code == 128 + signal);
      CHECK(s.out.find("PARTIAL") != std::string::npos);
      for (const char* file : {"out.json", "out.csv", "out.svg", "out.html"}) CHECK(file_exists(dir + "/" + file));
      if (!file_exists(dir + "/out.json")) continue;
      const auto json = nlohmann::json::parse(read_file(dir + "/out.json"));
      CHECK(json["partial"] == true);
      CHECK(json.contains(c.done_field));
      // The report page draws the result it holds, and says PARTIAL where that result is partial.
      CHECK(read_file(dir + "/out.html").find("\"partial\":true") != std::string::npos);
    }
  }
}

TEST_CASE("A stop that comes after the last block leaves a complete result, exit 0", "[sim][interrupt]") {
  // The test hook raises the stop once this many blocks are done: here, all of them (2 blocks).
  const std::string dir = fresh("stop-after-last");
  const auto r = run_volley("run osona --trials 8192 --seed 2 --quiet --stop-after-blocks 2 --json last.json", dir);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("PARTIAL") == std::string::npos);
  CHECK(nlohmann::json::parse(read_file(dir + "/last.json"))["partial"] == false);
  // One block short of the end it is partial, as before.
  const auto short_one = run_volley("run osona --trials 12288 --seed 2 --quiet --threads 1 --stop-after-blocks 2 --json short.json", dir);
  CHECK(short_one.exit_code == 130);
  CHECK(nlohmann::json::parse(read_file(dir + "/short.json"))["partial"] == true);
}
