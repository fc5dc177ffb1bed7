#pragma once
// Every kernel's trial job has one shape: a scenario shared read-only by all workers, a schema and
// the master seed; each worker owns the kernel's scratch state, sized from the scenario once (so a
// trial allocates nothing), and plays trial `t` on the random stream of (seed, t), which makes it
// the same whichever worker plays it.
//
// `PlayTrial` is the kernel's trial, a function
//   void (const Scenario&, State&, Dice&, int64_t* obs)  // one value per metric into obs
// with State constructible from `const Scenario&` and Dice from (seed, trial). As a template
// argument it is called directly, so the trial is inlined into the worker's play().
#include "engine/metrics.hpp"
#include "sim/scenario/trial_job.hpp"

#include <cstdint>
#include <memory>

namespace volley {

template <class PlayTrialPointer>
struct KernelTypes;

template <class ScenarioType, class StateType, class DiceType>
struct KernelTypes<void (*)(const ScenarioType&, StateType&, DiceType&, int64_t*)> {
  using Scenario = ScenarioType;
  using State = StateType;
  using Dice = DiceType;
};

template <auto PlayTrial>
class KernelJob : public TrialJob {
 public:
  using Scenario = typename KernelTypes<decltype(PlayTrial)>::Scenario;

  KernelJob(std::shared_ptr<const Scenario> scenario, std::shared_ptr<const Schema> schema, uint64_t seed)
      : scenario_(std::move(scenario)), schema_(std::move(schema)), seed_(seed) {}

  const std::shared_ptr<const Schema>& schema() const override { return schema_; }
  std::unique_ptr<TrialWorker> make_worker() const override { return std::make_unique<Worker>(scenario_, seed_); }

 private:
  class Worker final : public TrialWorker {
   public:
    Worker(std::shared_ptr<const Scenario> scenario, uint64_t seed) : scenario_(std::move(scenario)), seed_(seed), state_(*scenario_) {}
    void play(uint64_t trial, int64_t* obs) override {
      typename KernelTypes<decltype(PlayTrial)>::Dice dice(seed_, trial);
      PlayTrial(*scenario_, state_, dice, obs);
      draws_ = dice.words();
    }
    uint64_t last_draws() const override { return draws_; }

   private:
    std::shared_ptr<const Scenario> scenario_;
    uint64_t seed_;
    typename KernelTypes<decltype(PlayTrial)>::State state_;
    uint64_t draws_ = 0;
  };

  std::shared_ptr<const Scenario> scenario_;
  std::shared_ptr<const Schema> schema_;
  uint64_t seed_;
};

}  // namespace volley
