// A probability no trial has shown (0 of n) prints as "never observed (at most p_max)", p_max the
// exact one-sided bound 1 - (1 - level)^(1/n), not as a Wilson interval [0, z^2/(n + z^2)] wider than
// that (analysis/never_observed.hpp); the CSV keeps the interval's numbers.
#include "analysis/never_observed.hpp"
#include "analysis/summary_table.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <memory>

using namespace volley;

TEST_CASE("The bound of a probability never observed is the p with (1 - p)^n = 1 - level", "[analysis][report]") {
  // The rule of three: 0 of 300 at 95% gives about 3/300; exactly 1 - 0.05^(1/300) = 0.0099360.
  CHECK(never_observed_bound(300, 0.95) == Approx(0.0099360).epsilon(1e-4));
  for (uint64_t n : {1ull, 10ull, 1000ull, 10000000ull})
    for (double level : {0.8, 0.95, 0.999}) {
      const double p = never_observed_bound(n, level);
      INFO(n << " " << level);
      CHECK(std::pow(1 - p, static_cast<double>(n)) == Approx(1 - level).epsilon(1e-9));
    }
  CHECK(never_observed_text(300, 0.95, 4) == "never observed (at most 0.0099)");
}

TEST_CASE("The terminal shows a probability never observed as such; the CSV keeps its interval", "[analysis][report]") {
  auto s = std::make_shared<Schema>();
  s->add({"seen", MetricKind::Probability, 0, 1, "", true});
  s->add({"unseen", MetricKind::Probability, 0, 1, "", true});
  Tally t(s);
  for (int i = 0; i < 300; ++i) {
    const int64_t row[2] = {i % 2, 0};
    t.add(row);
  }
  ReportOptions options;
  options.histograms = false;
  const std::string text = format_summary(t, options);
  INFO(text);
  CHECK(text.find("unseen                                0.0000   never observed (at most 0.0099)\n") != std::string::npos);
  CHECK(text.find("seen                                  0.5000   [") != std::string::npos);
  // The CSV's row for it still has the Wilson interval, 0 to z^2/(n + z^2) = 3.8415/303.8415 = 0.012643.
  const std::string csv = format_csv(t, 0.95);
  INFO(csv);
  CHECK(csv.find("unseen,probability,,0,") != std::string::npos);
  CHECK(csv.find(",0.01264") != std::string::npos);
}
