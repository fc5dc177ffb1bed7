// `volley fire`: one volley's exact law from a scenario's ruleset and weapons, normal fire beside
// schnellfeuer, read from the command line as a designer types it.
#include "tests/support/cli_runner.hpp"

#include <catch2/catch.hpp>

using namespace volley::testing;

TEST_CASE("volley fire gives one volley's exact law, normal beside schnellfeuer (F-4, SF-B, F-8a)", "[sim][fire][F-4][SF-B]") {
  const auto r = expect_success("fire herero-ambush --weapon herero-rifle --figures 8 --range 10 --class 2");
  check_contains(r.out,
                 {// herero-rifle on tsatf20 at class 2: band 4 of 20; schnellfeuer twice the dice at -1.
                  "8 dice needing 4 or less on d20", "16 dice needing 3 or less on d20",
                  // P(0 hits) = 0.8^8 = 0.167772 normal, 0.85^16 = 0.074251 schnellfeuer, on one row.
                  "         0  | 0.167772  1.000000  0.167772  | 0.074251  1.000000  0.074251",
                  // Means 1.6 and 2.4 hits; the Germans have the prone rule, the Hereros fast fire: F-8a applies.
                  "normal: mean 1.600000", "schnellfeuer (SF-B): mean 2.400000", "the target goes prone after the burst (F-8a", "x1.500"});
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

TEST_CASE("volley fire gives the law over schnellfeuer's two-turn cycle first (SF-B burst, SF-E reload), per volley after",
          "[sim][fire][SF-B][SF-E]") {
  // 8 herero rifles at class 2, no limit on casualties: two normal volleys are 16 dice at 4 of 20 (mean
  // 3.2), one burst 16 dice at 3 of 20 (mean 2.4) and the reload turn none. Over the cycle normal fire
  // puts out more, though one burst beats one volley (2.4 against 1.6). P(no casualty over the cycle):
  // 0.8^16 = 0.028147 normal, 0.85^16 = 0.074251 schnellfeuer.
  const auto r = expect_success("fire herero-ambush --weapon herero-rifle --figures 8 --range 10 --class 2");
  const std::string cycle =
      "OVER 2 TURNS of standing fire (schnellfeuer's cycle): normal 2 volleys, schnellfeuer (SF-B) 1 volley and 1 reload turn (SF-E)";
  check_contains(r.out, {cycle, "         0  | 0.028147  1.000000  0.028147  | 0.074251  1.000000  0.074251", "PER VOLLEY (not per turn",
                         "over 2 turns: schnellfeuer puts out 2.400 figures on average against 3.200 for normal fire (x0.750)",
                         "per volley: schnellfeuer puts out 2.400 figures on average against 1.600 for normal fire (x1.500)"});
  CHECK(r.out.find(cycle) < r.out.find("PER VOLLEY"));
}

TEST_CASE("volley fire --turns N gives the target's figures left after N turns of standing fire, exactly (F-4, SF-B, SF-E)",
          "[sim][fire][SF-B][SF-E]") {
  // 1 rifle at a target of 2 figures, 3 turns: normal fire 3 dice at 0.2 in turn, schnellfeuer two
  // bursts of 2 dice at 0.15 (turns 1 and 3). The target is gone when 2 or more hit:
  //   normal P(Bin(3, 0.2) >= 2) = 3 x 0.04 x 0.8 + 0.008 = 0.104; none hit: 0.8^3 = 0.512;
  //   schnellfeuer P(Bin(4, 0.15) >= 2) = 1 - 0.85^4 - 4 x 0.15 x 0.85^3 = 0.10951875; none: 0.85^4 = 0.52200625.
  const std::string out =
      expect_success("fire herero-ambush --weapon herero-rifle --figures 1 --range 10 --class 2 --target-figures 2 --turns 3").out;
  const std::string left = "the target's figures left after the 3 turns, of 2";
  REQUIRE(out.find(left) != std::string::npos);
  const std::string table = out.substr(out.find(left));
  CHECK(out.find("OVER 3 TURNS of standing fire (--turns): normal 3 volleys, schnellfeuer (SF-B) 2 volleys and 1 reload turn (SF-E)") !=
        std::string::npos);
  CHECK(table.find("         0  | 0.104000  1.000000  0.104000  | 0.109519  1.000000  0.109519") != std::string::npos);
  CHECK(table.find("         2  | 0.512000  0.512000  1.000000  | 0.522006  0.522006  1.000000") != std::string::npos);
  expect_refused("fire herero-ambush --weapon herero-rifle --figures 1 --class 2 --turns 0", "--turns");
}
