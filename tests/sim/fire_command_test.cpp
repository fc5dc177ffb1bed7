// `volley fire`: one volley's exact law from a scenario's ruleset and weapons, normal fire beside
// schnellfeuer, read from the command line as a designer types it (issue 22).
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

using namespace volley::testing;

TEST_CASE("volley fire gives one volley's exact law, normal beside schnellfeuer (F-4, SF-B, F-8a)", "[sim][fire][F-4][SF-B]") {
  const auto r = expect_success("fire herero-ambush --weapon herero-rifle --figures 8 --range 10 --class 2");
  check_contains(r.out, {// herero-rifle on tsatf20 at class 2: band 4 of 20; schnellfeuer twice the dice at -1.
                         "8 dice needing 4 or less on d20", "16 dice needing 3 or less on d20",
                         // P(0 hits) = 0.8^8 = 0.167772 normal, 0.85^16 = 0.074251 schnellfeuer, on one row.
                         "         0  | 0.167772  1.000000  0.167772  | 0.074251  1.000000  0.074251",
                         // Means 1.6 and 2.4 hits; the Germans have the prone rule, the Hereros fast fire: F-8a applies.
                         "normal: mean 1.600000", "schnellfeuer (SF-B): mean 2.400000", "the target goes prone after the burst (F-8a",
                         "x1.500"});
}

TEST_CASE("volley fire reads a unit and its target from the scenario, and refuses what cannot fire", "[sim][fire][F-4]") {
  // Z1 holds the zariba (cover class 4): the herero rifle needs 2 or less, 1 or less in schnellfeuer.
  const auto r = expect_success("fire herero-ambush --unit N1 --at Z1 --range 10");
  check_contains(r.out, {"herero N1: 8 figures with herero-rifle at 10\" at target class 4 (german Z1, 10 figures",
                         "8 dice needing 2 or less", "16 dice needing 1 or less"});
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
