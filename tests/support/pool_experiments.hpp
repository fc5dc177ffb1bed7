#pragma once
// Repeated experiments on a dice pool's hits, for the calibration tests of an interval: experiment e
// is the trials [e·n, (e+1)·n) of one Philox stream, so the experiments are the same whatever the
// thread count, and `covers(tally)` says whether that experiment's interval holds the true value.
#include "analysis/tally.hpp"
#include "sim/run/dice_pool_job.hpp"

#include <cstdint>
#include <vector>

namespace volley::testing {

// A pool of `dice` dice of `faces` faces, each hitting on 1 to `target`.
inline PoolSpec pool_of(int dice, int faces, int target) {
  PoolSpec pool;
  pool.dice = dice;
  pool.faces = faces;
  pool.target = target;
  return pool;
}

// The share of `experiments` experiments of `trials` trials whose tally `covers` accepts.
template <class Covers>
double pool_coverage(const PoolSpec& pool, uint64_t seed, int experiments, uint64_t trials, Covers&& covers) {
  const DicePoolJob<PoolPath::Binomial> job(pool, seed);
  auto worker = job.make_worker();
  std::vector<int64_t> obs(1);
  int covered = 0;
  for (int e = 0; e < experiments; ++e) {
    Tally tally(job.schema());
    for (uint64_t t = 0; t < trials; ++t) {
      worker->play(static_cast<uint64_t>(e) * trials + t, obs.data());
      tally.add(obs.data());
    }
    covered += covers(tally) ? 1 : 0;
  }
  return static_cast<double>(covered) / experiments;
}

}  // namespace volley::testing
