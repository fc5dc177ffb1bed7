// Bad input: every file of tests/sim/scenario/malformed/ is a small variation of a shipped scenario
// with something wrong. Its comment lines say what `volley validate` must print:
//   # args: --set KEY=VALUE        extra arguments (the --set cases; the file itself is then valid)
//   # expect: LINE:COLUMN: KEY: MESSAGE   one line per error, in the order printed (file order)
//   # expect: --set KEY=VALUE: KEY: MESSAGE   an error of a --set, which has no line in the file
// The test runs the built binary on each file and requires exit code 2, each expected error as a line
// of stderr that contains "FILE:LINE:COLUMN: KEY: MESSAGE" (so the file name, the location, the key
// path and the words saying what was expected all count), and no error beyond those listed.
#include "tests/support/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

using namespace volley::testing;

namespace {

const std::string MalformedDirectory = std::string(VOLLEY_SOURCE_DIR) + "/tests/sim/scenario/malformed";

struct MalformedCase {
  std::string file;  // the name inside MalformedDirectory
  std::string args;
  std::vector<std::string> expected;  // each "FILE:LINE:COLUMN: KEY: MESSAGE" or "--set ...: KEY: MESSAGE"
};

MalformedCase read_case(const std::filesystem::path& path) {
  MalformedCase c;
  c.file = path.filename().string();
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("# args: ", 0) == 0) c.args = line.substr(8);
    if (line.rfind("# expect: ", 0) != 0) continue;
    const std::string e = line.substr(10);
    c.expected.push_back(e.rfind("--set ", 0) == 0 ? e : c.file + ":" + e);
  }
  return c;
}

std::vector<MalformedCase> malformed_cases() {
  std::vector<MalformedCase> cases;
  for (const auto& entry : std::filesystem::directory_iterator(MalformedDirectory))
    if (entry.path().extension() == ".toml") cases.push_back(read_case(entry.path()));
  std::sort(cases.begin(), cases.end(), [](const auto& a, const auto& b) { return a.file < b.file; });
  return cases;
}

// The error lines of stderr: all but the closing count ("3 errors").
std::vector<std::string> error_lines(const std::string& err) {
  std::vector<std::string> lines;
  std::istringstream in(err);
  std::string line;
  const std::regex count("[0-9]+ errors?");
  while (std::getline(in, line))
    if (!line.empty() && !std::regex_match(line, count)) lines.push_back(line);
  return lines;
}

std::string count_line(size_t n) { return std::to_string(n) + (n == 1 ? " error" : " errors"); }

// A scenario of `per_side` units on each side, as the firefight or barrage loader reads it.
std::string many_units(const std::string& kind, int per_side) {
  std::ostringstream s;
  if (kind == "firefight") {
    s << "kind = \"firefight\"\nturns = 2\nsides = [\"herero\", \"german\"]\n[table]\nwidth = 72.0\ndepth = 48.0\n";
    s << "[herero]\nfast_fire = true\nnative = true\npolicy = \"always\"\n";
    for (int i = 0; i < per_side; ++i)
      s << "[[herero.units]]\nname = \"H" << i << "\"\nfigures = 8\nposition = [" << 1 + i % 70 << ", " << 30 + (i / 70) % 15 << "]\n";
    s << "[german]\n";
    for (int i = 0; i < per_side; ++i)
      s << "[[german.units]]\nname = \"G" << i << "\"\nfigures = 8\nposition = [" << 1 + i % 70 << ", " << 2 + (i / 70) % 15 << "]\n";
  } else {
    s << "kind = \"barrage\"\nturns = 4\nsides = [\"british\", \"german\"]\nattacker = \"british\"\n";
    s << "[british]\n[[british.batteries]]\nname = \"A\"\n";
    s << "[[british.missions]]\nname = \"RB\"\nbattery = \"A\"\ntype = \"rolling\"\nstart = [36, 12]\nspeed = 6\n";
    for (int i = 0; i < per_side; ++i)
      s << "[[british.units]]\nname = \"U" << i << "\"\nposition = [" << 2 + i % 68 << ", " << 2 + (i / 68) % 20
        << "]\nvelocity = [0, 6]\n";
    s << "[german]\n";
    for (int i = 0; i < per_side; ++i)
      s << "[[german.units]]\nname = \"G" << i << "\"\nposition = [" << 2 + i % 68 << ", " << 26 + (i / 68) % 20 << "]\n";
  }
  return s.str();
}

// many_units written as `file` in the scratch directory, where run_volley runs.
void write_many_units(const std::string& file, const std::string& kind, int per_side) {
  write_file(scratch_directory() + "/" + file, many_units(kind, per_side));
}

}  // namespace

TEST_CASE("At least 40 malformed scenarios, of both kinds, each with its expected errors written in the file", "[sim][validation]") {
  const auto cases = malformed_cases();
  CHECK(cases.size() >= 40);
  const auto firefight = std::count_if(cases.begin(), cases.end(), [](const auto& c) { return c.file.rfind("ff-", 0) == 0; });
  const auto barrage = std::count_if(cases.begin(), cases.end(), [](const auto& c) { return c.file.rfind("br-", 0) == 0; });
  CHECK(firefight >= 20);
  CHECK(barrage >= 20);
  CHECK(firefight + barrage == static_cast<std::ptrdiff_t>(cases.size()));
  // Every expectation names a place (LINE:COLUMN in the file, or the --set) before its key and message.
  const std::regex located("[^:]+\\.toml:[0-9]+:[0-9]+: .+|--set [^ ]+: [^ ]+: .+");
  for (const auto& c : cases) {
    INFO(c.file);
    CHECK_FALSE(c.expected.empty());
    for (const auto& e : c.expected) CHECK(std::regex_match(e, located));
  }
}

