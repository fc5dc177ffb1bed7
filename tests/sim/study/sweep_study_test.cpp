// A sweep whose first axis is named values (a policy) pairs them on every line: each point is the
// tally `volley run` makes of it, and each line's difference is `volley compare`'s paired difference,
// bit for bit (the same trials, the same controls).
#include "tests/support/cli_runner.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace volley::testing;

namespace {
nlohmann::json json_of(const std::string& command, const std::string& file) {
  expect_success(command + " --quiet --json " + file);
  return nlohmann::json::parse(read_file(scratch_directory() + "/" + file));
}
const nlohmann::json& estimate(const nlohmann::json& result, const std::string& name) {
  for (const auto& e : result["estimates"])
    if (e["name"] == name) return e;
  FAIL("no estimate " << name);
  return result;
}
}  // namespace

TEST_CASE("SF-B: sweep pairs a policy axis on every line; its points are volley run's, its differences volley compare's", "[sim][sweep]") {
  const auto sweep =
      json_of("sweep herero-ambush --param herero.policy=never,always --param ruleset.name=tsatf20,tsatf-d10 --trials 4096 --seed 3",
              "paired-sweep.json");
  REQUIRE(sweep["points"].size() == 4);
  const auto& paired = sweep["paired"];
  CHECK(paired["axis"] == "herero.policy");
  CHECK(paired["base"] == "never");
  REQUIRE(paired["lines"].size() == 2);
  for (size_t line = 0; line < 2; ++line) {
    const std::string ruleset = line == 0 ? "tsatf20" : "tsatf-d10";
    CHECK(paired["lines"][line]["at"] == ruleset);
    // Each point alone, as volley run plays it: the same tally, word for word.
    for (size_t v = 0; v < 2; ++v) {
      const std::string policy = v == 0 ? "never" : "always";
      const auto run = json_of(
          "run herero-ambush --set herero.policy=" + policy + " --set ruleset.name=" + ruleset + " --trials 4096 --seed 3", "point.json");
      CHECK(sweep["points"][2 * line + v]["result"]["tally"] == run["tally"]);
    }
    const auto compare = json_of("compare herero-ambush --set ruleset.name=" + ruleset +
                                     " --set herero.policy=never --vs herero.policy=always --trials 4096 --seed 3",
                                 "line.json");
    const auto& d = estimate(compare, "d1/herero.win");
    const auto& difference = paired["lines"][line]["differences"][0];
    CHECK(difference["value"] == "always");
    CHECK(difference["estimate"].get<double>() == d["estimate"].get<double>());
    CHECK(difference["low"].get<double>() == d["low"].get<double>());
    CHECK(difference["high"].get<double>() == d["high"].get<double>());
  }
  // The terminal says it, a line per ruleset.
  const auto text = expect_success(
      "sweep herero-ambush --param herero.policy=never,always --param ruleset.name=tsatf20,tsatf-d10 --trials 4096 --seed 3");
  check_contains(text.out, {"paired on the same trials: herero.policy, each value against never, difference in herero.win",
                            "always - never", "tsatf20 ", "tsatf-d10 "});
}

TEST_CASE("sweep: a numeric first axis is not paired; with --precision a paired line stops at its difference's half-width",
          "[sim][sweep]") {
  const auto numeric = json_of("sweep herero-ambush --param german.units.Z1.figures=8,12 --trials 4096", "numeric-sweep.json");
  CHECK_FALSE(numeric.contains("paired"));
  const auto precise = json_of("sweep herero-ambush --param herero.policy=never,always --precision 0.02", "precise-sweep.json");
  const auto& d = precise["paired"]["lines"][0]["differences"][0];
  CHECK((d["high"].get<double>() - d["low"].get<double>()) / 2 <= 0.02);
  // Both points of the line stop together.
  CHECK(precise["points"][0]["result"]["tally"]["trials"] == precise["points"][1]["result"]["tally"]["trials"]);
}
