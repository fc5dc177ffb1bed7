// The text summary and CSV of a tally (analysis/summary_table.hpp): every quantile is printed with
// its order-statistic interval at the run's level (analysis/quantile_interval.hpp).
#include "analysis/summary_table.hpp"

#include <catch2/catch.hpp>

#include <memory>

using namespace volley;

namespace {

// X_(1..10) = 0 1 1 2 3 3 3 4 6 9 of a headline count over 0..10 (the case worked by hand in
// quantile_interval_test.cpp): 5% 0 [0, 1], median 3 [1, 6], 95% 9 [4, 10] at 95%.
Tally ten_trials() {
  auto s = std::make_shared<Schema>();
  s->add({"x", MetricKind::Count, 0, 10, "", true});
  Tally t(s);
  for (int64_t v : {3, 1, 9, 3, 0, 2, 6, 4, 1, 3}) t.add(&v);
  return t;
}

}  // namespace

TEST_CASE("The text summary prints each quantile with its interval and names the method and level", "[analysis][report][quantile]") {
  const Tally t = ten_trials();
  ReportOptions options;
  options.histograms = false;
  const std::string text = format_summary(t, options);
  INFO(text);
  CHECK(text.find("0 [0, 1]       3 [1, 6]       9 [4, 10]\n") != std::string::npos);
  CHECK(text.find("its 95% interval from order statistics") != std::string::npos);
  // At 80% the median's ranks are 3 and 8 (P(B <= 2) = 0.0547 <= 0.1 < P(B <= 3) = 0.172):
  // [X_(3), X_(8)] = [1, 4].
  options.level = 0.8;
  const std::string at_80 = format_summary(t, options);
  INFO(at_80);
  CHECK(at_80.find(" 3 [1, 4] ") != std::string::npos);
  CHECK(at_80.find("its 80% interval from order statistics") != std::string::npos);
}

TEST_CASE("The CSV has a quantile row per reported quantile, with its interval, level and method", "[analysis][report][quantile]") {
  const std::string csv = format_csv(ten_trials(), 0.95);
  INFO(csv);
  CHECK(csv.find("x,quantile,0.05,0,0,1,0.95,order statistics (exact binomial)\n") != std::string::npos);
  CHECK(csv.find("x,quantile,0.5,3,1,6,0.95,order statistics (exact binomial)\n") != std::string::npos);
  CHECK(csv.find("x,quantile,0.95,9,4,10,0.95,order statistics (exact binomial)\n") != std::string::npos);
}
