// `volley fire`: one volley's exact law from a scenario's ruleset and weapons, normal fire beside
// schnellfeuer, read from the command line as a designer types it (issue 22).
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

using namespace volley::testing;

TEST_CASE("volley fire gives one volley's exact law, normal beside schnellfeuer (F-4, SF-B, F-8a)", "[sim][fire][F-4][SF-B]") {
  const auto r = expect_success("fire herero-ambush --weapon herero-rifle --figures 8 --range 10 --class 2");
  // herero-rifle on tsatf20 at class 2: band 4 of 20; schnellfeuer twice the dice at -1.
  CHECK(r.out.find("8 dice needing 4 or less on d20") != std::string::npos);
  CHECK(r.out.find("16 dice needing 3 or less on d20") != std::string::npos);
  // P(0 hits) = 0.8^8 = 0.167772 normal, 0.85^16 = 0.074251 schnellfeuer, on one row.
  CHECK(r.out.find("         0  | 0.167772  1.000000  0.167772  | 0.074251  1.000000  0.074251") != std::string::npos);
  // Means 1.6 and 2.4 hits; the Germans have the prone rule, the Hereros fast fire: F-8a applies.
  CHECK(r.out.find("normal: mean 1.600000") != std::string::npos);
  CHECK(r.out.find("schnellfeuer (SF-B): mean 2.400000") != std::string::npos);
  CHECK(r.out.find("the target goes prone after the burst (F-8a") != std::string::npos);
  CHECK(r.out.find("x1.500") != std::string::npos);
}

TEST_CASE("volley fire reads a unit and its target from the scenario, and refuses what cannot fire", "[sim][fire][F-4]") {
  // Z1 holds the zariba (cover class 4): the herero rifle needs 2 or less, 1 or less in schnellfeuer.
  const auto r = expect_success("fire herero-ambush --unit N1 --at Z1 --range 10");
  CHECK(r.out.find("herero N1: 8 figures with herero-rifle at 10\" at target class 4 (german Z1, 10 figures") != std::string::npos);
  CHECK(r.out.find("8 dice needing 2 or less") != std::string::npos);
  CHECK(r.out.find("16 dice needing 1 or less") != std::string::npos);
  // The Germans have no fast fire: one column, and no prone test.
  const auto german = expect_success("fire herero-ambush --unit Z1 --at N1 --range 10");
  CHECK(german.out.find("german has no fast fire") != std::string::npos);
  CHECK(german.out.find("schnellfeuer (SF-B)") == std::string::npos);
  CHECK(german.out.find("no prone test") != std::string::npos);
  // Beyond the visibility (12"), and on a barrage scenario, nothing fires.
  expect_refused("fire herero-ambush --weapon herero-rifle --figures 8 --range 15 --class 2", "out of reach");
  expect_refused("fire rolling-barrage --weapon x --figures 1 --class 1", "volley fire answers firefights");
  expect_refused("fire herero-ambush --weapon herero-rifel --figures 8 --class 2", "weapons: mauser");
}
