// What a command does to the files it writes and reads (sim/output/atomic_file.hpp, sim/output/output_batch.hpp):
// a link is written through, a FIFO in place, a read-only file is not replaced, an input is never an
// output, two outputs never share a file, one output that fails does not lose the others, a resumed
// run goes on saving its checkpoint, and a result file whose blocks or scenario text were altered is
// refused. Result files name the build that wrote them, and merge warns of shards from several builds.
#include "tests/support/cli_runner.hpp"
#include "sim/record/build_identity.hpp"
#include "sim/output/output_batch.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <cstdlib>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace volley::testing;
namespace fs = std::filesystem;

namespace {
std::string blocks_done(const std::string& path) { return nlohmann::json::parse(read_file(path))["blocks_done"].dump(); }
}  // namespace

TEST_CASE("An output through a symbolic link replaces the file it names and keeps the link", "[sim][outputs]") {
  const std::string dir = fresh_directory("link");
  write_file(dir + "/real.json", "old");
  fs::create_symlink("real.json", dir + "/link.json");
  expect_success("run osona --trials 100 --quiet --json link.json", dir);
  CHECK(fs::is_symlink(dir + "/link.json"));
  CHECK(read_file(dir + "/real.json").find("\"format\": \"volley-result\"") != std::string::npos);
}

TEST_CASE("An output on a FIFO is written into it, not replaced by a file", "[sim][outputs]") {
  const std::string dir = fresh_directory("fifo");
  const std::string pipe = dir + "/pipe";
  REQUIRE(::mkfifo(pipe.c_str(), 0644) == 0);
  // A reader on the FIFO while the run writes its CSV into it.
  std::string received;
  std::thread reader([&] {
    const int fd = ::open(pipe.c_str(), O_RDONLY);  // waits for a writer
    if (fd < 0) return;
    char buffer[4096];
    for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) > 0;) received.append(buffer, static_cast<size_t>(n));
    ::close(fd);
  });
  const auto r = run_volley("dice 3d6 --hit '>=5' --simulate 1000 --csv pipe", dir);
  // Had the run not opened the FIFO, the reader would wait forever: open and close it once.
  const int unblock = ::open(pipe.c_str(), O_WRONLY | O_NONBLOCK);
  if (unblock >= 0) ::close(unblock);
  reader.join();
  CHECK(r.exit_code == 0);
  struct stat st {};
  REQUIRE(::stat(pipe.c_str(), &st) == 0);
  CHECK(S_ISFIFO(st.st_mode));
  CHECK(received.rfind("law,", 0) == 0);
}

TEST_CASE("A read-only output file is refused, not replaced", "[sim][outputs]") {
  // Root may write any file, so as root the run is made as the unprivileged user 65534 (setpriv),
  // in a directory everyone may write: the file is read-only, its directory is not.
  char name[] = "/tmp/volley-readonly-XXXXXX";
  REQUIRE(::mkdtemp(name) != nullptr);
  const std::string dir = name;
  fs::permissions(dir, fs::perms::all);
  write_file(dir + "/kept.json", "keep");
  fs::permissions(dir + "/kept.json", fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  const std::string as_user = ::geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : "";
  const std::string command = "cd '" + dir + "' && " + as_user +
                              "'" VOLLEY_BINARY "' run osona --trials 100 --quiet --json kept.json >/dev/null 2>'" + dir + "/err.txt'";
  const int status = std::system(command.c_str());
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 2);
  CHECK(read_file(dir + "/err.txt").find("--json kept.json: is read-only") != std::string::npos);
  CHECK(read_file(dir + "/kept.json") == "keep");
  fs::remove_all(dir);
}

