// Numbers for people: rates printed as 4.61e+04 trials/s are read wrongly at a glance.
#include "analysis/digit_grouping.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>

using namespace volley;

TEST_CASE("Whole numbers are grouped by threes with commas", "[analysis][grouping]") {
  CHECK(grouped(int64_t{0}) == "0");
  CHECK(grouped(int64_t{999}) == "999");
  CHECK(grouped(int64_t{1000}) == "1,000");
  CHECK(grouped(int64_t{552114}) == "552,114");
  CHECK(grouped(int64_t{-1234567}) == "-1,234,567");
  CHECK(grouped(std::numeric_limits<int64_t>::min()) == "-9,223,372,036,854,775,808");
}

TEST_CASE("A rate is rounded to a whole number before grouping, never printed in e-notation", "[analysis][grouping]") {
  CHECK(grouped(46123.4) == "46,123");
  CHECK(grouped(46123.5) == "46,124");
  CHECK(grouped(0.4) == "0");
}
