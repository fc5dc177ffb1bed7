// Outputs, checkpoints, validate and merge as a hostile user tries them. A standard stream
// is written in place whatever it points at; a link whose target does not exist yet is still one
// file with its target; a checkpoint that cannot be saved does not lose the run; a checkpoint belongs
// to one run (a lock, and the run it continues is named); checkpoints also follow a time interval;
// merge and resume check every tally's inner consistency; a FIFO scenario, a directory given as a
// result file, a missing gnuplot, a shard that owns no block and a battery listed twice each get the
// clear answer.
#include "tests/support/cli_runner.hpp"
#include "analysis/tally.hpp"
#include "sim/run/run_session.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace volley::testing;
namespace fs = std::filesystem;

namespace {

// A shell line in `dir` (for redirections such as >>); returns the exit code.
int shell(const std::string& dir, const std::string& line) {
  const int status = std::system(("cd '" + dir + "' && " + line).c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// The signature a result file carries (run_record.hpp), computed here from its definition in
// analysis/tally.hpp: FNV-1a 64 over the little-endian bytes of the trial count, then every word.
std::string signature_of(uint64_t trials, const std::vector<uint64_t>& words) {
  uint64_t h = 0xcbf29ce484222325ull;
  auto mix = [&h](uint64_t word) {
    for (int byte = 0; byte < 8; ++byte) {
      h ^= (word >> (8 * byte)) & 0xff;
      h *= 0x100000001b3ull;
    }
  };
  mix(trials);
  for (uint64_t w : words) mix(w);
  char text[24];
  std::snprintf(text, sizeof text, "0x%016llx", static_cast<unsigned long long>(h));
  return text;
}

}  // namespace

TEST_CASE("A JSON output to /dev/stdout appends to what stdout points at, a log file included", "[sim][outputs]") {
  const std::string dir = fresh_directory("stdout-append");
  write_file(dir + "/log", "first line\n");
  for (const char* name : {"/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"}) {
    INFO(name);
    REQUIRE(shell(dir, "'" VOLLEY_BINARY "' run osona --trials 4096 --quiet --json " + std::string(name) + " >> log") == 0);
  }
  const std::string log = read_file(dir + "/log");
  CHECK(log.rfind("first line\n", 0) == 0);  // kept, not replaced
  size_t results = 0;
  for (size_t at = log.find("\"format\": \"volley-result\""); at != std::string::npos;
       at = log.find("\"format\": \"volley-result\"", at + 1))
    ++results;
  CHECK(results == 3);
  CHECK(log.find("osona") != std::string::npos);
  // stderr too, after what volley printed there.
  REQUIRE(shell(dir, "'" VOLLEY_BINARY "' run osona --trials 4096 --quiet --csv /dev/stderr 2>> log >/dev/null") == 0);
  CHECK(read_file(dir + "/log").find("metric,statistic,value") != std::string::npos);
}

TEST_CASE("Two outputs on one file through a link whose target does not exist yet are refused", "[sim][outputs]") {
  const std::string dir = fresh_directory("dangling");
  fs::create_symlink("a.json", dir + "/link-to-a");
  fs::create_symlink("link-to-a", dir + "/link-to-link");
  fs::create_directories(dir + "/sub");
  fs::create_symlink("../a.json", dir + "/sub/up");
  for (const char* other : {"link-to-a", "link-to-link", "sub/up", "./a.json", "sub/../a.json"}) {
    INFO(other);
    expect_refused(std::string("run osona --trials 4096 --quiet --json a.json --csv ") + other, "the same file as --json", dir);
  }
  CHECK_FALSE(fs::exists(dir + "/a.json"));
  // One output through the dangling link creates its target and keeps the link.
  REQUIRE(run_volley("run osona --trials 4096 --quiet --json link-to-link", dir).exit_code == 0);
  CHECK(fs::is_symlink(dir + "/link-to-link"));
  CHECK(read_file(dir + "/a.json").find("volley-result") != std::string::npos);
}

TEST_CASE("A checkpoint that cannot be saved does not lose the run: every output is written, the failure said",
          "[sim][outputs][interrupt]") {
  const std::string dir = fresh_directory("full-disk");
  // /dev/full: every write fails with ENOSPC, as on a full disk.
  const auto r = run_volley("run osona --trials 409600 --seed 5 --quiet --checkpoint /dev/full --json r.json --csv r.csv", dir);
  CHECK(r.exit_code == 1);
  check_contains(r.err, {"checkpoint:", "/dev/full"});
  const auto json = nlohmann::json::parse(read_file(dir + "/r.json"));
  CHECK(json["partial"] == false);
  CHECK(json["tally"]["trials"] == 409600);
  CHECK(file_exists(dir + "/r.csv"));
  // The same run without a checkpoint: the same result.
  REQUIRE(run_volley("run osona --trials 409600 --seed 5 --quiet --json plain.json", dir).exit_code == 0);
  CHECK(nlohmann::json::parse(read_file(dir + "/plain.json"))["signature"] == json["signature"]);
}

TEST_CASE("A checkpoint belongs to one run: a second run on it is refused, and resume names the run", "[sim][outputs][interrupt]") {
  const std::string dir = fresh_directory("lock");
  // A saved checkpoint of a long run, then that run resumed in the background, holding the lock.
  REQUIRE(run_volley("run osona --trials 100000000000 --quiet --checkpoint ck.json --stop-after-blocks 1", dir).exit_code == 130);
  const std::string run_id = nlohmann::json::parse(read_file(dir + "/ck.json"))["run_id"].get<std::string>();
  CHECK_FALSE(run_id.empty());
  const pid_t pid = start_volley({"run", "osona", "--quiet", "--resume", "ck.json"}, dir, "/dev/null");
  REQUIRE(pid > 0);
  // The lock is taken before the first trial; any moment after that gives the same answers.
  REQUIRE(wait_until_locked(pid, dir + "/ck.json.lock"));
  for (const char* second : {"run osona --trials 8192 --quiet --checkpoint ck.json", "run osona --quiet --resume ck.json",
                             "run osona --trials 8192 --quiet --checkpoint ./ck.json"}) {
    INFO(second);
    expect_refused(second, "another run is saving its checkpoint there", dir);
  }
  ::kill(pid, SIGINT);
  int status = 0;
  ::waitpid(pid, &status, 0);
  CHECK((WIFEXITED(status) && WEXITSTATUS(status) == 130));
  // The resumed run kept the run's identity; the lock went with the process, and resuming again
  // works and says which run it continues.
  CHECK(nlohmann::json::parse(read_file(dir + "/ck.json"))["run_id"] == run_id);
  const auto resumed = run_volley("run osona --resume ck.json --stop-after-blocks 1", dir);
  INFO(resumed.err);
  CHECK(resumed.exit_code == 130);
  CHECK(resumed.err.find("continuing run " + run_id) != std::string::npos);
}

TEST_CASE("Checkpoints are saved on a time interval as well as every 64 blocks", "[sim][outputs][interrupt]") {
  CHECK(volley::CheckpointBlocks == 64);
  CHECK(volley::CheckpointSeconds == 60);
  // Rounds end every 8 blocks, so a save falls due at most 8 blocks after the interval: a run
  // stopped after 16 blocks (before 64) has saved them, since --stop-after-blocks also saves.
  const std::string dir = fresh_directory("interval");
  CHECK(run_volley("run osona --trials 409600 --threads 1 --quiet --checkpoint ck.json --stop-after-blocks 16", dir).exit_code == 130);
  CHECK(nlohmann::json::parse(read_file(dir + "/ck.json"))["blocks_done"].dump() == "[[0,15]]");
}

TEST_CASE("merge and resume refuse a tally whose histogram, moments or probabilities do not agree", "[sim][outputs][merge]") {
  const std::string dir = fresh_directory("consistency");
  for (int k = 1; k <= 2; ++k)
    REQUIRE(run_volley("run osona --trials 8192 --quiet --shard " + std::to_string(k) + "/2 --json s" + std::to_string(k) + ".json", dir)
                .exit_code == 0);
  const auto shard = nlohmann::json::parse(read_file(dir + "/s2.json"));
  const auto words = shard["tally"]["words"].get<std::vector<uint64_t>>();
  const uint64_t trials = shard["tally"]["trials"].get<uint64_t>();
  // The shard with its words changed and its signature recomputed, as a hand edit would leave it;
  // merged with shard 1, the answer (exit code and stderr).
  const auto merge_edited = [&](const std::vector<uint64_t>& w, bool as_checkpoint = false) {
    auto edited = shard;
    edited["tally"]["words"] = w;
    edited["signature"] = signature_of(trials, w);
    if (as_checkpoint) edited["partial"] = true;
    write_file(dir + "/edited.json", edited.dump(1));
    return as_checkpoint ? run_volley("run osona --trials 8192 --shard 2/2 --quiet --resume edited.json", dir)
                         : run_volley("merge s1.json edited.json", dir);
  };
  // Word layout (analysis/tally.hpp): per metric, under, bins min..max, over; then per metric 4
  // moment words. Metric 0 is a probability (words: under, 0, 1, over).
  struct Edit {
    const char* name;
    size_t word;
    int64_t delta;
    const char* message;
  };
  const size_t full = words[1] > 0 ? 1 : 2;  // a bin of metric 0 that holds trials
  REQUIRE(words[full] > 0);
  for (const Edit& e : {Edit{"one trial more in a bin", 1, +1, "its histogram counts 4097 trials, the tally holds 4096"},
                        Edit{"one trial less in a bin", full, -1, "its histogram counts 4095 trials"},
                        Edit{"a probability's overflow", 3, +1, "its histogram counts 4097"}}) {
    INFO(e.name);
    auto w = words;
    w[e.word] = static_cast<uint64_t>(static_cast<int64_t>(w[e.word]) + e.delta);
    const auto merge = merge_edited(w);
    CHECK(merge.exit_code == 2);
    CHECK(merge.err.find("edited.json: field 'tally'") != std::string::npos);
    CHECK(merge.err.find(e.message) != std::string::npos);
  }
  // A trial moved to the overflow of a probability: the count agrees, the value cannot be.
  auto moved = words;
  moved[full] -= 1;
  moved[3] += 1;
  CHECK(merge_edited(moved).err.find("a probability took a value other than 0 or 1") != std::string::npos);
  // A moment word changed with no value outside the histogram; --resume reads the same way. The
  // moments come after the bins and before the controls' words (2 (k + k(k+1)/2 + m k), k controls).
  const size_t m = shard["metrics"].size(), k = shard.contains("controls") ? shard["controls"].size() : 0;
  auto moment = words;
  moment[moment.size() - 4 * m - 2 * (k + k * (k + 1) / 2 + m * k)] += 1;
  for (const bool as_checkpoint : {false, true}) {
    const auto r = merge_edited(moment, as_checkpoint);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("sums count values outside the histogram") != std::string::npos);
  }
  CHECK(run_volley("merge s1.json s2.json", dir).exit_code == 0);
}

TEST_CASE("A directory given to merge or --resume is refused by name, not with a stream error", "[sim][outputs]") {
  const std::string dir = fresh_directory("directory-input");
  fs::create_directories(dir + "/adir");
  for (const char* line : {"merge adir adir", "run osona --quiet --resume adir"}) {
    INFO(line);
    const auto r = expect_refused(line, "adir: is a directory", dir);
    CHECK(r.err.find("underflow") == std::string::npos);
  }
}

TEST_CASE("A FIFO as scenario is read once: validate and run do not hang", "[sim][outputs]") {
  const std::string dir = fresh_directory("fifo");
  const std::string text = read_file(std::string(VOLLEY_SOURCE_DIR) + "/scenarios/osona.toml");
  REQUIRE_FALSE(text.empty());
  for (const char* command : {"validate", "show"}) {
    INFO(command);
    REQUIRE(::mkfifo((dir + "/s.toml").c_str(), 0644) == 0);
    std::thread writer([&] { std::ofstream(dir + "/s.toml") << text; });
    const auto r = run_volley(std::string(command) + " s.toml", dir);
    writer.join();
    CHECK(r.exit_code == 0);
    fs::remove(dir + "/s.toml");
  }
}

TEST_CASE("A device, an endless pipe or a too large file as scenario is refused at once, naming it, by every command",
          "[sim][cli][outputs]") {
  // Before: /dev/zero and an endless pipe were read until memory ran out. timeout(1) stands for "at
  // once": a run that read gigabytes would be killed (exit 124) long before.
  const std::string dir = fresh_directory("endless-scenario");
  REQUIRE(shell(dir, "truncate -s 17M big.toml") == 0);  // sparse: no disk used
  const std::string volley = "timeout 60 '" VOLLEY_BINARY "' ";
  for (const std::string command : {"validate", "run", "show"}) {
    for (const std::string file : {"/dev/zero", "/dev/urandom"}) {
      INFO(command << " " << file);
      CHECK(shell(dir, volley + command + " " + file + " 2>err.txt >/dev/null") == 2);
      check_contains(read_file(dir + "/err.txt"), {file + ": is a device or socket, not a scenario file"});
    }
    INFO(command);
    CHECK(shell(dir, volley + command + " big.toml 2>err.txt >/dev/null") == 2);
    check_contains(read_file(dir + "/err.txt"), {"big.toml: is too large (the most a scenario file may hold is 16 MiB)"});
    // An endless pipe: read up to the bound, then refused (yes ends on the broken pipe).
    CHECK(shell(dir, "yes 'x = 1' | " + volley + command + " /dev/stdin 2>err.txt >/dev/null") == 2);
    check_contains(read_file(dir + "/err.txt"), {"/dev/stdin: is too large (the most a scenario file may hold is 16 MiB)"});
  }
  // A scenario on a pipe that ends is still read.
  CHECK(shell(dir, "cat '" VOLLEY_SOURCE_DIR "/scenarios/osona.toml' | " + volley + "validate /dev/stdin >/dev/null 2>&1") == 0);
}

TEST_CASE("A missing gnuplot is found before the first trial", "[sim][outputs]") {
  const std::string dir = fresh_directory("no-gnuplot");
  for (const char* plot : {"p.png", "p.svg"}) {
    INFO(plot);
    // 10^11 trials: found after the run, this would not end.
    CHECK(shell(dir, "PATH=/nonexistent '" VOLLEY_BINARY "' run osona --trials 100000000000 --quiet --plot " + std::string(plot) +
                         " 2>err.txt") == 2);
    CHECK(read_file(dir + "/err.txt").find("--plot: gnuplot is not installed or not on PATH") != std::string::npos);
  }
  // The report page needs no gnuplot.
  CHECK(shell(dir, "PATH=/nonexistent '" VOLLEY_BINARY "' run osona --trials 4096 --quiet --report r.html >/dev/null") == 0);
  CHECK(file_exists(dir + "/r.html"));
}

TEST_CASE("A shard that owns no block says it has no trials; its plot and report are still drawn", "[sim][outputs]") {
  const std::string dir = fresh_directory("empty-shard");
  const auto r = run_volley("run osona --trials 4096 --shard 2/2 --quiet --json s2.json --csv s2.csv --plot s2.svg --report s2.html", dir);
  CHECK(r.exit_code == 0);
  check_contains(r.out, {"owns no block", "no trials"});
  CHECK(r.out.find("0 [0, 0]") == std::string::npos);
  for (const char* file : {"s2.json", "s2.csv", "s2.svg", "s2.html"}) CHECK(file_exists(dir + "/" + file));
  REQUIRE(run_volley("run osona --trials 4096 --shard 1/2 --quiet --json s1.json", dir).exit_code == 0);
  CHECK(run_volley("merge s1.json s2.json", dir).exit_code == 0);
}
