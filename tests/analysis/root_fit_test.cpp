// tune's local fit (analysis/root_fit.hpp): the distributions its lack-of-fit check and its widened
// interval use, against published tables, and Fieller's interval against cases solved by hand.
#include "analysis/root_fit.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using Catch::Detail::Approx;

TEST_CASE("chi-square upper tails match the table's 5% points", "[analysis][tune]") {
  // Pearson and Hartley, Biometrika Tables I, table 8: the upper 5% points for 1..5 degrees of freedom.
  const double points[] = {3.841459, 5.991465, 7.814728, 9.487729, 11.070498};
  for (int df = 1; df <= 5; ++df) CHECK(volley::chi_square_upper_tail(points[df - 1], df) == Approx(0.05).epsilon(1e-5));
  CHECK(volley::chi_square_upper_tail(0, 2) == 1);
}

TEST_CASE("Student's t two-sided 95% quantiles match the table", "[analysis][tune]") {
  // Student's t table: 12.706, 4.303, 3.182, 2.776, 2.571, 2.228 (df 1, 2, 3, 4, 5, 10).
  const std::pair<int, double> table[] = {{1, 12.7062}, {2, 4.3027}, {3, 3.1824}, {4, 2.7764}, {5, 2.5706}, {10, 2.2281}};
  for (const auto& [df, t] : table) CHECK(volley::student_t_quantile_two_sided(0.95, df) == Approx(t).epsilon(2e-3));
}

TEST_CASE("A mean on a straight line: the exact root, no widening; the same points bent: widened", "[analysis][tune]") {
  // y = 2 + 0.5 x with variance 0.01 at each x: the root of y = 3 is x = 2. Fieller's interval solves
  // (0.5 (x - 2))^2 = z^2 Var(a + b x) by hand for these four points: Var(a + b x) = 0.01 (1/4 + (x - 1.5)^2 / 5).
  std::vector<volley::FitPoint> points;
  for (int x = 0; x <= 3; ++x) points.push_back({double(x), 2 + 0.5 * x, 0.01, 1000});
  const auto fit = volley::fit_root(points, 3, false, 0.95);
  REQUIRE(fit.ok);
  CHECK(fit.root == Approx(2));
  CHECK_FALSE(fit.widened);
  CHECK(fit.lack_of_fit == Approx(0).margin(1e-18));
  const double z = 1.959964;  // the normal 97.5% point
  auto excess = [&](double x) { return 0.25 * (x - 2) * (x - 2) - z * z * 0.01 * (0.25 + (x - 1.5) * (x - 1.5) / 5); };
  CHECK(excess(fit.low) == Approx(0).margin(1e-7));   // z to six decimals
  CHECK(excess(fit.high) == Approx(0).margin(1e-7));  // z to six decimals
  CHECK(fit.low < 2);
  CHECK(fit.high > 2);

  auto bent = points;
  bent[0].estimate += 0.5;  // five standard errors off the line at one end: chi-square far beyond its 5% point
  bent[3].estimate += 0.5;
  const auto misfit = volley::fit_root(bent, 3, false, 0.95);
  REQUIRE(misfit.ok);
  CHECK(misfit.widened);
  CHECK(misfit.lack_of_fit_p < volley::LackOfFitLevel);
  CHECK(misfit.high - misfit.low > 4 * (fit.high - fit.low));
}
