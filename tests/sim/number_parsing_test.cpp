// Issue 17: numbers from the command line are finite and their arithmetic cannot overflow; NaN,
// infinities, trailing text and values whose arithmetic overflows are refused everywhere with the
// option named (analysis/number_parsing.hpp, sim/cli/command_line.hpp, sim/run/parameter_axis.hpp), and the
// thread count has a stated limit.
#include "analysis/number_parsing.hpp"
#include "cli_runner.hpp"
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
  for (const char* bad : {"", "nan", "NaN", "-nan", "inf", "-inf", "Infinity", "1e400", "-1e400", "1e-400", "0.5abc", " 1", "1 ",
                          "0x10", "++1", "1,5", "--1", "."}) {
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
    expect_refused_before_work(std::string("tune osona --param german.break_fraction=0.3:0.7 --quiet --trials 10 --target 'german.win=") + goal + "'",
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
