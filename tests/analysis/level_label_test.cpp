// Reports name their confidence level as given: a level between whole percents must not round to
// its neighbour (--level 0.995 once printed "100% Wilson interval").
#include "analysis/level_label.hpp"

#include <catch2/catch.hpp>

TEST_CASE("A confidence level prints as the percent given, not rounded to a whole one", "[analysis][report]") {
  CHECK(volley::level_percent(0.95) == "95%");
  CHECK(volley::level_percent(0.9) == "90%");
  CHECK(volley::level_percent(0.995) == "99.5%");
  CHECK(volley::level_percent(0.9999) == "99.99%");
  CHECK(volley::level_percent(0.5) == "50%");
}

TEST_CASE("A level just below 1 or just above 0.5 never prints as 100% or 50%", "[analysis][report]") {
  CHECK(volley::level_percent(0.9999999) == "99.99999%");
  CHECK(volley::level_percent(0.99999999) == "99.999999%");
  CHECK(volley::level_percent(0.999999999999) == "99.9999999999%");
  CHECK(volley::level_percent(0.5000001) == "50.00001%");
  for (double level = 0.99; level < 1; level = 1 - (1 - level) / 10) {
    INFO(level);
    CHECK(volley::level_percent(level) != "100%");
  }
}
