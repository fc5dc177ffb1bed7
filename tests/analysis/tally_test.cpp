// Integer tallies: exact moments, histograms, and a merge that is associative and commutative.
#include "analysis/estimate.hpp"
#include "analysis/paired_difference.hpp"
#include "analysis/quantile_interval.hpp"
#include "analysis/tally.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace volley;

namespace {
std::shared_ptr<const Schema> two_metrics() {
  auto s = std::make_shared<Schema>();
  s->add({"win", MetricKind::Probability, 0, 1, "", true});
  s->add({"casualties", MetricKind::Count, -2, 5, "", false});
  return s;
}
Tally tally_of(const std::shared_ptr<const Schema>& schema, std::initializer_list<std::pair<int64_t, int64_t>> trials) {
  Tally t(schema);
  for (auto [a, b] : trials) {
    const int64_t obs[2] = {a, b};
    t.add(obs);
  }
  return t;
}
}  // namespace

TEST_CASE("A tally keeps exact histograms and moments, out-of-range values in under/overflow", "[analysis][tally]") {
  const auto schema = two_metrics();
  const Tally t = tally_of(schema, {{1, 3}, {0, -3}, {1, 9}, {1, 3}});
  CHECK(t.trials() == 4);
  CHECK(t.sum(0) == 3);
  CHECK(t.sum(1) == 12);
  CHECK(t.sum_squares(1) == static_cast<UInt128>(9 + 9 + 81 + 9));
  CHECK(t.count(1, 3) == 2);
  CHECK(t.underflow(1) == 1);
  CHECK(t.overflow(1) == 1);
  CHECK(t.histogram(1).size() == 8);
}

TEST_CASE("Tally merge is associative and commutative, bit for bit", "[analysis][tally]") {
  const auto schema = two_metrics();
  const Tally a = tally_of(schema, {{1, 2}, {0, 5}});
  const Tally b = tally_of(schema, {{0, -1}});
  const Tally c = tally_of(schema, {{1, 4}, {1, 4}, {0, 100}});
  Tally ab_c = a;
  ab_c.merge(b);
  ab_c.merge(c);
  Tally bc = b;
  bc.merge(c);
  Tally a_bc = a;
  a_bc.merge(bc);
  Tally cba = c;
  cba.merge(b);
  cba.merge(a);
  CHECK(ab_c == a_bc);
  CHECK(ab_c == cba);
  CHECK(ab_c.signature() == cba.signature());
  const Tally all = tally_of(schema, {{1, 2}, {0, 5}, {0, -1}, {1, 4}, {1, 4}, {0, 100}});
  CHECK(all == ab_c);
}

TEST_CASE("Tallies round-trip through their integer words, negative sums included", "[analysis][tally]") {
  const auto schema = two_metrics();
  const Tally a = tally_of(schema, {{1, -2}, {0, -2}, {1, -1}});
  Tally b(schema);
  b.from_words(a.trials(), a.to_words());
  CHECK(a == b);
  CHECK(b.sum(1) == -5);
  CHECK_THROWS(b.from_words(1, std::vector<uint64_t>(3, 0)));
}

TEST_CASE("A tally's moments count the values outside its range, through merges and words", "[analysis][tally]") {
  const auto schema = two_metrics();
  Tally a = tally_of(schema, {{1, -7}, {0, 4}, {1, 12}});
  a.merge(tally_of(schema, {{0, -3}, {1, 5}}));
  CHECK(a.sum(1) == -7 + 4 + 12 - 3 + 5);
  CHECK(a.sum_squares(1) == static_cast<UInt128>(49 + 16 + 144 + 9 + 25));
  Tally b(schema);
  b.from_words(a.trials(), a.to_words());
  CHECK(a == b);
  CHECK(b.to_words() == a.to_words());
  CHECK(b.sum(1) == 11);
}

