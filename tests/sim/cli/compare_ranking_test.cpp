// A compare of three variants ranks them by the headline's paired difference to the base, highest
// first, on the terminal and in the JSON, and says which are not distinguishable from the top
// (docs/methods.md, "Ranking variants").
#include "tests/support/cli_runner.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace volley::testing;

TEST_CASE("compare --vs A --vs B ranks the variants by the headline's paired difference to the base", "[sim][compare]") {
  const auto r = expect_success(
      "compare herero-ambush --set herero.policy=always --vs herero.policy=never --vs german.units.Z1.figures=2 --trials 2000 --json "
      "ranked.json");
  CHECK(r.out.find("variants ranked by herero.win, highest first") != std::string::npos);
  const auto j = nlohmann::json::parse(read_file(scratch_directory() + "/ranked.json"));
  const auto& ranking = j["ranking"];
  REQUIRE(ranking.size() == 3);
  // The order follows each variant's paired difference to the base as the comparison gives it (base: 0).
  auto difference = [&](size_t v) {
    if (v == 0) return 0.0;
    for (const auto& c : j["comparison"])
      if (c["variant"].get<size_t>() == v)
        for (const auto& m : c["metrics"])
          if (m["name"] == j["headline"]) return m["difference"]["estimate"].get<double>();
    FAIL("no comparison for variant " << v);
    return 0.0;
  };
  for (size_t i = 0; i + 1 < ranking.size(); ++i)
    CHECK(difference(ranking[i]["variant"].get<size_t>()) >= difference(ranking[i + 1]["variant"].get<size_t>()));
  // Two German figures against twelve: the Hereros win far more, a variant no other ties with.
  CHECK(ranking[0]["variant"] == 2);
  CHECK(ranking[1]["distinguishable"] == true);
  CHECK(ranking[2]["distinguishable"] == true);
  CHECK(j["ranking_pair_level"].get<double>() == Approx(1 - 0.05 / 3));
  // Each rank is on the terminal, the top one first.
  CHECK(r.out.find("\n1    variant 2: ") != std::string::npos);
}

TEST_CASE("compare with one variant prints no ranking", "[sim][compare]") {
  const auto r = expect_success("compare herero-ambush --set herero.policy=always --vs herero.policy=never --trials 300 --json one.json");
  CHECK(r.out.find("variants ranked") == std::string::npos);
  CHECK(nlohmann::json::parse(read_file(scratch_directory() + "/one.json"))["ranking"].empty());
}
