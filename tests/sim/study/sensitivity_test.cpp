// `volley sensitivity` on one volley, whose hits are exactly Binomial(figures, 6/20): with an
// exceedance target, each change must be a paired difference (per trial, of the indicators
// 1[X >= k]) with an interval at the stated level, not the span of two unpaired intervals.
#include "tests/support/cli_runner.hpp"
#include "tests/support/single_volley.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <regex>

using namespace volley::testing;

namespace {

struct Change {
  double estimate, low, high;
};

Change row(const std::string& csv, const std::string& parameter, const std::string& direction) {
  std::smatch m;
  const std::regex pattern(std::regex_replace(parameter, std::regex("\\."), "\\.") + ",[^,]*,[01]," + direction +
                           ",[^,]*,([-0-9.e]+),([-0-9.e]+),([-0-9.e]+)");
  REQUIRE(std::regex_search(csv, m, pattern));
  return {std::stod(m[1]), std::stod(m[2]), std::stod(m[3])};
}

}  // namespace

TEST_CASE("sensitivity pairs an exceedance target trial by trial", "[sim][sensitivity]") {
  const int trials = 10000;
  // Pairing alone (--no-control): the half-widths below are those of a plain paired difference.
  const auto r = run_volley("sensitivity '" + SingleVolley + "' --target 'herero.hits>=5' --trials " + std::to_string(trials) +
                            " --quiet --no-control --csv sensitivity.csv");
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  const std::string csv = read_file(scratch_directory() + "/sensitivity.csv");

  // The Germans cannot reply, so their own size changes no trial: every paired difference is 0 and
  // the interval is the range bound for a difference that never varied, z^2/(n + z^2) = 0.0004 each
  // side. The span of the two unpaired Wilson intervals printed +-0.014 here.
  for (const char* direction : {"down", "up"}) {
    const Change c = row(csv, "german.units.Z.figures", direction);
    CHECK(c.estimate == 0);
    CHECK(c.high - c.low < 0.002);
  }

  // One figure more or fewer: the exact change of P(X >= 5) is covered, and the interval is that of a
  // paired difference. An unpaired interval at this trial count has half-width
  // 1.96 sqrt((p10 q10 + p11 q11)/n) = 0.0106 (0.0091 down); the paired one, 1.96 sqrt(Var(d)/n) with
  // d mostly 0 (the dice agree), is about 0.005. Half-width below 0.008 separates the two.
  for (const auto& [direction, figures] : {std::pair{"down", 9}, std::pair{"up", 11}}) {
    const Change c = row(csv, "herero.units.H.figures", direction);
    const double exact = single_volley_at_least(figures, 5) - single_volley_at_least(10, 5);
    INFO(direction << ": exact " << exact << ", printed " << c.estimate << " [" << c.low << ", " << c.high << "]");
    CHECK(c.low <= exact);
    CHECK(exact <= c.high);
    CHECK((c.high - c.low) / 2 < 0.008);
  }
}
