// The JSON result's estimates (sim/record/run_record.hpp, docs/json-format.md): a count's quantiles come
// with their order-statistic intervals; an end beyond the histogram range is written "<min" / ">max".
#include "sim/record/run_record.hpp"

#include <catch2/catch.hpp>

#include <memory>

using namespace volley;

TEST_CASE("JSON estimates give a count's quantiles with intervals, and ends beyond the range as strings", "[sim][json][quantile]") {
  auto s = std::make_shared<Schema>();
  s->add({"x", MetricKind::Count, 0, 5, "", true});
  s->add({"p", MetricKind::Probability, 0, 1, "", true});
  RunRecord r;
  r.tally = Tally(s);
  // x: X_(1..10) = <0, 0 1 1 2 3 3 4, >5 >5. Median X_(5) = 2 in [X_(2), X_(9)] = [0, >5].
  for (int64_t v : {-1, 0, 1, 1, 2, 3, 3, 4, 7, 9}) {
    const int64_t obs[2] = {v, v > 2 ? 1 : 0};
    r.tally.add(obs);
  }
  const auto j = record_to_json(r);
  const auto& x = j.at("estimates").at(0);
  REQUIRE(x.at("name") == "x");
  REQUIRE(x.at("quantiles").size() == 3);
  const auto& median = x.at("quantiles").at(1);
  CHECK(median.at("q") == 0.5);
  CHECK(median.at("estimate") == 2);
  CHECK(median.at("low") == 0);
  CHECK(median.at("high") == ">5");
  CHECK(median.at("level") == 0.95);
  CHECK(median.at("method") == "order statistics (exact binomial)");
  CHECK(x.at("quantiles").at(0).at("estimate") == "<0");
  // A probability has no quantiles.
  CHECK_FALSE(j.at("estimates").at(1).contains("quantiles"));
}
