#pragma once
// `volley balance`'s study: the settings of several free keys that bring several goals within reach at
// once, by the racing procedure of analysis/goal_race.hpp over the grid of sim/study/balance_grid.hpp,
// every candidate on the same trials with the same seed (common random numbers); continuous keys are then
// refined in stages (sim/study/balance_refinement.hpp), each stage a race of its own at the level that
// guards every setting of the lattice fixed in advance. Its result document is
// volley-balance (docs/json-format.md); its guarantee is in docs/methods.md, "Balancing a scenario".
#include "analysis/balance_goal.hpp"
#include "analysis/goal_race.hpp"
#include "sim/run/run_settings.hpp"
#include "sim/scenario/scenario_model.hpp"
#include "sim/study/balance_grid.hpp"
#include "sim/study/study_control.hpp"

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace volley {

struct BalanceSettings {
  RunSettings run;                // seed, threads, --level (the race's joint level), --set, outputs
  std::vector<std::string> free;  // --free texts
  std::vector<BalanceGoal> goals;
  double tolerance = 0.01;      // a probability's; a mean's is relative (check_balance_goals)
  uint64_t max_trials = 65536;  // the most trials one candidate plays (run.trials_option, where given)
  uint64_t first_look = 1024;   // the trials of the first look; each later look doubles them
  double seconds = 0;           // the race's time budget (0: none), checked between looks
  // --policies best: every setting's sides play the policies `volley best` finds for them there (each
  // side's search against the other's file policy), within this budget per search.
  bool best_policies = false;
  uint64_t policy_trials = 16384;  // the most trials one policy plays in one race of a search
  int policy_steps = 4;            // a local search's most races
  int refinements = 4;             // continuous keys: the bisection stages after the coarse race
};

inline constexpr uint32_t BalanceBlockSize = 256;

struct BalanceCandidate {
  uint64_t index = 0;  // in the candidates: the coarse grid's first, then each refinement's
  int stage = 0;       // 0: the coarse grid; s: the s-th refinement of the continuous keys
  LatticePoint point;
  std::vector<std::string> assignments;
  SettingChange change;
  uint64_t trials = 0;
  GoalVerdict verdict = GoalVerdict::Open;
  int decided_look = 0;
  size_t dropped_by = 0;
  std::vector<Interval> goals;        // each goal's interval at the race's interval level, after its last look
  std::vector<std::string> policies;  // --policies best: both sides' searched policies, "KEY=VALUE"
  std::string policy_changes;         // --policies best: where they differ from the file's ("" none)
  uint64_t policy_trials = 0;         // --policies best: the trials its searches played
  bool policies_searched = false;     // --policies best: false when the time budget ended first
};

// One stage of the search: the coarse grid's race (stage 0), or a refinement's.
struct BalanceStage {
  int stage = 0;
  std::vector<double> spacing;  // each continuous key's spacing of the points it adds
  size_t candidates = 0, holds = 0, dropped = 0, open = 0;
  int looks_done = 0;
  uint64_t trials = 0;
};

struct BalanceResult {
  std::string title;
  uint64_t seed = 0;
  double level = 0.95, interval_level = 0.95;
  BalanceGrid grid;
  std::vector<BalanceGoal> goals;
  std::vector<uint64_t> looks;  // planned, in every stage
  int looks_done = 0;           // in all stages
  uint64_t lattice = 0;         // every setting the search can play, which the interval level guards
  std::vector<BalanceStage> stages;
  bool refinement_capped = false;  // a refinement would have passed MaxBalanceCandidates settings
  std::vector<BalanceCandidate> candidates;
  // "holds": `answer` holds the candidates that hold every goal; "undecided": none does yet, `answer`
  // holds those the budget left open; "conflict": every candidate misses some goal, `answer` is the
  // Pareto front over the goals' distances. In every case ordered by how little they change the scenario.
  std::string ending;
  std::vector<size_t> answer;
  uint64_t trials = 0;       // every candidate's
  uint64_t grid_trials = 0;  // the whole lattice at the same precision: every setting at the most any played
  // --policies best: the searches' budget, and what they played (all settings, both sides).
  bool best_policies = false;
  uint64_t policy_budget = 0;
  int policy_steps = 0;
  uint64_t policy_trials = 0;
  double policy_seconds = 0;
  double seconds = 0;
  bool partial = false;       // interrupted: the looks completed
  bool budget_ended = false;  // --trials or --seconds ended the race with candidates open
};

struct BalanceStudy {
  BalanceResult result;
  nlohmann::json document;  // volley-balance
};

// A balance study checked and loaded, every candidate's scenario among it, before any trial: `volley
// serve` checks a request this way before it answers, then plays it while it streams.
class BalanceRace {
 public:
  // Refuses bad input as balance_study does.
  BalanceRace(BalanceSettings settings, const ScenarioOpener& open);
  // Plays the race (control: as balance_study's).
  BalanceStudy play(const StudyControl& control) const;

 private:
  // --policies best: each candidate's sides' searched policies written into its scenario, and its job.
  // False when interrupted.
  bool search_policies(BalanceResult& result, std::vector<std::unique_ptr<ScenarioModel>>& models,
                       std::vector<std::unique_ptr<TrialJob>>& jobs, const std::atomic<bool>* stop, const StudyControl& control,
                       const std::function<bool()>& out_of_time) const;
  // The same for candidate c alone, in its scenario `doc` (a refinement's setting).
  bool search_policies(BalanceResult& result, size_t c, ScenarioDocument doc, std::vector<std::unique_ptr<ScenarioModel>>& models,
                       std::vector<std::unique_ptr<TrialJob>>& jobs, const std::atomic<bool>* stop, const StudyControl& control,
                       const std::function<bool()>& out_of_time) const;

  BalanceSettings settings_;
  std::optional<ScenarioDocument> base_;     // the scenario after --set, which refined settings start from
  BalanceResult prepared_;                   // the grid, goals and looks, no trial yet
  std::vector<ScenarioDocument> documents_;  // --policies best: each candidate's scenario
  std::vector<std::string> sides_;           // --policies best: the sides whose policies are searched
  std::vector<std::unique_ptr<ScenarioModel>> models_;
  std::vector<std::unique_ptr<TrialJob>> jobs_;
};

// Every bad input is refused before any trial (std::invalid_argument or ScenarioErrors): no goal, a
// tolerance not positive, a negative budget, a --precision; free keys, ranges and values
// (balance_grid), goals (check_balance_goals), every candidate's scenario, outputs.
// Progress: "start" (candidates, goals, looks, interval_level, seed, lattice, refinements), then "look"
// after each look (stage, look, trials, open, holds, dropped, and `result`: the volley-balance document
// so far).
// Interrupted: the looks completed, marked partial.
BalanceStudy balance_study(BalanceSettings settings, const ScenarioOpener& open, const StudyControl& control);

// The result as `volley balance --json` writes it (docs/json-format.md, "volley-balance").
nlohmann::json balance_result_json(const BalanceResult& result);

}  // namespace volley
