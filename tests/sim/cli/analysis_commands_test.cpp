// The designer's commands against known answers: tune returns the exact bracket of a
// single volley; sweep reproduces the binomial; compare's paired interval is narrower than the
// unpaired one on the default scenario and the report says by what factor.
#include "tests/support/cli_runner.hpp"
#include "tests/support/single_volley.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <regex>

using namespace volley::testing;

TEST_CASE("tune finds the exact bracket where P(at least 5 hits) of one volley crosses 0.5", "[sim][tune]") {
  const uint64_t trials = 40000;
  const double se = std::sqrt(0.25 / trials);
  // The exact bracket, computed independently: the first figure count with P(X >= 5) >= 0.5.
  int upper = 5;
  while (single_volley_at_least(upper, 5) < 0.5) ++upper;
  const int lower = upper - 1;
  // The test is only meaningful if both ends are clearly on their side at this trial count.
  REQUIRE(0.5 - single_volley_at_least(lower, 5) >= 5 * se);
  REQUIRE(single_volley_at_least(upper, 5) - 0.5 >= 5 * se);
  const auto r = run_volley("tune '" + SingleVolley + "' --param herero.units.H.figures=5:30 --target 'herero.hits>=5=0.5' --trials " +
                            std::to_string(trials) + " --quiet");
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("answer: between " + std::to_string(lower) + " and " + std::to_string(upper)) != std::string::npos);
  // A whole number of figures is answered by whole numbers: no fitted fraction of a figure.
  CHECK(r.out.find("fitted root") == std::string::npos);
}

TEST_CASE("tune answers an integer parameter with whole numbers within its bracket, each with its estimate", "[sim][tune]") {
  // The designer's case: Z1's figures of the patrol for an even Herero win. A logistic fit through
  // 12, 13, 14 and 16 once answered 13.15 [13.05, 13.26], outside its own bracket [12, 13].
  const std::string json = scratch_directory() + "/tune-integer.json";
  const auto r =
      run_volley("tune herero-ambush --param german.units.Z1.figures=4:20 --target herero.win=0.5 -n 10000 --quiet --json '" + json + "'");
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("fitted root") == std::string::npos);
  const auto j = nlohmann::json::parse(read_file(json));
  CHECK_FALSE(j.contains("root"));
  const double low_end = j["bracket"][0], high_end = j["bracket"][1];
  CHECK(high_end == low_end + 1);
  const auto& answer = j["answer"];
  REQUIRE(!answer.empty());
  for (const auto& a : answer) {
    const double x = a["x"];
    CHECK(x == std::floor(x));
    CHECK((x == low_end || x == high_end));
    CHECK((r.out.find(std::to_string(static_cast<int>(x)) + ": herero.win") != std::string::npos || !j["answer_holds_goal"].get<bool>()));
    if (j["answer_holds_goal"]) {
      CHECK(a["low"].get<double>() <= 0.5);
      CHECK(a["high"].get<double>() >= 0.5);
    }
  }
  // Neither interval holds the goal: both neighbours are the answer, one either side of it.
  if (!j["answer_holds_goal"]) {
    REQUIRE(answer.size() == 2);
    CHECK((answer[0]["high"].get<double>() < 0.5) != (answer[1]["high"].get<double>() < 0.5));
  }
}

TEST_CASE("tune says when the goal is not bracketed, and still writes every output it was asked for", "[sim][tune]") {
  // The unbracketed tune exited 1 and wrote none of --json, --csv, --plot, --report.
  const std::string dir = scratch_directory() + "/tune-unbracketed";
  std::filesystem::create_directories(dir);
  for (const char* file : {"t.json", "t.csv", "t.svg", "t.html"}) std::filesystem::remove(dir + "/" + file);
  const auto r = run_volley("tune '" + SingleVolley +
                                "' --param herero.units.H.figures=5:8 --target 'herero.hits>=5=0.5' --trials 5000 --quiet"
                                " --json t.json --csv t.csv --plot t.svg --report t.html",
                            dir);
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("not bracketed") != std::string::npos);
  const nlohmann::json result = nlohmann::json::parse(read_file(dir + "/t.json"));
  CHECK(result["bracketed"] == false);
  CHECK(result["partial"] == false);
  CHECK(result["points"].size() == 2);  // the two ends, both on one side of the goal
  CHECK_FALSE(result.contains("root"));
  CHECK(read_file(dir + "/t.csv").find("\n5,") != std::string::npos);
  CHECK(read_file(dir + "/t.svg").find("goal not bracketed") != std::string::npos);
  CHECK(read_file(dir + "/t.html").find("volley-tune") != std::string::npos);
}

