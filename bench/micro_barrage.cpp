// Micro-benchmarks of the barrage kernel's steps (Google Benchmark), on the shipped rolling barrage:
// one template coverage test, one fire for effect, one Friendly Logistics Phase. `volley bench`
// gives whole trials; these isolate the steps that docs/performance.md profiles. Each iteration uses
// a new trial's random source (as a run does), and the steps that change the state start from a
// state reset (included in the time: a copy of the start state, as each trial makes).
#include "bench/each_trial.hpp"
#include "engine/barrage/barrage_trial.hpp"
#include "sim/scenario/barrage_reader.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <benchmark/benchmark.h>

#include <vector>

using namespace volley;
using namespace volley::barrage;

namespace {

const BarrageScenario& rolling_barrage() {
  static const BarrageScenario scenario = read_barrage_scenario(open_scenario("rolling-barrage", {}));
  return scenario;
}

int side_named(const BarrageScenario& sc, const char* name) { return sc.sides[0].name == name ? 0 : 1; }

// The three barrages of the British side half way across the table: ongoing, their templates about
// to move to y = 30", over the German line (MG1, the Blind B1, the PaK).
void mid_barrage(const BarrageScenario& sc, BarrageState& st) {
  for (int m : sc.sides[side_named(sc, "british")].missions) {
    st.missions[m].phase = MissionPhase::Ongoing;
    st.missions[m].position = {std::get<RollingBarrage>(sc.missions[m].kind).start.x, 2400};
    for (int b : sc.missions[m].batteries) st.batteries[b].mission = m;
  }
}

}  // namespace

// One coverage test (B-5): a footprint of the scenario (units at their start, Blinds) against a 6" x
// 6" template sweeping the table.
static void template_coverage(benchmark::State& state) {
  const BarrageScenario& sc = rolling_barrage();
  std::vector<Rect> footprints;
  for (const UnitSpec& u : sc.units)
    if (u.blind < 0) footprints.push_back(rect_around(u.placement.position, u.footprint));
  for (const BlindSpec& b : sc.blinds) footprints.push_back(rect_around(b.placement.position, b.footprint));
  size_t i = 0;
  Coord x = 0, y = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(coverage(footprints[i], rect_around({x, y}, sc.ruleset.regular_template)));
    if (++i == footprints.size()) {
      i = 0;
      x = (x + 313) % sc.table.w;
      y = (y + 97) % sc.table.d;
    }
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(template_coverage);

// One fire for effect of RB2 (4 dice), its template on the Blind B1 (two units in it: two attacks,
// arg 1) or on empty ground (no attack, arg 0).
static void fire_for_effect_once(benchmark::State& state) {
  const BarrageScenario& sc = rolling_barrage();
  int mission = -1;
  for (size_t m = 0; m < sc.missions.size(); ++m)
    if (sc.missions[m].name == "RB2") mission = static_cast<int>(m);
  const int battery = sc.missions[static_cast<size_t>(mission)].batteries.front();
  BarrageState st(sc);
  const Rect fire_template = mission_template(sc, st, mission, state.range(0) == 1 ? Point{3300, 2800} : Point{1000, 2400});
  each_on_its_own_trial(state, [&](TrialDice& dice) {
    NullNarrator silent;
    BarrageContext<TrialDice> ctx{sc, st, dice, silent};
    st.reset(sc);
    fire_for_effect(ctx, mission, sc.batteries[static_cast<size_t>(battery)].fire_dice, battery, fire_template, 3);
    benchmark::DoNotOptimize(st.sides[1].units_hit);
  });
}
BENCHMARK(fire_for_effect_once)->Arg(1)->Arg(0);

// One British Friendly Logistics Phase (B-3) in the middle of the barrage: three rolling barrages
// move and fire over the German line, then check their supply.
static void logistics_phase_once(benchmark::State& state) {
  const BarrageScenario& sc = rolling_barrage();
  const int british = side_named(sc, "british");
  BarrageState st(sc);
  each_on_its_own_trial(state, [&](TrialDice& dice) {
    NullNarrator silent;
    BarrageContext<TrialDice> ctx{sc, st, dice, silent};
    st.reset(sc);
    mid_barrage(sc, st);
    friendly_logistics_phase(ctx, british, 3);
    benchmark::DoNotOptimize(st.sides[1 - british].units_hit);
  });
}
BENCHMARK(logistics_phase_once);

// The reset each of the two above includes, alone.
static void state_reset(benchmark::State& state) {
  const BarrageScenario& sc = rolling_barrage();
  BarrageState st(sc);
  for (auto _ : state) {
    st.reset(sc);
    benchmark::DoNotOptimize(st.units.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(state_reset);

// One whole trial (B-7: setup and every turn), for comparison with the steps above (the tally that a
// run adds is not included).
static void whole_trial(benchmark::State& state) {
  const BarrageScenario& sc = rolling_barrage();
  BarrageState st(sc);
  each_on_its_own_trial(state, [&](TrialDice& dice) {
    NullNarrator silent;
    BarrageContext<TrialDice> ctx{sc, st, dice, silent};
    play_trial(ctx);
    benchmark::DoNotOptimize(st.sides[0].staff_spent);
  });
}
BENCHMARK(whole_trial);
