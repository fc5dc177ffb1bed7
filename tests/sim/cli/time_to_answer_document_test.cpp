// What the report page and the live page say the answer cost: a run's and a compare's document carry
// the headline's time to answer, and its figures follow from the interval the same document gives
// (half-width h = z s / sqrt(n): +-E needs n h^2 / E^2 trials, R = (h / z) / |estimate|).
#include "analysis/digit_grouping.hpp"
#include "tests/support/cli_runner.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>

using namespace volley::testing;

namespace {

constexpr double z95 = 1.959963984540054;

void check_time_to_answer(const nlohmann::json& doc, const nlohmann::json& interval, const std::string& metric, double goal) {
  const auto& t = doc["time_to_answer"];
  INFO(t.dump());
  REQUIRE(t.is_object());
  CHECK(t["metric"] == metric);
  CHECK(t["half_width"].get<double>() == goal);
  const double n = doc["tally"]["trials"].get<double>();
  CHECK(t["trials"].get<double>() == n);
  const double h = (interval["high"].get<double>() - interval["low"].get<double>()) / 2;
  CHECK(t["trials_needed"].get<double>() == Approx(n * h * h / (goal * goal)).epsilon(1e-3).margin(1));
  const double r = h / z95 / std::fabs(interval["estimate"].get<double>());
  CHECK(t["relative_error"].get<double>() == Approx(r).epsilon(1e-6));
  CHECK(t["figure_of_merit"].get<double>() == Approx(1 / (r * r * doc["seconds"].get<double>())).epsilon(1e-6));
}

}  // namespace

TEST_CASE("A run's document gives the headline's time to answer, luck-adjusted, as its interval implies", "[sim][precision]") {
  expect_success("run herero-ambush --trials 8192 --json tta-run.json");
  const auto doc = nlohmann::json::parse(read_file(scratch_directory() + "/tta-run.json"));
  nlohmann::json win;
  for (const auto& e : doc["estimates"])
    if (e["name"] == "herero.win") win = e;
  check_time_to_answer(doc, win, "herero.win", 0.01);
  CHECK(doc["time_to_answer"]["luck_adjusted"] == true);
  CHECK(doc["time_to_answer"]["control_reduction"].get<double>() > 1);

  expect_success("run herero-ambush --trials 8192 --no-control --json tta-plain.json");
  const auto plain = nlohmann::json::parse(read_file(scratch_directory() + "/tta-plain.json"));
  CHECK(plain["time_to_answer"]["luck_adjusted"] == false);
  CHECK(plain["time_to_answer"]["control_reduction"].get<double>() == 1);
}

TEST_CASE("A compare's document gives the paired difference's time to answer for --precision's E", "[sim][precision]") {
  const auto r = expect_success("compare --trials 8192 --precision 0.004 --json tta-compare.json");
  const auto doc = nlohmann::json::parse(read_file(scratch_directory() + "/tta-compare.json"));
  nlohmann::json difference;
  for (const auto& m : doc["comparison"][0]["metrics"])
    if (m["name"] == "herero.win") difference = m["difference"];
  check_time_to_answer(doc, difference, "herero.win difference", 0.004);
  // The terminal says the same figure.
  const auto needed = static_cast<int64_t>(doc["time_to_answer"]["trials_needed"].get<double>());
  CHECK(r.out.find("herero.win difference: +-0.004 needs about " + volley::grouped(needed)) != std::string::npos);
}
