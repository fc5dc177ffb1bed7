// The default compare's answer in the designer's words (SF-A, SF-E): each variant named by the tactic
// it plays, the winner first, with the paired difference in points; variants that play the same
// tactic keep their labels.
#include "tests/support/cli_runner.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>

using namespace volley::testing;

TEST_CASE("compare names schnellfeuer and normal fire by their tactics, the winner first (SF-E)", "[sim][compare]") {
  const auto r = expect_success(
      "compare herero-ambush --set herero.policy=always --set herero.charge_after=true --vs "
      "'herero.policy=never;herero.charge_after=false' "
      "--trials 2000 --json words.json");
  const auto j = nlohmann::json::parse(read_file(scratch_directory() + "/words.json"));
  const std::string fast = "schnellfeuer (always, charging in the reload turn)", normal = "normal fire (never, charging when in reach)";
  REQUIRE(j["variant_tactics"] == nlohmann::json::array({fast, normal}));
  double difference = 0;
  for (const auto& m : j["comparison"][0]["metrics"])
    if (m["name"] == "herero.win") difference = m["difference"]["estimate"].get<double>();
  const std::string& winner = difference >= 0 ? normal : fast;
  const std::string& loser = difference >= 0 ? fast : normal;
  char points[32];
  std::snprintf(points, sizeof points, "%.1f", 100 * std::abs(difference));
  CHECK(r.out.find("herero wins " + std::string(points) + " points more often with " + winner + " than with " + loser + ": ") !=
        std::string::npos);
}

TEST_CASE("compare of variants with the same tactic gives no sentence in tactics", "[sim][compare]") {
  const auto r = expect_success("compare herero-ambush --vs german.units.Z1.figures=2 --trials 300 --json same-tactic.json");
  CHECK(r.out.find(" points more often with ") == std::string::npos);
  const auto j = nlohmann::json::parse(read_file(scratch_directory() + "/same-tactic.json"));
  CHECK(j["variant_tactics"][0] == j["variant_tactics"][1]);
}
