#pragma once
// The loop the micro-benchmarks share: each iteration runs the step on a new trial's dice (trials 0,
// 1, 2, ... of the bench seed), as a run gives each trial its own random numbers, so that the timed
// step meets the spread of dice a run does, not one roll repeated.
#include "engine/trial_dice.hpp"
#include "sim/run/bench_suite.hpp"

#include <benchmark/benchmark.h>

#include <cstdint>

namespace volley {

// step(TrialDice&) once per iteration; the iterations are counted as items.
template <class Step>
void each_on_its_own_trial(benchmark::State& state, Step step) {
  uint64_t trial = 0;
  for (auto _ : state) {
    TrialDice dice(BenchSeed, trial++);
    step(dice);
  }
  state.SetItemsProcessed(state.iterations());
}

}  // namespace volley
