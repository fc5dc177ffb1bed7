// The main job's question: schnellfeuer against normal fire on the default scenario, each
// variant with the charge tactic that goes with it. The scenario's charge_after = true (charge in the
// reload turn, SF-E/SF-G) has no reload turn to wait for under policy never: there the units with
// charge orders would never charge, and the answer would measure that. So the default compare plays
// normal fire with charge_after = false (charge when in reach).
#include "tests/support/cli_runner.hpp"
#include "sim/scenario/scenario_document.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <catch2/catch.hpp>

#include <sstream>

using namespace volley;
using namespace volley::testing;

namespace {

// The charges (F-6) narrated in trials 0..trials-1 of herero-ambush with `sets`, seed 1.
int charges_in_replays(const std::vector<std::string>& sets, int trials) {
  const auto model = load_model(open_scenario("herero-ambush", sets));
  int charges = 0;
  for (int t = 0; t < trials; ++t) {
    std::istringstream text(model->replay(1, static_cast<uint64_t>(t)));
    for (std::string line; std::getline(text, line);)
      if (line.find("charge (F-6): herero ") != std::string::npos && line.find(" charges ") != std::string::npos) ++charges;
  }
  return charges;
}

// The quickstart's volley command line (after "build/release/volley "), its continuation lines joined.
std::string quickstart_command() {
  const std::string script = read_file(std::string(VOLLEY_SOURCE_DIR) + "/scripts/quickstart");
  const auto at = script.find("exec build/release/volley ");
  REQUIRE(at != std::string::npos);
  std::string line = script.substr(at + std::string("exec build/release/volley ").size());
  line = line.substr(0, line.find("\"$@\""));
  for (auto cont = line.find("\\\n"); cont != std::string::npos; cont = line.find("\\\n")) {
    line.erase(cont, 2);
    while (cont < line.size() && line[cont] == ' ') line.erase(cont, 1);  // the next line's indent
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

}  // namespace

TEST_CASE(
    "SF-G: under policy never with charge_after = false the ambush's charge-order units charge; with charge_after = true they never do",
    "[sim][firefight][SF-G][default-question]") {
  constexpr int Trials = 30;
  CHECK(charges_in_replays({"herero.policy=never", "herero.charge_after=true"}, Trials) == 0);
  CHECK(charges_in_replays({"herero.policy=never", "herero.charge_after=false"}, Trials) > 0);
  // With schnellfeuer the reload turn comes, and charge_after = true charges in it.
  CHECK(charges_in_replays({"herero.policy=always", "herero.charge_after=true"}, Trials) > 0);
}

TEST_CASE("SF-B, SF-E: the quickstart compares schnellfeuer with charge_after = true against normal fire with charge_after = false",
          "[sim][cli][default-question]") {
  const std::string command = quickstart_command();
  INFO("quickstart runs: volley " << command);
  CHECK(command.find("compare ") == 0);
  CHECK(command.find("--set herero.policy=always --set herero.charge_after=true") != std::string::npos);
  CHECK(command.find("--vs 'herero.policy=never;herero.charge_after=false'") != std::string::npos);
  // The README leads with the same question.
  const std::string readme = read_file(std::string(VOLLEY_SOURCE_DIR) + "/README.md");
  CHECK(readme.find("volley compare herero-ambush " + command.substr(std::string("compare ").size())) != std::string::npos);
  // And the compare says what each variant plays.
  const auto r = expect_success(command + " --trials 4096");
  check_contains(r.out, {"base:      herero.policy=always; herero.charge_after=true\n"
                         "             plays herero.policy = always, herero.charge_after = true",
                         "variant 1: herero.policy=never;herero.charge_after=false\n"
                         "             plays herero.policy = never, herero.charge_after = false"});
}
