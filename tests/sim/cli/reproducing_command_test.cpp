// The command line a report ends with (sim/cli/reproducing_command.hpp): the arguments as typed, as
// shell words, without what cannot change the result, and a drawn seed written in.
#include "sim/cli/reproducing_command.hpp"
#include "tests/support/cli_runner.hpp"

#include <catch2/catch.hpp>

using namespace volley;

TEST_CASE("reproducing command: the arguments as typed, less threads, quiet and the files written", "[sim][cli]") {
  const Args args{"herero-ambush",
                  "--set",
                  "herero.policy=always",
                  "--vs",
                  "herero.policy=never;herero.charge_after=false",
                  "--trials",
                  "20000",
                  "--threads",
                  "2",
                  "-j4",
                  "--json",
                  "a b.json",
                  "--report=r.html",
                  "-q",
                  "--csv",
                  "x.csv",
                  "--plot",
                  "p.png",
                  "--checkpoint",
                  "c.json"};
  CHECK(reproducing_command("compare", args, 1) ==
        "volley compare herero-ambush --set herero.policy=always --vs 'herero.policy=never;herero.charge_after=false' --trials 20000");
}

TEST_CASE("reproducing command: --seed random becomes the seed the run drew; a given seed stays", "[sim][cli]") {
  CHECK(reproducing_command("run", {"--seed", "random", "-n", "100"}, 123456789) == "volley run --seed 123456789 -n 100");
  CHECK(reproducing_command("run", {"--seed=random"}, 7) == "volley run --seed 7");
  CHECK(reproducing_command("run", {"--seed", "42"}, 42) == "volley run --seed 42");
  CHECK(reproducing_command("dice", {"d{1,1,2,3}", "vs", "d6!"}, std::nullopt) == "volley dice 'd{1,1,2,3}' vs 'd6!'");
}

TEST_CASE("reproducing command: a document's command line takes the first seed it holds", "[sim][cli]") {
  nlohmann::json doc = {{"points", {{{"x", 1}, {"seed", 99}}}}};
  add_command_line(doc, "sweep", {"--seed", "random"});
  CHECK(doc["command_line"] == "volley sweep --seed 99");
  nlohmann::json top = {{"seed", 5}, {"points", {{{"seed", 99}}}}};
  add_command_line(top, "tune", {"--seed=random"});
  CHECK(top["command_line"] == "volley tune --seed 5");
}

TEST_CASE("reproducing command: a run with --seed random, run again by its command line, gives the same tally bit for bit", "[sim][cli]") {
  const std::string dir = testing::fresh_directory("reproducing-command");
  testing::expect_success("run herero-ambush --seed random --trials 4096 -q --json first.json", dir);
  const nlohmann::json first = nlohmann::json::parse(testing::read_file(dir + "/first.json"));
  const std::string line = first["command_line"].get<std::string>();
  REQUIRE(line.starts_with("volley run herero-ambush --seed "));
  CHECK(line.find("random") == std::string::npos);
  testing::expect_success(line.substr(std::string("volley ").size()) + " -q --json again.json", dir);
  const nlohmann::json again = nlohmann::json::parse(testing::read_file(dir + "/again.json"));
  CHECK(again["seed"] == first["seed"]);
  CHECK(again["signature"] == first["signature"]);
  CHECK(again["command_line"] == line);
}

TEST_CASE("reproducing command: a seed above 2^63 is written as the number it is", "[sim][cli]") {
  nlohmann::json doc = {{"seed", uint64_t{16654881032993696113u}}};
  add_command_line(doc, "dice", {"d6", "--simulate", "10", "--seed", "random"});
  CHECK(doc["command_line"] == "volley dice d6 --simulate 10 --seed 16654881032993696113");
}