TEST_CASE("An output on an input, or two outputs on one file, are refused before any work", "[sim][outputs]") {
  const std::string dir = fresh_directory("same");
  fs::copy_file(std::string(VOLLEY_SOURCE_DIR) + "/scenarios/osona.toml", dir + "/in.toml");
  const std::string scenario = read_file(dir + "/in.toml");
  expect_refused("run in.toml --trials 100000000 --quiet --json in.toml", "--json in.toml: is an input of this command", dir);
  CHECK(read_file(dir + "/in.toml") == scenario);
  expect_refused("run osona --trials 100000000 --quiet --json out.txt --csv ./out.txt", "--csv ./out.txt: the same file as --json", dir);
  CHECK_FALSE(fs::exists(dir + "/out.txt"));
  // merge: an output on one of the shards would lose it.
  for (int k = 1; k <= 2; ++k)
    REQUIRE(run_volley("run osona --trials 8192 --quiet --shard " + std::to_string(k) + "/2 --json s" + std::to_string(k) + ".json", dir)
                .exit_code == 0);
  const std::string shard = read_file(dir + "/s1.json");
  expect_refused("merge s1.json s2.json --json s1.json", "--json s1.json: is an input of this command", dir);
  CHECK(read_file(dir + "/s1.json") == shard);
}

TEST_CASE("One output that fails does not lose the others: each is attempted, then every failure named", "[sim][outputs]") {
  volley::OutputBatch outputs;
  int written = 0;
  outputs.attempt([&] { throw std::runtime_error("a.json: cannot write"); });
  outputs.attempt([&] { ++written; });
  outputs.attempt([&] { throw std::runtime_error("c.png: cannot write"); });
  CHECK(written == 1);
  try {
    outputs.finish();
    FAIL("finish() did not report the failures");
  } catch (const std::runtime_error& e) {
    CHECK(std::string(e.what()) == "a.json: cannot write; c.png: cannot write");
  }
  volley::OutputBatch fine;
  fine.attempt([] {});
  CHECK_NOTHROW(fine.finish());
}

TEST_CASE("A run resumed without --checkpoint goes on saving its progress into the file it resumed", "[sim][outputs][interrupt]") {
  const std::string dir = fresh_directory("resume");
  const std::string common = "run osona --threads 1 --quiet --stop-after-blocks 10";
  CHECK(run_volley(common + " --trials 409600 --seed 4 --checkpoint ck.json", dir).exit_code == 130);
  CHECK(blocks_done(dir + "/ck.json") == "[[0,9]]");
  CHECK(run_volley(common + " --trials 409600 --seed 4 --resume ck.json", dir).exit_code == 130);
  CHECK(blocks_done(dir + "/ck.json") == "[[0,19]]");
  // Without --trials and --seed, the resumed run takes the saved ones.
  CHECK(run_volley(common + " --resume ck.json", dir).exit_code == 130);
  CHECK(blocks_done(dir + "/ck.json") == "[[0,29]]");
  // Given, they must agree, and the message says both.
  expect_refused(common + " --seed 5 --resume ck.json", "field 'seed' differs from this run (saved: 4; this run: 5)", dir);
}

TEST_CASE("A result file whose blocks or scenario text were altered is refused by merge and resume", "[sim][outputs]") {
  const std::string dir = fresh_directory("altered");
  for (int k = 1; k <= 3; ++k)
    REQUIRE(
        run_volley(
            "run designated-targets --trials 12288 --quiet --shard " + std::to_string(k) + "/3 --json s" + std::to_string(k) + ".json", dir)
            .exit_code == 0);
  const nlohmann::json shard = nlohmann::json::parse(read_file(dir + "/s2.json"));
  // Shard 2 of 3 holds block 1 only: claiming blocks 1 to 2 would pass 8192 trials off as 12288.
  REQUIRE(shard["blocks_done"].dump() == "[[1,1]]");
  nlohmann::json more = shard;
  more["blocks_done"] = nlohmann::json::parse("[[1,2]]");
  write_file(dir + "/s2-blocks.json", more.dump(1));
  expect_refused("merge s1.json s2-blocks.json s3.json", "s2-blocks.json: field 'blocks_done'", dir);
  // The tally's signature does not cover the scenario text; its hash does.
  nlohmann::json text = shard;
  std::string scenario = shard["scenario"]["text"].get<std::string>();
  const size_t turns = scenario.find("turns = ");
  REQUIRE(turns != std::string::npos);
  scenario.replace(turns, 8, "turns = 1");  // one more digit: 2 turns become 12
  text["scenario"]["text"] = scenario;
  write_file(dir + "/s2-text.json", text.dump(1));
  expect_refused("merge s1.json s2-text.json s3.json", "s2-text.json: field 'scenario.text'", dir);
  CHECK(run_volley("merge s1.json s2.json s3.json", dir).exit_code == 0);
}

