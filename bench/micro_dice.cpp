// Micro-benchmarks of the random streams and dice pools (Google Benchmark). The `volley bench` suite
// gives the whole-trial figures; these isolate the primitives.
#include "engine/trial_dice.hpp"

#include <benchmark/benchmark.h>

using namespace volley;

static void stream_words(benchmark::State& state) {
  Stream s(1, 0, Purpose::Test, 0, 0);
  for (auto _ : state) benchmark::DoNotOptimize(s.next_u32());
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(stream_words);

static void stream_restart(benchmark::State& state) {
  uint64_t trial = 0;
  for (auto _ : state) {
    Stream s(1, trial++, Purpose::Fire, 3, 7);
    benchmark::DoNotOptimize(s.next_u32());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(stream_restart);

static void bounded_d6(benchmark::State& state) {
  Stream s(1, 0, Purpose::Test, 0, 0);
  for (auto _ : state) benchmark::DoNotOptimize(s.below(6));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(bounded_d6);

template <PoolPath Path>
static void pool_successes(benchmark::State& state) {
  const int dice = static_cast<int>(state.range(0));
  BasicTrialDice<Path> d(1, 0);
  d.restart(Purpose::Test, 0, 0);
  for (auto _ : state) benchmark::DoNotOptimize(d.successes(dice, 6, 20));
  state.SetItemsProcessed(state.iterations() * dice);  // dice per second
}
BENCHMARK_TEMPLATE(pool_successes, PoolPath::Binomial)->Arg(10)->Arg(40)->Arg(120);
BENCHMARK_TEMPLATE(pool_successes, PoolPath::PerDie)->Arg(10)->Arg(40)->Arg(120);

static void d6_face_groups(benchmark::State& state) {
  TrialDice d(1, 0);
  d.restart(Purpose::Test, 0, 0);
  const int sizes[] = {1, 2};
  int out[2];
  for (auto _ : state) {
    d.categories(4, 6, sizes, out);
    benchmark::DoNotOptimize(out);
  }
}
BENCHMARK(d6_face_groups);
