// The control moments' sums against 128-bit sums counted here, trial by trial, on each path the CPU
// offers (AVX2's four products an instruction, SSE4.1's two); and a difference metric's moments,
// derived rather than tallied, against those of the same metric tallied.
#include "analysis/control_moments.hpp"
#include "engine/rng.hpp"

#include <catch2/catch.hpp>

#include <vector>

using namespace volley;

namespace {
// A value for the 64-bit sums (within +-(2^24 - 1)), zero a third of the time: a control whose event
// did not happen, a metric that adds no row.
int64_t narrow_value(Stream& s) {
  if (s.below(3) == 0) return 0;
  return static_cast<int64_t>(s.below(1u << 25)) - ((int64_t{1} << 24) - 1);
}
}  // namespace

TEST_CASE("Control moments: both vector paths give the 128-bit sums, for rows of every length", "[analysis][controls]") {
  // 11 controls: rows of the cross sums from 11 down to 1 products, so every remainder of the four-
  // and two-product steps; 5 metrics. 3,000 trials, each value within the 64-bit sums' bound.
  constexpr size_t K = 11, M = 5;
  for (const bool avx2 : {true, false}) {
    ControlMoments cm(M, K);
    cm.use_avx2(avx2);
    INFO("AVX2 asked: " << avx2 << ", used: " << cm.uses_avx2());
    Int128 sum[K] = {}, cross[K][K] = {}, metric[M][K] = {};
    Stream s(17, 0, Purpose::Test, 0, 0);
    for (int t = 0; t < 3000; ++t) {
      int64_t y[M], c[K];
      for (auto& v : y) v = narrow_value(s);
      for (auto& v : c) v = narrow_value(s);
      cm.add(y, c);
      for (size_t i = 0; i < K; ++i) {
        sum[i] += c[i];
        for (size_t j = i; j < K; ++j) cross[i][j] += static_cast<Int128>(c[i]) * c[j];
        for (size_t m = 0; m < M; ++m) metric[m][i] += static_cast<Int128>(y[m]) * c[i];
      }
    }
    for (size_t i = 0; i < K; ++i) {
      CHECK(cm.sum(i) == sum[i]);
      for (size_t j = i; j < K; ++j) CHECK(cm.cross(i, j) == cross[i][j]);
      for (size_t m = 0; m < M; ++m) CHECK(cm.with_metric(m, i) == metric[m][i]);
    }
  }
}

TEST_CASE("Control moments: a difference metric's sums, derived, equal the same metric's tallied", "[analysis][controls]") {
  // Metrics a, b, a - b, b - a; the last two declared differences in one tally, plain metrics in the
  // other. Some trials are beyond the 64-bit sums' bound (the 128-bit path).
  const std::vector<MetricDifference> differences{{2, 0, 1}, {3, 1, 0}};
  ControlMoments derived(4, 3, differences), tallied(4, 3);
  Stream s(23, 0, Purpose::Test, 0, 0);
  for (int t = 0; t < 2000; ++t) {
    const int64_t a = narrow_value(s), b = t % 97 == 0 ? (int64_t{1} << 30) : narrow_value(s);
    const int64_t y[4] = {a, b, a - b, b - a};
    int64_t c[3];
    for (auto& v : c) v = narrow_value(s) / 8;
    derived.add(y, c);
    tallied.add(y, c);
  }
  for (size_t m = 0; m < 4; ++m)
    for (size_t i = 0; i < 3; ++i) CHECK(derived.with_metric(m, i) == tallied.with_metric(m, i));
  std::vector<uint64_t> words_derived, words_tallied;
  derived.append_words(words_derived);
  tallied.append_words(words_tallied);
  CHECK(words_derived == words_tallied);

  // The words read back, and merge, the same.
  ControlMoments read(4, 3, differences);
  read.read_words(words_derived);
  CHECK(read == derived);
  read.merge(derived);
  for (size_t i = 0; i < 3; ++i) CHECK(read.with_metric(2, i) == 2 * tallied.with_metric(2, i));

  // Words whose difference row is not its metrics' (a file edited by hand) are refused.
  std::vector<uint64_t> edited = words_derived;
  const size_t first_metric_word = 2 * (3 + 6);      // after the sums and the cross sums
  edited[first_metric_word + 2 * (2 * 3 + 1)] += 1;  // metric 2, control 1, low word
  ControlMoments refused(4, 3, differences);
  CHECK_THROWS_AS(refused.read_words(edited), std::invalid_argument);
  // Tallies that derive different metrics do not merge.
  CHECK_THROWS_AS(tallied.merge(derived), std::invalid_argument);
}

TEST_CASE("Control moments: a difference must name two tallied metrics in range", "[analysis][controls]") {
  const std::vector<MetricDifference> out_of_range{{2, 0, 3}}, chained{{2, 0, 1}, {3, 2, 0}}, twice{{2, 0, 1}, {2, 1, 0}};
  CHECK_THROWS_AS(ControlMoments(3, 2, out_of_range), std::invalid_argument);
  CHECK_THROWS_AS(ControlMoments(4, 2, chained), std::invalid_argument);
  CHECK_THROWS_AS(ControlMoments(3, 2, twice), std::invalid_argument);
}