TEST_CASE("Result files name their build and shards of other builds merge with a warning", "[sim][outputs]") {
  const std::string dir = fresh_directory("builds");
  for (int k = 1; k <= 2; ++k)
    REQUIRE(
        run_volley(
            "run designated-targets --trials 8192 --quiet --shard " + std::to_string(k) + "/2 --json s" + std::to_string(k) + ".json", dir)
            .exit_code == 0);
  const nlohmann::json first = nlohmann::json::parse(read_file(dir + "/s1.json"));
  CHECK(first["volley_build"] == volley::build_identity_text());
  // One build: the merged file names it.
  REQUIRE(run_volley("merge s1.json s2.json --json same.json", dir).exit_code == 0);
  CHECK(nlohmann::json::parse(read_file(dir + "/same.json"))["volley_build"] == volley::build_identity_text());
  // Shard 2 from another build (the same version: the numbers are the same), and shard 2 from a file
  // written before the field existed: both merge, and the merged file does not claim one build.
  nlohmann::json other = nlohmann::json::parse(read_file(dir + "/s2.json"));
  other["volley_build"] = "commit 000000000000, GNU 12.2.0, -O2";
  write_file(dir + "/s2-other.json", other.dump(1));
  const auto mixed = expect_success("merge s1.json s2-other.json --json mixed.json", dir);
  CHECK(mixed.err.find("merge: warning: s2-other.json was written by another build than s1.json (\"commit 000000000000") !=
        std::string::npos);
  CHECK(run_volley("merge s1.json s2.json --json same.json", dir).err.empty());
  CHECK(nlohmann::json::parse(read_file(dir + "/mixed.json"))["volley_build"] == "several builds");
  other.erase("volley_build");
  write_file(dir + "/s2-older.json", other.dump(1));
  REQUIRE(run_volley("merge s1.json s2-older.json --json older.json", dir).exit_code == 0);
  CHECK(nlohmann::json::parse(read_file(dir + "/older.json"))["volley_build"] == "several builds");
  CHECK(nlohmann::json::parse(read_file(dir + "/older.json"))["tally"] == nlohmann::json::parse(read_file(dir + "/same.json"))["tally"]);
}

TEST_CASE("A checkpoint of another build resumes with a warning and one of another version is refused", "[sim][outputs][interrupt]") {
  const std::string dir = fresh_directory("resume-build");
  const std::string common = "run designated-targets --threads 1 --quiet --trials 40960 --seed 4";
  REQUIRE(run_volley(common + " --stop-after-blocks 4 --checkpoint ck.json", dir).exit_code == 130);
  nlohmann::json checkpoint = nlohmann::json::parse(read_file(dir + "/ck.json"));
  CHECK(checkpoint["volley_build"] == volley::build_identity_text());
  checkpoint["volley_build"] = "commit 000000000000, GNU 12.2.0, -O2";
  write_file(dir + "/ck.json", checkpoint.dump(1));
  const auto resumed = expect_success(common + " --resume ck.json --json done.json", dir);
  CHECK(resumed.err.find("--resume ck.json: warning: written by another build (\"commit 000000000000") != std::string::npos);
  CHECK(nlohmann::json::parse(read_file(dir + "/done.json"))["volley_build"] == "several builds");
  // Another version is refused, as merge refuses it.
  checkpoint["volley_version"] = "0.0.9";
  write_file(dir + "/old.json", checkpoint.dump(1));
  expect_refused(common + " --resume old.json",
                 "--resume old.json: field 'volley_version' differs from this run (saved: 0.0.9; this run: " VOLLEY_VERSION ")", dir);
  // The same run in one go: one build, no warning.
  const auto whole = expect_success(common + " --json whole.json", dir);
  CHECK(whole.err.empty());
  CHECK(nlohmann::json::parse(read_file(dir + "/whole.json"))["volley_build"] == volley::build_identity_text());
}