TEST_CASE("Wilson intervals match published values", "[analysis][estimate]") {
  // Brown, Cai & DasGupta (2001) and Newcombe (1998), example 81/263 at 95%: [0.2553, 0.3662].
  const auto w = wilson_interval(81, 263, 0.95);
  CHECK(w.estimate == Approx(81.0 / 263));
  CHECK(w.low == Approx(0.2553).margin(5e-5));
  CHECK(w.high == Approx(0.3662).margin(5e-5));
  // Newcombe's 0/10: [0, 0.2775].
  const auto z = wilson_interval(0, 10, 0.95);
  CHECK(z.low == 0.0);
  CHECK(z.high == Approx(0.2775).margin(5e-5));
  CHECK(normal_quantile_two_sided(0.95) == Approx(1.959963985).margin(1e-8));
  CHECK(normal_quantile_two_sided(0.99) == Approx(2.575829304).margin(1e-8));
}

TEST_CASE("The normal quantile is right for every accepted level, low levels included", "[analysis][estimate]") {
  // Phi^-1((1 + level) / 2), from R's qnorm: --level accepts (0.5, 1), and from the old start z = 2
  // Newton ran off to NaN for levels below about 0.62 (every interval then [0, 1] or NaN).
  CHECK(normal_quantile_two_sided(0.51) == Approx(0.6903088239).margin(1e-8));
  CHECK(normal_quantile_two_sided(0.6) == Approx(0.8416212336).margin(1e-8));
  CHECK(normal_quantile_two_sided(0.7) == Approx(1.0364333895).margin(1e-8));
  CHECK(normal_quantile_two_sided(0.8) == Approx(1.2815515655).margin(1e-8));
  CHECK(normal_quantile_two_sided(0.999) == Approx(3.2905267315).margin(1e-8));
  const auto w = wilson_interval(30, 100, 0.6);
  CHECK(w.low == Approx(0.262949).margin(1e-6));
  CHECK(w.high == Approx(0.339864).margin(1e-6));
}

TEST_CASE("Mean intervals come from the exact integer moments", "[analysis][estimate]") {
  auto s = std::make_shared<Schema>();
  s->add({"x", MetricKind::Count, 0, 10, "", false});
  Tally t(s);
  for (int64_t v : {2, 4, 4, 4, 5, 5, 7, 9}) t.add(&v);
  // mean 5, sample variance 32/7
  const auto m = estimate_metric(t, 0, 0.95);
  CHECK(m.estimate == Approx(5.0));
  CHECK(sample_variance(t.trials(), t.sum(0), t.sum_squares(0)) == Approx(32.0 / 7));
  CHECK(m.half_width() == Approx(1.959963985 * std::sqrt(32.0 / 7 / 8)));
  CHECK(histogram_quantile(t, 0, 0.5) == 4);
  CHECK(histogram_quantile(t, 0, 1.0) == 9);
  CHECK(histogram_quantile(t, 0, 0.0) == 2);
}

TEST_CASE("A count's interval is cut to the metric's range; --precision reads the uncut half-width", "[analysis][estimate]") {
  auto s = std::make_shared<Schema>();
  s->add({"rare", MetricKind::Count, 0, 10, "", false});
  s->add({"wide", MetricKind::Count, -5, 10, "", false});
  Tally t(s);
  // One 1 in 1000 trials: mean 0.001, sample sd ~ 0.0316, half-width 1.96 * 0.0316 / sqrt(1000)
  // ~ 0.00196, so the normal interval reaches below 0, where no mean of a count can lie.
  for (int i = 0; i < 1000; ++i) {
    const int64_t obs[2] = {i == 0 ? 1 : 0, i == 0 ? 1 : 0};
    t.add(obs);
  }
  const Interval whole = mean_interval(t.trials(), t.sum(0), t.sum_squares(0), 0.95);
  REQUIRE(whole.low < 0);
  const Interval cut = estimate_metric(t, 0, 0.95);
  CHECK(cut.estimate == Approx(0.001));
  CHECK(cut.low == 0.0);
  CHECK(cut.high == Approx(whole.high));
  CHECK(precision_half_width(t, 0, 0.95) == Approx(whole.half_width()));
  // A range that holds the whole interval leaves it as it is.
  const Interval wide = estimate_metric(t, 1, 0.95);
  CHECK(wide.low == Approx(whole.low));
  // A value outside the range (underflow) means the range is not a bound: no cut.
  const int64_t outside[2] = {-1, 0};
  t.add(outside);
  CHECK(estimate_metric(t, 0, 0.95).low < 0);
}

