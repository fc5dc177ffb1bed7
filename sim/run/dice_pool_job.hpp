#pragma once
// A trial job that rolls one dice pool per trial: the `volley dice` command, the bench's dice figures
// and the driver's own tests use it, since its exact answer is known (exact_dice.hpp).
#include "engine/dice_pool.hpp"
#include "sim/run/dice_roll_kernel.hpp"

namespace volley {

// Each trial rolls the pool `pools_per_trial` times and reports the total hits; the bench rolls many
// pools per trial so that the figure measures the dice, not the driver.
struct PoolRoll {
  PoolSpec pool;
  int pools_per_trial = 1;

  template <PoolPath Path>
  void roll(BasicTrialDice<Path>& dice, int64_t* obs) const {
    // The pool is counted from its hitting end, which has the same law for <= and >= rules.
    int64_t hits = 0;
    for (int i = 0; i < pools_per_trial; ++i) hits += dice.successes(pool.dice, pool.success_faces(), pool.faces);
    obs[0] = hits;
  }
};

template <PoolPath Path>
class DicePoolJob final : public KernelJob<play_dice_roll<Path, PoolRoll>> {
 public:
  DicePoolJob(PoolSpec pool, uint64_t seed, int pools_per_trial = 1)
      : KernelJob<play_dice_roll<Path, PoolRoll>>(std::make_shared<const PoolRoll>(PoolRoll{pool, pools_per_trial}),
                                                  hits_schema(pool, pools_per_trial), seed) {}

 private:
  static std::shared_ptr<const Schema> hits_schema(const PoolSpec& pool, int pools_per_trial) {
    auto schema = std::make_shared<Schema>();
    schema->add({"hits", MetricKind::Count, 0, int64_t{pool.dice} * pools_per_trial, "dice that hit", true});
    return schema;
  }
};

}  // namespace volley
