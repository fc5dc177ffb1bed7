#pragma once
// What every step of a kernel's trial works on, in both kernels (the firefight's TrialContext,
// the barrage's BarrageContext): the scenario (read only), the trial's state, the random source and
// the narrator, by the same names (c.sc, c.st, c.dice, c.narr). The steps are function templates
// over the context, so the random source (TrialDice in a run and a replay, a scripted source in a
// rules test) and the narrator (one whose `enabled` is false in a run: its lines are compiled out
// under `if constexpr (Ctx::Narrator::enabled)`) are types, and a replay goes through the very same
// code as a run. A kernel's context adds the queries its rules ask again and again.
namespace volley {

template <class ScenarioT, class StateT, class DiceT, class NarratorT>
struct KernelContext {
  using Scenario = ScenarioT;
  using State = StateT;
  using Dice = DiceT;
  using Narrator = NarratorT;
  const Scenario& sc;
  State& st;
  Dice& dice;
  Narrator& narr;
};

}  // namespace volley