TEST_CASE("A count that took one value in every trial gets a range bound, not a zero-width interval", "[analysis][estimate]") {
  auto s = std::make_shared<Schema>();
  s->add({"rare", MetricKind::Count, 0, 10, "", false});
  const double z2 = 1.959963985 * 1.959963985;
  // 4096 trials (one block), all 0: s = 0, but the mean need not be 0. P(X != 0) <= z^2 / (n + z^2)
  // (Wilson's upper limit for 0 of n), so the mean is at most 10 times that.
  Tally t(s);
  for (int i = 0; i < 4096; ++i) {
    const int64_t zero = 0;
    t.add(&zero);
  }
  const Interval e = estimate_metric(t, 0, 0.95);
  CHECK(e.estimate == 0.0);
  CHECK(e.low == 0.0);
  CHECK(e.high == Approx(10 * z2 / (4096 + z2)));
  // --precision 0.001 is not met after one block of zeros (it was: half-width 0).
  CHECK(precision_half_width(t, 0, 0.95) > 0.001);
  // One trial: the interval is nearly the whole range, not the point observed.
  Tally one(s);
  const int64_t three = 3;
  one.add(&three);
  const Interval o = estimate_metric(one, 0, 0.95);
  CHECK(o.estimate == 3.0);
  CHECK(o.low == Approx(3 - 3 * z2 / (1 + z2)));
  CHECK(o.high == Approx(3 + 7 * z2 / (1 + z2)));
  // A value outside the range means the range is no bound: no bound at all.
  Tally out(s);
  const int64_t eleven = 11;
  out.add(&eleven);
  out.add(&eleven);
  CHECK(std::isinf(estimate_metric(out, 0, 0.95).high));
}

TEST_CASE("Paired differences: the variance reduction, infinite when only the difference never varies, undefined when nothing varies",
          "[analysis][estimate]") {
  auto s = std::make_shared<Schema>();
  for (const char* name : {"base", "variant", "difference", "zero_base", "zero_variant", "zero_difference"})
    s->add({name, MetricKind::Count, -10, 10, "", false});
  Tally t(s);
  // base and variant move together (common random numbers): the difference is always 1.
  for (int64_t x : {1, 2, 3, 4, 5, 6}) {
    const int64_t obs[6] = {x, x + 1, 1, 0, 0, 0};
    t.add(obs);
  }
  const auto together = paired_difference(t, 0, 1, 2, 0.95);
  CHECK(together.paired.estimate == Approx(1.0));
  // d never varied in 6 trials: that bounds P(d != 1) by Wilson's z^2 / (6 + z^2), not by 0.
  const double share = 1.959963985 * 1.959963985 / (6 + 1.959963985 * 1.959963985);
  CHECK(together.paired.low == Approx(1 - share * 11));
  CHECK(together.paired.high == Approx(1 + share * 9));
  CHECK(std::isinf(together.variance_reduction));
  const auto nothing = paired_difference(t, 3, 4, 5, 0.95);
  CHECK(std::isnan(nothing.variance_reduction));
  // Independent-looking pairs: var(base) + var(variant) over var(difference), from the exact moments.
  Tally u(s);
  for (auto [a, b] : std::initializer_list<std::pair<int64_t, int64_t>>{{1, 2}, {3, 1}, {2, 2}, {5, 3}}) {
    const int64_t obs[6] = {a, b, b - a, 0, 0, 0};
    u.add(obs);
  }
  const double var_a = sample_variance(4, u.sum(0), u.sum_squares(0)), var_b = sample_variance(4, u.sum(1), u.sum_squares(1));
  const double var_d = sample_variance(4, u.sum(2), u.sum_squares(2));
  CHECK(paired_difference(u, 0, 1, 2, 0.95).variance_reduction == Approx((var_a + var_b) / var_d));
}
