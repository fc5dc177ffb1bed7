// Every command that plays trials ends one way when a signal stops it: exit 128 + the
// signal, every requested output written with what it completed, marked partial in the JSON (which
// points, values or parameters are done), in the printed text and in the report (sim/run/interrupt.hpp).
// Each command is tried with SIGINT and SIGTERM. A signal after the last block leaves a complete result;
// one that comes while the plots are drawn loses neither the plots nor the report.
#include "tests/support/cli_runner.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <csignal>
#include <cstdio>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
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

// Starts volley with `arguments` (no shell) in `dir`, stdout to a file, sends `signal` a moment after
// it has installed its handlers, and waits. Whatever the moment after that (loading, the first trials,
// between points), the command must end the same way: waiting is not a timing assertion. (Before its
// handlers, a signal ends any process by its default action: on a loaded machine, start-up alone
// took over two seconds.)
Stopped stop_with(const std::string& dir, const std::vector<std::string>& arguments, int signal) {
  const std::string out = dir + "/stdout.txt";
  const pid_t pid = start_volley(arguments, dir, out);
  CHECK(wait_until_catching(pid, signal));
  ::usleep(2000000);
  ::kill(pid, signal);
  int status = 0;
  ::waitpid(pid, &status, 0);
  Stopped s;
  s.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 1000 + WTERMSIG(status);
  s.out = read_file(out);
  return s;
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
      const std::string dir = fresh_directory(std::string("stop-") + c.name + "-" + std::to_string(signal));
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

TEST_CASE("volley best stopped by a signal exits 128+signal with the races so far, marked partial", "[sim][interrupt][signals][best]") {
  // The search from three starts takes about ten seconds on two free cores; the signal comes after two.
  for (const int signal : {SIGINT, SIGTERM}) {
    INFO("best stopped by signal " << signal);
    const std::string dir = fresh_directory("stop-best-" + std::to_string(signal));
    const Stopped s = stop_with(
        dir, {"best", "herero-ambush", "--side", "herero", "--starts", "3", "--threads", "2", "--json", "out.json", "--csv", "out.csv"},
        signal);
    CHECK(s.exit_code == 128 + signal);
    CHECK(s.out.find("PARTIAL") != std::string::npos);
    REQUIRE(file_exists(dir + "/out.json"));
    CHECK(file_exists(dir + "/out.csv"));
    const auto json = nlohmann::json::parse(read_file(dir + "/out.json"));
    CHECK(json["partial"] == true);
    REQUIRE_FALSE(json["races"].empty());
    CHECK(json["races"].back()["complete"] == false);
  }
}

TEST_CASE("volley balance stopped by a signal exits 128+signal with the looks so far, marked partial",
          "[sim][interrupt][signals][balance]") {
  // A tolerance no interval reaches before the cap: the race plays until the signal.
  for (const int signal : {SIGINT, SIGTERM}) {
    INFO("balance stopped by signal " << signal);
    const std::string dir = fresh_directory("stop-balance-" + std::to_string(signal));
    const Stopped s = stop_with(dir,
                                {"balance", "--free", "german.units.Z1.figures=10:14", "--goal", "herero.win=0.5", "--tolerance", "0.0001",
                                 "--trials", "100000000", "--threads", "2", "--json", "out.json", "--csv", "out.csv", "--plot", "out.svg"},
                                signal);
    CHECK(s.exit_code == 128 + signal);
    CHECK(s.out.find("PARTIAL") != std::string::npos);
    REQUIRE(file_exists(dir + "/out.json"));
    CHECK(file_exists(dir + "/out.csv"));
    CHECK(file_exists(dir + "/out.svg"));
    const auto json = nlohmann::json::parse(read_file(dir + "/out.json"));
    CHECK(json["partial"] == true);
    CHECK(json["looks_done"].get<int>() < static_cast<int>(json["looks"].size()));
  }
}

TEST_CASE("A run at the thread limit still stops at a signal, with its outputs", "[sim][interrupt][signals][alone]") {
  // 20,000 threads ignored SIGTERM for minutes. The limit (1024) is accepted, and
  // at it a signal still ends the run one way.
  // One signal: at 1024 threads on a small machine the run ends only once the blocks in flight are
  // done (tens of seconds on two cores).
  for (const int signal : {SIGTERM}) {
    INFO("--threads 1024, signal " << signal);
    const std::string dir = fresh_directory("stop-threads-" + std::to_string(signal));
    const Stopped s =
        stop_with(dir, {"run", "osona", "--trials", "100000000000", "--threads", "1024", "--quiet", "--json", "out.json"}, signal);
    CHECK(s.exit_code == 128 + signal);
    REQUIRE(file_exists(dir + "/out.json"));
    CHECK(nlohmann::json::parse(read_file(dir + "/out.json"))["partial"] == true);
  }
}

TEST_CASE("volley dice --simulate ends like every command that plays trials on a signal", "[sim][interrupt][signals]") {
  // It was outside the mechanism: the signal killed it with nothing written.
  for (const int signal : {SIGINT, SIGTERM}) {
    INFO("dice --simulate stopped by signal " << signal);
    const std::string dir = fresh_directory("stop-dice-" + std::to_string(signal));
    const Stopped s = stop_with(dir,
                                {"dice", "10d20", "--hit", "<=6", "--simulate", "100000000000", "--threads", "2", "--json", "out.json",
                                 "--csv", "out.csv", "--plot", "out.svg"},
                                signal);
    CHECK(s.exit_code == 128 + signal);
    CHECK(s.out.find("PARTIAL") != std::string::npos);
    for (const char* file : {"out.json", "out.csv", "out.svg"}) CHECK(file_exists(dir + "/" + file));
    if (!file_exists(dir + "/out.json")) continue;
    const auto json = nlohmann::json::parse(read_file(dir + "/out.json"));
    CHECK(json["partial"] == true);
    CHECK(json["trials"].get<uint64_t>() < json["trials_planned"].get<uint64_t>());
  }
  // Not interrupted, it is complete and says so.
  const std::string dir = fresh_directory("dice-whole");
  const auto whole = run_volley("dice 3d6 --simulate 8192 --json whole.json", dir);
  CHECK(whole.exit_code == 0);
  CHECK(whole.out.find("PARTIAL") == std::string::npos);
  const auto json = nlohmann::json::parse(read_file(dir + "/whole.json"));
  CHECK(json["partial"] == false);
  CHECK(json["trials"] == 8192);
}

namespace {

// The gnuplot on PATH, or empty.
std::string real_gnuplot() {
  const char* path = std::getenv("PATH");
  std::string dirs = path != nullptr ? path : "/usr/bin:/bin";
  for (size_t start = 0; start <= dirs.size();) {
    const size_t colon = dirs.find(':', start);
    const std::string candidate = dirs.substr(start, colon == std::string::npos ? std::string::npos : colon - start) + "/gnuplot";
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    if (colon == std::string::npos) break;
    start = colon + 1;
  }
  return {};
}

// A gnuplot that says when it starts drawing (a marker file), waits, then draws with the real one:
// the window in which a signal comes while the plots are drawn, after the last trial.
std::string slow_gnuplot_directory(const std::string& dir, const std::string& gnuplot) {
  const std::string bin = dir + "/bin";
  fs::create_directories(bin);
  std::ofstream script(bin + "/gnuplot");
  // Only the first drawing is slow: the signal comes during it, and the drawings after it (a report has
  // a dozen) need no second to show that the command goes on drawing them.
  script << "#!/bin/sh\nif [ ! -e '" << dir << "/drawing' ]; then touch '" << dir << "/drawing'; sleep 1; fi\nexec '" << gnuplot
         << "' \"$@\"\n";
  script.close();
  fs::permissions(bin + "/gnuplot", fs::perms::owner_all);
  return bin;
}

// Starts volley in a process group of its own, as a shell starts a foreground job, with the slow
// gnuplot first on PATH; once the drawing has begun, sends `signal` to the whole group (the
// terminal's Ctrl-C) or to volley alone (kill).
Stopped stop_while_drawing(const std::string& dir, const std::vector<std::string>& arguments, int signal, bool whole_group,
                           int signals = 1) {
  const std::string bin = slow_gnuplot_directory(dir, real_gnuplot());
  const std::string out = dir + "/stdout.txt";
  const std::string path = bin + ":" + (std::getenv("PATH") != nullptr ? std::getenv("PATH") : "/usr/bin:/bin");
  const pid_t pid = start_volley(arguments, dir, out, /*own_group=*/true, path);
  // Waits for the drawing however slow the machine is; a command that ends without drawing fails below.
  int status = 0;
  bool ended = false;
  while (!file_exists(dir + "/drawing")) {
    if (::waitpid(pid, &status, WNOHANG) == pid) {
      ended = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (!ended) {
    for (int i = 0; i < signals; ++i) {
      if (i > 0) std::this_thread::sleep_for(std::chrono::milliseconds(200));  // two signals pending would be one
      ::kill(whole_group ? -pid : pid, signal);
    }
    ::waitpid(pid, &status, 0);
  }
  Stopped s;
  s.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 1000 + WTERMSIG(status);
  s.out = read_file(out);
  return s;
}

}  // namespace

TEST_CASE("A signal while the plots are drawn loses neither the plots nor the report", "[sim][interrupt][signals]") {
  if (real_gnuplot().empty()) {
    WARN("SKIPPED: gnuplot is not on PATH");
    return;
  }
  struct Case {
    const char* name;
    std::vector<std::string> arguments;
    bool report;  // the command writes --report (and takes --quiet)
  };
  // One block of trials each: what is checked happens after the trials, and under the sanitizers the
  // trials were most of the test's time.
  const std::vector<Case> cases = {
      {"run", {"run", "osona", "--trials", "1024"}, true},
      {"compare", {"compare", "osona", "--vs", "german.break_fraction=0.4", "--trials", "1024"}, true},
      {"sweep", {"sweep", "osona", "--param", "visibility=8:12:4", "--trials", "1024"}, true},
      {"tune", {"tune", "osona", "--param", "german.break_fraction=0.3:0.7", "--target", "german.win=0.3", "--trials", "1024"}, true},
      {"sensitivity", {"sensitivity", "osona", "--target", "german.win", "--limit", "2", "--trials", "1024"}, true},
      {"dice", {"dice", "10d20", "--hit", "<=6", "--simulate", "2048"}, false},
  };
  for (const auto& c : cases) {
    for (const auto& [signal, group] : {std::pair{SIGINT, true}, std::pair{SIGTERM, false}}) {
      INFO(c.name << ": signal " << signal << (group ? " to the process group" : " to volley") << " while drawing");
      const std::string dir = fresh_directory(std::string("draw-") + c.name + "-" + std::to_string(signal));
      auto arguments = c.arguments;
      for (const char* a : {"--json", "out.json", "--plot", "out.svg"}) arguments.push_back(a);
      if (c.report) arguments.insert(arguments.end(), {"--report", "out.html", "--quiet"});
      const Stopped s = stop_while_drawing(dir, arguments, signal, group);
      CHECK(file_exists(dir + "/drawing"));
      // The trials were all played: the result is complete, and the caller learns of the signal.
      CHECK(s.exit_code == 128 + signal);
      CHECK(s.out.find("PARTIAL") == std::string::npos);
      CHECK(read_file(dir + "/out.svg").find("</svg>") != std::string::npos);
      if (c.report) CHECK(read_file(dir + "/out.html").find("</html>") != std::string::npos);
      REQUIRE(file_exists(dir + "/out.json"));
      CHECK(nlohmann::json::parse(read_file(dir + "/out.json"))["partial"] == false);
    }
  }
}

TEST_CASE("A second signal while a command stops ends it at once", "[sim][interrupt][signals]") {
  if (real_gnuplot().empty()) {
    WARN("SKIPPED: gnuplot is not on PATH");
    return;
  }
  for (const int signal : {SIGINT, SIGTERM}) {
    INFO("two signals " << signal << " while drawing");
    const std::string dir = fresh_directory("second-signal-" + std::to_string(signal));
    const Stopped s = stop_while_drawing(dir, {"run", "osona", "--trials", "4096", "--quiet", "--plot", "out.svg"}, signal, false, 2);
    CHECK(s.exit_code == 1000 + signal);  // ended by the signal itself, not by an exit
  }
}

TEST_CASE("A stop that comes after the last block leaves a complete result, exit 0", "[sim][interrupt]") {
  // The test hook raises the stop once this many blocks are done: here, all of them (2 blocks).
  const std::string dir = fresh_directory("stop-after-last");
  const auto r = run_volley("run osona --trials 8192 --seed 2 --quiet --stop-after-blocks 2 --json last.json", dir);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("PARTIAL") == std::string::npos);
  CHECK(nlohmann::json::parse(read_file(dir + "/last.json"))["partial"] == false);
  // One block short of the end it is partial, as before.
  const auto short_one = run_volley("run osona --trials 12288 --seed 2 --quiet --threads 1 --stop-after-blocks 2 --json short.json", dir);
  CHECK(short_one.exit_code == 130);
  CHECK(nlohmann::json::parse(read_file(dir + "/short.json"))["partial"] == true);
}