TEST_CASE("volley validate refuses every malformed scenario with exit 2 and each error's file, line:column, key and expectation",
          "[sim][validation]") {
  for (const auto& c : malformed_cases()) {
    const auto r = run_volley("validate '" + c.file + "' " + c.args, MalformedDirectory);
    INFO(c.file << " " << c.args << "\nstderr:\n" << r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    // Every error at once, and only the expected ones, in the order expected (file order).
    const auto lines = error_lines(r.err);
    CHECK(r.err.find("\n" + count_line(c.expected.size()) + "\n") != std::string::npos);
    CHECK(lines.size() == c.expected.size());
    for (size_t i = 0; i < std::min(lines.size(), c.expected.size()); ++i) {
      INFO("error " << i + 1 << ": expected " << c.expected[i]);
      CHECK(lines[i].find(c.expected[i]) != std::string::npos);
    }
  }
}

TEST_CASE("volley run on a malformed scenario exits 2, prints the errors and writes none of the requested outputs", "[sim][validation]") {
  const std::string out = scratch_directory() + "/malformed-run";
  std::filesystem::create_directories(out);
  for (const char* file : {"ff-syntax-duplicate-key.toml", "ff-several-errors.toml", "br-rolling-3in.toml", "br-set-rule-violation.toml",
                           "ff-policy-missing-subgroup.toml"}) {
    const MalformedCase c = read_case(MalformedDirectory + "/" + file);
    const auto r = run_volley("run '" + c.file + "' " + c.args + " --trials 1000 --quiet --json '" + out + "/r.json' --csv '" + out +
                                  "/r.csv' --report '" + out + "/r.html'",
                              MalformedDirectory);
    INFO(c.file << "\nstderr:\n" << r.err);
    CHECK(r.exit_code == 2);
    for (const auto& e : c.expected) CHECK(r.err.find(e) != std::string::npos);
    // Nothing written, not even a temporary file.
    CHECK(std::filesystem::is_empty(out));
  }
}

TEST_CASE("A name that --set and --target cannot address is refused the same way by every command that loads the scenario",
          "[sim][validation][cli]") {
  // A unit named "N\"1" or "old=rifle" could be written, shown and played, never changed.
  for (const char* file : {"ff-unaddressable-names.toml", "br-unaddressable-names.toml"}) {
    const MalformedCase c = read_case(MalformedDirectory + "/" + file);
    REQUIRE(c.expected.size() >= 5);
    const bool firefight = c.file.starts_with("ff-");
    for (const std::string command :
         {"validate", "run --trials 100 --quiet", "show", "show --toml", "replay --trial 1", "sensitivity --trials 100 --quiet",
          firefight ? "fire --unit Z1 --range 10" : "compare --vs turns=3"}) {
      const auto r = run_volley(command.substr(0, command.find(' ')) + " '" + c.file + "'" +
                                    (command.find(' ') == std::string::npos ? "" : command.substr(command.find(' '))),
                                MalformedDirectory);
      INFO(command << " " << c.file << "\nstderr:\n" << r.err);
      CHECK(r.exit_code == 2);
      CHECK(r.out.empty());
      for (const auto& e : c.expected) CHECK(r.err.find(e) != std::string::npos);
    }
  }
}

TEST_CASE("A firefight of 10,000 units is refused naming the key and the limit; 1,024 a side runs", "[sim][validation][scale]") {
  write_many_units("ff-10000.toml", "firefight", 5000);
  const auto big = run_volley("validate ff-10000.toml");
  INFO(big.err.substr(0, 2000));
  CHECK(big.exit_code == 2);
  // One error per side, at its first [[SIDE.units]]: line 11 after 10 lines of header; the German
  // one after 5,000 entries of 4 lines and the [german] line.
  CHECK(big.err.find("ff-10000.toml:11:1: herero.units: 5000 units: at most 1024 units per side") != std::string::npos);
  CHECK(big.err.find("ff-10000.toml:20012:1: german.units: 5000 units: at most 1024 units per side") != std::string::npos);
  CHECK(big.err.find("\n2 errors\n") != std::string::npos);

  write_many_units("ff-1024.toml", "firefight", 1024);
  const auto limit = run_volley("run ff-1024.toml --trials 4 --threads 1 --quiet");
  INFO(limit.err.substr(0, 2000));
  CHECK(limit.exit_code == 0);
  CHECK(limit.out.find("4 trials") != std::string::npos);
}

TEST_CASE("A barrage of 10,000 units runs; one past the documented 30,000 is refused naming the key and the limit",
          "[sim][validation][scale]") {
  write_many_units("br-10000.toml", "barrage", 5000);
  const auto big = run_volley("run br-10000.toml --trials 16 --threads 1 --quiet");
  INFO(big.err.substr(0, 2000));
  CHECK(big.exit_code == 0);
  CHECK(big.out.find("16 trials") != std::string::npos);

  write_many_units("br-30002.toml", "barrage", 15001);
  const auto over = run_volley("validate br-30002.toml");
  INFO(over.err.substr(0, 2000));
  CHECK(over.exit_code == 2);
  // At the first [[german.units]]: 13 lines of header, battery and mission, 15,001 British entries of
  // 4 lines, then [german].
  CHECK(over.err.find("br-30002.toml:60019:1: german.units: 30002 units in both sides together: at most 30000 (the documented limit)") !=
        std::string::npos);
  CHECK(over.err.find("\n1 error\n") != std::string::npos);
}

TEST_CASE("Every shipped scenario still validates", "[sim][validation]") {
  for (const char* name : {"osona", "herero-ambush", "river-bed", "rolling-barrage", "pre-registered", "designated-targets"}) {
    const auto r = run_volley(std::string("validate ") + name);
    INFO(name << "\n" << r.err);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("valid") != std::string::npos);
  }
}
