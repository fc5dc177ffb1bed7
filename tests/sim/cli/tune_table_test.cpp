// tune's terminal shows the evaluated values as the report's table does: in order of the parameter,
// with the same columns (the parameter, estimate, the level's interval, trials) and units, and each
// row as it is evaluated names the target, not the goal.
#include "tests/support/cli_runner.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <vector>

using namespace volley::testing;

TEST_CASE("tune prints the evaluated values as the report's table, in order of the parameter", "[sim][tune]") {
  const auto r =
      expect_success("tune herero-ambush --param german.units.Z1.figures=4:20 --target herero.win=0.5 --trials 400 --json tune-table.json");
  const auto j = nlohmann::json::parse(read_file(scratch_directory() + "/tune-table.json"));
  std::vector<nlohmann::json> points(j["points"].begin(), j["points"].end());
  REQUIRE(points.size() >= 3);
  std::sort(points.begin(), points.end(), [](const nlohmann::json& a, const nlohmann::json& b) { return a["x"] < b["x"]; });
  const auto head = r.out.find("german.units.Z1.figures  estimate  95% interval");
  REQUIRE(head != std::string::npos);
  // The rows follow the header, one per value, in increasing order, each with its estimate, interval and trials.
  size_t at = r.out.find('\n', head) + 1;
  for (const auto& p : points) {
    const std::string line = r.out.substr(at, r.out.find('\n', at) - at);
    INFO(line);
    char expected[64];
    std::snprintf(expected, sizeof expected, "%.4f  [%.4f, %.4f]", p["estimate"].get<double>(), p["low"].get<double>(),
                  p["high"].get<double>());
    CHECK(line.rfind(std::to_string(static_cast<int>(p["x"].get<double>())) + " ", 0) == 0);
    CHECK(line.find(expected) != std::string::npos);
    CHECK(line.ends_with(" 400"));
    at = r.out.find('\n', at) + 1;
  }
  // A row printed as it was evaluated names the estimate (herero.win), not the goal (herero.win=0.5).
  CHECK(r.out.find("herero.win=0.5 0.") == std::string::npos);
}
