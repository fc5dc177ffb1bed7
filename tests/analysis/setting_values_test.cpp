// The grammar the command line's options and `volley serve`'s request keys share
// (analysis/setting_values.hpp): one reader each for a seed and a precision target, so that both
// accept and refuse the same texts. The CLI's side is checked through `volley run`, the server's in
// serve_api_test.cpp.
#include "analysis/setting_values.hpp"
#include "tests/support/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <stdexcept>

using namespace volley;
using namespace volley::testing;

TEST_CASE("parse_seed reads a decimal or 0x hexadecimal number of 64 bits, nothing else", "[sim][numbers]") {
  CHECK(parse_seed("seed", "0") == 0);
  CHECK(parse_seed("seed", "42") == 42);
  CHECK(parse_seed("seed", "0x2a") == 42);
  CHECK(parse_seed("seed", "0xFFFFFFFFFFFFFFFF") == UINT64_MAX);
  CHECK(parse_seed("seed", "18446744073709551615") == UINT64_MAX);
  for (const char* bad : {"", "0x", "-1", "+1", "1 ", " 1", "12abc", "18446744073709551616", "0x10000000000000000", "1e3", "random"}) {
    INFO(bad);
    CHECK_THROWS_WITH(parse_seed("seed", bad), Catch::StartsWith("seed: expected a number (decimal or 0x hex), got '"));
  }
}

TEST_CASE("parse_precision reads [NAME=]E with E finite and positive", "[sim][numbers]") {
  const PrecisionGoal bare = parse_precision("precision", "0.005");
  CHECK(bare.metric.empty());
  CHECK(bare.half_width == 0.005);
  CHECK(bare.half_width_text == "0.005");
  const PrecisionGoal named = parse_precision("precision", "herero.win=1e-2");
  CHECK(named.metric == "herero.win");
  CHECK(named.half_width == 0.01);
  CHECK(named.half_width_text == "1e-2");
  for (const char* bad : {"", "0", "-0.01", "nan", "inf", "1%", "0.01x", "=0.01", "herero.win=", "herero.win=0"}) {
    INFO(bad);
    CHECK_THROWS_WITH(parse_precision("precision", bad), Catch::StartsWith("precision: expected [NAME=]E"));
  }
}

TEST_CASE("volley run reads --seed and --precision by the same grammar", "[sim][numbers][cli]") {
  expect_refused_before_work("run osona --trials 10 --quiet --seed 0x", "--seed: expected a number (decimal or 0x hex) or 'random'");
  expect_refused_before_work("run osona --quiet --precision =0.01", "--precision: expected [NAME=]E");
  expect_success("run osona --trials 10 --quiet --seed 0x2a");
}
