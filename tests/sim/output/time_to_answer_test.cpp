// The time-to-answer line: the trials a half-width needs (n = z^2 s^2 / E^2) and MCNP's figure of
// merit 1 / (R^2 T), checked against values worked by hand.
#include "sim/output/time_to_answer.hpp"

#include <catch2/catch.hpp>

using namespace volley;

namespace {

// A tally of `n` trials of one probability metric, side.win, alternately lost and won.
Tally coin_flips(int64_t n) {
  auto schema = std::make_shared<Schema>();
  schema->add({"side.win", MetricKind::Probability, 0, 1, "", true});
  Tally t(schema);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t win = i % 2;
    t.add(&win);
  }
  return t;
}

}  // namespace

TEST_CASE("Time to answer: trials for +-E and the figure of merit of 100 coin flips in 2 s", "[sim][precision]") {
  const Tally t = coin_flips(100);
  const auto schema = t.schema_ptr();
  // s^2 = (100 * 50 - 50^2) / (100 * 99) = 0.252525...; n for +-0.01 = ceil(1.959964^2 * s^2 / 0.0001)
  // = ceil(9700.65) = 9,701, 9,601 more. R = sqrt(s^2 / 100) / 0.5 = 0.1005, FOM = 1 / (R^2 * 2 s) = 49.5.
  const std::string line = format_time_to_answer(t, 0, "side.win", 2.0, 0.01, 0.95);
  CHECK_THAT(line, Catch::Contains("side.win: +-0.01 needs about 9,701 trials (9,601 more than these 100)"));
  CHECK_THAT(line, Catch::Contains("figure of merit 1/(R^2 T) 49.5 per s (R 0.1, T 2 s)"));
  // +-0.5 needs ceil(1.959964^2 * 0.2525 / 0.25) = 4 trials: the 100 played are enough, and it says so
  // (not "0 more than these 100").
  CHECK_THAT(format_time_to_answer(t, 0, "side.win", 2.0, 0.5, 0.95), Catch::Contains("needs about 4 trials (these 100 are enough)"));
  // A metric that has not varied has no variance to project from.
  Tally flat(schema);
  const int64_t zero = 0;
  flat.add(&zero);
  flat.add(&zero);
  CHECK(format_time_to_answer(flat, 0, "side.win", 1.0, 0.01, 0.95).empty());
}

TEST_CASE("Time to answer takes E from --precision [NAME=]E", "[sim][precision]") {
  CHECK(precision_goal("", 0.01) == 0.01);
  CHECK(precision_goal("0.005", 0.01) == 0.005);
  CHECK(precision_goal("d1/herero.win=0.002", 0.01) == 0.002);
}

TEST_CASE("Time to answer for the report page: the same hand-worked figures as JSON, null where none", "[sim][precision]") {
  const Tally t = coin_flips(100);
  const auto schema = t.schema_ptr();
  // As above: 9,701 trials for +-0.01, R = sqrt(0.252525 / 100) / 0.5 = 0.100504, FOM = 1 / (R^2 * 2) = 49.5.
  const auto j = time_to_answer_json(t, 0, "side.win", 2.0, 0.01, 0.95);
  CHECK(j["metric"] == "side.win");
  CHECK(j["half_width"].get<double>() == 0.01);
  CHECK(j["trials"].get<uint64_t>() == 100);
  CHECK(j["trials_needed"].get<double>() == 9701);
  CHECK(j["relative_error"].get<double>() == Approx(0.100504).epsilon(1e-5));
  CHECK(j["figure_of_merit"].get<double>() == Approx(49.5).epsilon(1e-6));
  CHECK(j["luck_adjusted"] == false);
  CHECK(j["control_reduction"].get<double>() == 1.0);
  // No time yet: no figure of merit, written null (JSON has no NaN).
  CHECK(time_to_answer_json(t, 0, "side.win", 0.0, 0.01, 0.95)["figure_of_merit"].is_null());
  Tally flat(schema);
  const int64_t zero = 0;
  flat.add(&zero);
  flat.add(&zero);
  CHECK(time_to_answer_json(flat, 0, "side.win", 1.0, 0.01, 0.95).is_null());
}
