// Micro-benchmarks of the firefight kernel (Google Benchmark): one volley (the fire resolution of
// one unit: its target, fire pool, casualties), one fire phase of the default scenario, and whole
// trials. `volley bench` gives the suite's figures; these isolate the steps (docs/performance.md).
#include "bench/each_trial.hpp"
#include "engine/firefight/firefight_metrics.hpp"
#include "engine/firefight/firefight_trial.hpp"
#include "sim/scenario/firefight_reader.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <benchmark/benchmark.h>

#include <vector>

using namespace volley;
using namespace volley::firefight;

namespace {

FirefightScenario shipped(const std::string& name, std::vector<std::string> sets = {}) {
  return read_firefight_scenario(open_scenario(name, sets));
}

using Ctx = TrialContext<TrialDice, NullNarrator>;

// The default scenario's ruleset with one Herero unit of 8 figures 10" from a German unit of 10,
// in the open: every volley has its target and rolls 8 dice.
FirefightScenario one_on_one() {
  FirefightScenario sc = shipped("herero-ambush");
  sc.terrain.clear();
  for (auto& side : sc.sides) {
    side.units.resize(1);
    side.decoys.clear();
    side.units[0].placement = Placement{};
    side.units[0].hidden = false;
    side.units[0].target_class = 1;
  }
  sc.sides[0].units[0].placement.position = {10 * CoordPerInch, 10 * CoordPerInch};
  sc.sides[1].units[0].placement.position = {10 * CoordPerInch, 20 * CoordPerInch};
  sc.finalize();
  return sc;
}

// Trial `trial` set up (F-1) and at the start of turn 1 (F-2), then `steps` on its context: the
// position a benchmark of one phase starts from.
template <class Steps>
void at_turn_one(const FirefightScenario& sc, FirefightState& st, uint64_t trial, Steps steps) {
  TrialDice dice(BenchSeed, trial);
  NullNarrator narr;
  Ctx c{sc, st, dice, narr};
  setup_trial(c);
  begin_turn(c, 1);
  steps(c);
}

}  // namespace

// One volley (F-4): the unit's target, its fire pool on its Fire stream, the casualties. A new
// trial index each time, so the dice differ; the target's figures are restored each time.
static void firefight_volley(benchmark::State& state) {
  const FirefightScenario sc = one_on_one();
  FirefightState st(sc);
  at_turn_one(sc, st, 0, [](Ctx& c) { build_candidates(c); });
  NullNarrator narr;
  each_on_its_own_trial(state, [&](TrialDice& dice) {
    Ctx c{sc, st, dice, narr};
    fire_unit(c, 0, false);
    st.units[0].fired = false;
    st.units[1].figures = 10;
    st.units[1].gone = false;
    benchmark::DoNotOptimize(st.tally[0].hits);
  });
}
BENCHMARK(firefight_volley);

namespace {

// The state of a herero-ambush trial after its turn-1 movement phase (and the spotting after it),
// right before its fire phase.
struct BeforeFire {
  FirefightScenario sc;
  FirefightState snapshot;
  explicit BeforeFire(const std::string& policy) : sc(shipped("herero-ambush", {"herero.policy=" + policy})), snapshot(sc) {
    at_turn_one(sc, snapshot, 3, [](Ctx& c) {
      movement_phase(c);
      refresh_geometry(c, false);
      reconceal(c);
      spot(c, false);
      update_cover(c, false);
    });
  }
};

}  // namespace

// Restoring the snapshot alone (the baseline to subtract from firefight_fire_phase).
static void firefight_restore_only(benchmark::State& state) {
  const BeforeFire before("never");
  FirefightState st(before.sc);
  for (auto _ : state) {
    st = before.snapshot;  // same sizes: the vectors keep their storage
    benchmark::DoNotOptimize(st.units.data());
  }
}
BENCHMARK(firefight_restore_only);

// One fire phase of herero-ambush, turn 1 (about 9 volleys and the prone tests they cause), from the
// same positions with new dice each time: policy never (normal fire) and always (schnellfeuer).
static void firefight_fire_phase(benchmark::State& state) {
  const BeforeFire before(state.range(0) == 0 ? "never" : "always");
  FirefightState st(before.sc);
  NullNarrator narr;
  each_on_its_own_trial(state, [&](TrialDice& dice) {
    st = before.snapshot;
    Ctx c{before.sc, st, dice, narr};
    fire_phase(c);
    benchmark::DoNotOptimize(st.tally[0].hits);
  });
}
BENCHMARK(firefight_fire_phase)->ArgName("always")->Arg(0)->Arg(1);

// Whole trials, as the bench suite plays them (play_trial and the observations).
static void firefight_trial(benchmark::State& state) {
  const char* names[] = {"herero-ambush", "herero-ambush", "osona"};
  const char* policies[] = {"never", "always", "always"};
  const FirefightScenario sc = shipped(names[state.range(0)], {std::string("herero.policy=") + policies[state.range(0)]});
  FirefightState st(sc);
  std::vector<int64_t> obs(make_schema(sc).size());
  NullNarrator narr;
  each_on_its_own_trial(state, [&](TrialDice& dice) {
    play_trial(sc, st, dice, narr);
    observe(sc, st, obs.data());
    benchmark::DoNotOptimize(obs.data());
  });
}
BENCHMARK(firefight_trial)->ArgName("scenario")->Arg(0)->Arg(1)->Arg(2);  // 0, 1: herero-ambush never, always; 2: osona
