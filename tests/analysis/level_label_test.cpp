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
