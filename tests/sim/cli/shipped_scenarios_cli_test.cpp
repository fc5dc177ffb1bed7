// Every shipped scenario through the command line as a user runs it: `volley run` at
// 1 and 2 threads gives the same tally signature, `volley replay --trace` narrates a trial, `volley
// show` summarises it and `volley validate` accepts it.
#include "tests/support/cli_runner.hpp"
#include "sim/scenario/embedded_scenarios.hpp"

#include <catch2/catch.hpp>

#include <regex>

using namespace volley::testing;

TEST_CASE("Every shipped scenario runs bit-identically at 1 and 2 threads and replays", "[sim][shipped]") {
  const std::regex signature("\"signature\": *\"(0x[0-9a-f]{16})\"");
  for (const auto& shipped : volley::embedded_scenarios()) {
    const std::string name = shipped.name;
    INFO(name);
    const auto one = run_volley("run " + name + " --trials 20000 --threads 1 --quiet --json " + name + "-1.json");
    const auto two = run_volley("run " + name + " --trials 20000 --threads 2 --quiet --json " + name + "-2.json");
    REQUIRE(one.exit_code == 0);
    REQUIRE(two.exit_code == 0);
    const std::string a = read_file(scratch_directory() + "/" + name + "-1.json");
    const std::string b = read_file(scratch_directory() + "/" + name + "-2.json");
    std::smatch ma, mb;
    REQUIRE(std::regex_search(a, ma, signature));
    REQUIRE(std::regex_search(b, mb, signature));
    CHECK(ma[1] == mb[1]);
    const auto replay = run_volley("replay " + name + " --trial 7 --trace");
    CHECK(replay.exit_code == 0);
    CHECK(replay.out.find("turn 1") != std::string::npos);
    const auto show = run_volley("show " + name);
    CHECK(show.exit_code == 0);
    CHECK_FALSE(show.out.empty());
    const auto valid = run_volley("validate " + name);
    CHECK(valid.exit_code == 0);
    CHECK(valid.out.find("valid") != std::string::npos);
  }
}
