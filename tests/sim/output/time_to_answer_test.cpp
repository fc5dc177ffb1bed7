// The time-to-answer line: the trials a half-width needs (n = z^2 s^2 / E^2) and MCNP's figure of
// merit 1 / (R^2 T), checked against values worked by hand.
#include "sim/output/time_to_answer.hpp"

#include <catch2/catch.hpp>

using namespace volley;

TEST_CASE("Time to answer: trials for +-E and the figure of merit of 100 coin flips in 2 s", "[sim][precision]") {
  auto schema = std::make_shared<Schema>();
  schema->add({"side.win", MetricKind::Probability, 0, 1, "", true});
  Tally t(schema);
  for (int64_t i = 0; i < 100; ++i) {
    const int64_t win = i % 2;
    t.add(&win);
  }
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
