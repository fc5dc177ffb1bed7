// Numbers from the command line are finite and their arithmetic cannot overflow; NaN,
// infinities, trailing text and values whose arithmetic overflows are refused everywhere with the
// option named (analysis/number_parsing.hpp, sim/cli/command_line.hpp, sim/run/parameter_axis.hpp), and the
// thread count has a stated limit.
#include "analysis/number_parsing.hpp"
#include "tests/support/cli_runner.hpp"
#include "sim/cli/command_line.hpp"
#include "sim/run/parameter_axis.hpp"

#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

using namespace volley::testing;

TEST_CASE("read_finite_number takes whole decimal numbers only", "[sim][numbers]") {
  double v = 0;
  for (const char* good : {"0", "1", "-2.5", "+3", "1e3", "0.95", "1e-300", "1.7976931348623157e308"}) {
    INFO(good);
    CHECK(volley::read_finite_number(good, v));
  }
  CHECK((volley::read_finite_number("+0.5", v) && v == 0.5));
  for (const char* bad : {"", "nan", "NaN", "-nan", "inf", "-inf", "Infinity", "1e400", "-1e400", "1e-400", "0.5abc", " 1", "1 ", "0x10",
                          "++1", "1,5", "--1", "."}) {
    INFO(bad);
    CHECK_FALSE(volley::read_finite_number(bad, v));
  }
}

TEST_CASE("A swept or tuned range whose arithmetic would overflow is refused, not cast", "[sim][numbers]") {
  using volley::parse_axis;
  // A step so small or a range so wide that the value count is beyond any integer: refused before the cast.
  for (const char* text : {"visibility=0:12:1e-20", "visibility=0:1e308:1", "visibility=-1e308:1e308:1e300", "visibility=0:1e300:1e-300",
                           "visibility=nan:12:1", "visibility=0:inf:1", "visibility=0:12:nan", "visibility=0:12:-inf",
                           "visibility=1e15:1.0000000001e15:1e-3"}) {
    INFO(text);
    CHECK_THROWS_AS(parse_axis(text, "--param"), std::invalid_argument);
  }
  for (const char* text : {"visibility=-1e308:1e308", "visibility=1.5e308:1.7e308", "visibility=nan:1", "visibility=0:1e999"}) {
    INFO(text);
    CHECK_THROWS_AS(parse_axis(text, "--param", true), std::invalid_argument);
  }
  CHECK(parse_axis("visibility=0:12:4", "--param").values == std::vector<std::string>{"0", "4", "8", "12"});
  CHECK(parse_axis("visibility=1e9:1e9", "--param", true).lo == 1e9);  // a range of one value is fine for tune
}

TEST_CASE("NaN, infinities and trailing text are refused by every numeric option, naming it", "[sim][numbers][cli]") {
  for (const char* level : {"nan", "inf", "-inf", "1e400", "0.95x", "0.5", "1", "0.4", "1.5"}) {
    expect_refused_before_work(std::string("run osona --trials 10 --quiet --level ") + level,
                               std::string("--level: expected a finite number in (0.5, 1), got '") + level + "'");
    expect_refused_before_work(std::string("dice 3d6 --hit '>=5' --simulate 10 --level ") + level,
                               "--level: expected a finite number in (0.5, 1)");
  }
  for (const char* e : {"nan", "inf", "1e400", "-1", "0", "0.01x"})
    expect_refused_before_work(std::string("run osona --quiet --precision ") + e,
                               "--precision: expected [NAME=]E with E a finite positive number");
  for (const char* goal : {"nan", "inf", "-inf", "1e400", "0.5x", ""})
    expect_refused_before_work(
        std::string("tune osona --param german.break_fraction=0.3:0.7 --quiet --trials 10 --target 'german.win=") + goal + "'",
        "--target 'german.win=");
  expect_refused_before_work("sweep osona --param visibility=0:12:1e-20 --trials 10 --quiet", "more than 1000 values");
  expect_refused_before_work("sweep osona --param visibility=0:1e308:1 --trials 10 --quiet", "more than 1000 values");
  expect_refused_before_work("sweep osona --param visibility=nan:12:1 --trials 10 --quiet", "expected numbers in KEY=lo:hi:step");
  expect_refused_before_work("tune osona --param visibility=-1e308:1e308 --target german.win=0.5 --trials 10 --quiet",
                             "the range is too wide");
}

TEST_CASE("The thread count has a stated limit, and every count up to it is accepted", "[sim][numbers][cli]") {
  for (const char* threads : {"1025", "20000", "100000", "2147483647", "99999999999999999999"})
    expect_refused_before_work(std::string("run osona --trials 10 --quiet --threads ") + threads,
                               "--threads: expected a whole number from 0 to 1024");
  CHECK(volley::MaxThreads == 1024);
  // The limit itself runs (one block: most threads find no work, and the run is short).
  const auto at_limit = run_volley("run osona --trials 4096 --quiet --threads 1024");
  CHECK(at_limit.exit_code == 0);
}

TEST_CASE("dice --simulate and bench take the same thread bound as every command that plays trials", "[sim][numbers][cli][dice]") {
  for (const char* threads : {"1025", "100000", "2147483647", "99999999999999999999"}) {
    expect_refused_before_work(std::string("dice 3d6 --simulate 10 --threads ") + threads,
                               "--threads: expected a whole number from 0 to 1024");
    expect_refused_before_work(std::string("bench --divisor 200 --threads ") + threads,
                               "--threads: expected a whole number from 0 to 1024");
  }
}

TEST_CASE("Every number of dice that could overflow is refused, naming its option or its word", "[sim][numbers][cli][dice]") {
  // --mod moved a band in an int: 9223372036854775807 was "invalid" without saying the range, and
  // 2147483647 overflowed '<=6' + mod.
  for (const char* mod : {"9223372036854775807", "-9223372036854775808", "2147483647", "-2147483648", "1001", "-1001", "1.5", "1e3", "x"})
    expect_refused_before_work(std::string("dice 10d20 --hit '<=6' --mod ") + mod,
                               std::string("--mod: expected a whole number from -1000 to 1000, got '") + mod + "'");
  // A face past the die with the largest --mod is the whole die (or no face), not an overflow.
  const auto whole = expect_success("dice 3d6 --hit '<=2147483647' --mod 1000 -q");
  check_contains(whole.out, {"mean 3"});
  const auto none = expect_success("dice 3d6 --hit '>=2147483647' --mod -1000 -q");
  check_contains(none.out, {"mean 0"});
  for (const char* dice :
       {"99999999999d6", "3d99999999999", "3d6+99999999999", "3d6-99999999999", "9223372036854775807d6", "10001d6", "3d1001"})
    expect_refused_before_work(std::string("dice ") + dice, std::string("'") + dice + "'");
  expect_refused_before_work("dice 10d20 --hit '<=99999999999'", "'<=99999999999': expected a whole number for a face");
  expect_refused_before_work("dice 8d20 --hit '<=6' --kill 1/99999999999", "--kill");
  for (const char* trials : {"1e30", "1e11", "100000000001", "99999999999999999999", "-1", "0", "1.5"})
    expect_refused_before_work(std::string("dice 3d6 --simulate ") + trials, std::string("--simulate: expected a whole number"));
  expect_refused_before_work("dice 3d6 --simulate 10 --seed 99999999999999999999999", "--seed");
}
