// Interruption and checkpoints, deterministically: the hidden test hook
// --stop-after-blocks K behaves exactly as SIGINT arriving once K blocks are done. The partial result
// holds whole blocks only and says so; a checkpoint resumed ends bit-identical to an uninterrupted run.
#include "tests/support/cli_runner.hpp"
#include "sim/record/run_record.hpp"

#include <catch2/catch.hpp>

#include <csignal>
#include <cstdio>
#include <regex>
#include <sys/wait.h>
#include <unistd.h>

using namespace volley::testing;

namespace {
std::string field(const std::string& json, const std::string& name) {
  const std::regex re("\"" + name + "\": *(\"[^\"]*\"|[0-9a-z.]+)");
  std::smatch m;
  return std::regex_search(json, m, re) ? m[1].str() : std::string();
}
}  // namespace

TEST_CASE("An interrupted run writes the completed blocks to every output, marked partial", "[sim][interrupt]") {
  const std::string& dir = scratch_directory();
  const auto r = run_volley("run osona --trials 409600 --seed 3 --quiet --stop-after-blocks 10 --json part.json --csv part.csv");
  CHECK(r.exit_code == 130);
  CHECK(r.out.find("PARTIAL") != std::string::npos);
  const std::string json = read_file(dir + "/part.json");
  CHECK(field(json, "partial") == "true");
  const std::string trials = field(json, "trials");
  REQUIRE_FALSE(trials.empty());
  const long done = std::stol(trials);
  CHECK(done % 4096 == 0);  // whole blocks only
  CHECK(done >= 10 * 4096);
  CHECK(done < 409600);
  CHECK(file_exists(dir + "/part.csv"));
}

TEST_CASE("An interrupted --precision run says it was interrupted, not stopped by the trial cap", "[sim][interrupt]") {
  // A precision no run of this size reaches: the run is cut by the interruption after 2 blocks,
  // long before the cap of 10^9 trials.
  const auto r = run_volley("run osona --precision 0.00001 --quiet --stop-after-blocks 2");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 130);
  CHECK(r.out.find("precision NOT reached (interrupted), PARTIAL") != std::string::npos);
  CHECK(r.out.find("trial cap") == std::string::npos);
  // compare prints the same ending (it has no --stop-after-blocks hook): every case of it.
  volley::RunRecord record;
  record.precision = "0.01";
  record.partial = true;
  CHECK(volley::run_ending(record) == ", precision NOT reached (interrupted), PARTIAL: interrupted, completed blocks only");
  record.partial = false;
  CHECK(volley::run_ending(record) == ", precision NOT reached (trial cap)");
  record.precision_reached = true;
  CHECK(volley::run_ending(record) == ", precision reached");
  record.precision.clear();
  CHECK(volley::run_ending(record).empty());
}

TEST_CASE("A run resumed from its checkpoint ends bit-identical to an uninterrupted run", "[sim][interrupt]") {
  const std::string& dir = scratch_directory();
  const std::string common = "run rolling-barrage --trials 600000 --seed 9 --quiet";
  expect_success(common + " --json whole.json");
  const auto first = run_volley(common + " --checkpoint ck.json --stop-after-blocks 70");
  CHECK(first.exit_code == 130);
  const std::string checkpoint = read_file(dir + "/ck.json");
  CHECK(field(checkpoint, "partial") == "true");
  expect_success(common + " --resume ck.json --json resumed.json");
  CHECK(field(read_file(dir + "/resumed.json"), "signature") == field(read_file(dir + "/whole.json"), "signature"));
  CHECK(field(read_file(dir + "/resumed.json"), "partial") == "false");
  // A checkpoint of another run is refused, naming the field.
  expect_refused("run rolling-barrage --trials 600000 --seed 10 --quiet --resume ck.json", "seed");
}

TEST_CASE("SIGTERM during a run stops it at a block boundary with partial outputs", "[sim][interrupt]") {
  const std::string& dir = scratch_directory();
  const pid_t pid = start_volley({"run", "osona", "--trials", "100000000000", "--quiet", "--json", "sigterm.json"}, dir, "/dev/null");
  REQUIRE(pid > 0);
  // The signal may arrive before or after the first block: either way the run must end cleanly and
  // write a partial result (waiting is not a timing assertion: any delay after the handler is
  // installed gives the same outcome).
  CHECK(wait_until_catching(pid, SIGTERM));
  ::usleep(1500000);
  ::kill(pid, SIGTERM);
  int status = 0;
  ::waitpid(pid, &status, 0);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 128 + SIGTERM);
  CHECK(field(read_file(dir + "/sigterm.json"), "partial") == "true");
}

TEST_CASE("An unwritable output is refused before the run starts, and nothing is written", "[sim][interrupt]") {
  const std::string& dir = scratch_directory();
  expect_refused("run osona --trials 1000000000 --quiet --json /nonexistent-dir/out.json --csv fine.csv",
                 "--json /nonexistent-dir/out.json");
  CHECK_FALSE(file_exists(dir + "/fine.csv"));
}