TEST_CASE("tune's header names an exceedance target whole, with its 'at least k'", "[sim][tune]") {
  const auto r =
      run_volley("tune '" + SingleVolley + "' --param herero.units.H.figures=5:8 --target 'herero.hits>=5=0.5' --trials 1000 --quiet");
  INFO(r.out << r.err);
  CHECK(r.out.find("for herero.hits>=5 = 0.5,") != std::string::npos);
}

TEST_CASE("sweep over the figures of one volley reproduces the exact binomial mean at every point", "[sim][sweep]") {
  expect_success("sweep '" + SingleVolley +
                 "' --param herero.units.H.figures=4:12:4 --target 'herero.hits>=3' --trials 20000 --quiet --csv sweep.csv");
  const std::string csv = read_file(scratch_directory() + "/sweep.csv");
  for (int n : {4, 8, 12}) {
    const std::regex row(std::to_string(n) + ",herero.hits>=3,([0-9.e-]+),([0-9.e-]+),([0-9.e-]+)");
    std::smatch m;
    REQUIRE(std::regex_search(csv, m, row));
    const double exact = single_volley_at_least(n, 3);
    INFO("figures " << n << ": exact " << exact << ", interval [" << m[2] << ", " << m[3] << "]");
    // Five standard errors: a bound from the trial count, looser than the printed 95% interval.
    CHECK(std::abs(std::stod(m[1]) - exact) <= 5 * std::sqrt(exact * (1 - exact) / 20000) + 1e-9);
  }
}

TEST_CASE("compare on the default scenario: the paired interval is narrower and the report says by what factor", "[sim][compare]") {
  const auto r = expect_success("compare --set herero.policy=always --vs herero.policy=never --trials 20000");
  std::smatch m;
  REQUIRE(
      std::regex_search(r.out, m, std::regex("Pairing made the interval ([0-9.]+) times narrower \\(variance reduction ([0-9.]+)x\\)")));
  CHECK(std::stod(m[1]) > 1.0);
  CHECK(std::stod(m[2]) > 1.0);
  CHECK(std::abs(std::stod(m[1]) - std::sqrt(std::stod(m[2]))) < 0.02);
  CHECK(r.out.find("herero.win") != std::string::npos);
  CHECK(r.out.find("german.casualties") != std::string::npos);
}

TEST_CASE("With --precision, sweep and tune headers give the cap, not one point's count; sensitivity refuses it", "[sim][sweep][tune]") {
  // Each sweep point (and each tuned value) stops on its own: here the points stop at different counts,
  // so no single count is "per point".
  const auto sweep =
      expect_success("sweep herero-ambush --param german.units.Z1.figures=2:14:12 --precision 0.005 --quiet --json precision-sweep.json");
  CHECK(sweep.out.find("sweep, up to 1000000000 (--precision 0.005) trials per point") != std::string::npos);
  // 2 figures make the Hereros' win near certain (a small variance, an early stop), 14 near even.
  const auto points = nlohmann::json::parse(read_file(scratch_directory() + "/precision-sweep.json"))["points"];
  REQUIRE(points.size() == 2);
  const auto trials = [&](size_t i) { return points[i]["result"]["tally"]["trials"].get<uint64_t>(); };
  CHECK(trials(0) < trials(1));
  const auto tune =
      expect_success("tune herero-ambush --param german.units.Z1.figures=4:20 --target herero.win=0.5 --precision 0.05 --quiet");
  CHECK(tune.out.find("up to 1000000000 (--precision 0.05) trials per value") != std::string::npos);
  const auto plain = run_volley("sweep herero-ambush --param german.units.Z1.figures=6,10 --trials 300 --quiet");
  CHECK(plain.out.find("sweep, 300 trials per point") != std::string::npos);
  // sensitivity plays --trials per parameter; it used to accept --precision and ignore it.
  expect_refused("sensitivity herero-ambush --precision 0.05 --quiet",
                 "--precision: sensitivity plays a fixed number of paired trials per parameter");
}
