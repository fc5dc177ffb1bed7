#pragma once
// The search behind `volley best` (docs/methods.md, "Best play"): the policy of one side that
// maximises (or minimises) a target, every other key as the scenario says. A space small enough is
// raced whole by Kim and Nelson's procedure (analysis/sequential_selection.hpp) on common random
// numbers; a larger one is searched locally: a race of the incumbent against its one-step deviations,
// the incumbent replaced only when the race eliminates it significantly, from the scenario's own
// policy until no deviation beats it. A last paired run sets the best against the file's policy.
// The command prints; this finds, from typed settings and a scenario document, so that tests and
// `volley serve` call it without a process.
#include "analysis/estimate.hpp"
#include "analysis/target.hpp"
#include "sim/run/policy_space.hpp"
#include "sim/scenario/scenario_document.hpp"

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace volley {

struct BestSettings {
  std::string side;
  TargetSpec target;  // empty metric: SIDE.win
  bool minimise = false;
  double delta = 0.01;       // the indifference zone, in the target's units
  double level = 0.95;       // 1 - alpha
  uint64_t trials = 100000;  // the most trials one candidate plays in one race
  double seconds = 0;        // the search's time budget (0: none), checked between rounds
  uint64_t seed = 1;
  int threads = 0;
  std::vector<std::string> spaces, fixes;  // --space, --fix
  uint64_t enumerate_limit = 64;           // a larger space is searched locally
  int max_steps = 12;                      // local search: the most races from one start
  int starts = 1;                          // local search: the file's policy, then starts - 1 drawn from the seed
  uint64_t confirm_trials = 20000;         // the last paired run of the best against the file's policy
  uint64_t stop_after_blocks = 0;          // test hook: behave as if interrupted after this many blocks
};

inline constexpr uint32_t RaceBlockSize = 1024;
inline constexpr uint64_t RaceFirstStage = 4096;   // n0: four blocks
inline constexpr uint64_t RaceStageTrials = 2048;  // each later round: two blocks

struct RaceCandidate {
  PolicyChoice choice;
  std::string label;  // the keys where it differs from the race's first candidate ("" for it)
  uint64_t trials = 0;
  Interval target;
  Interval versus_best;            // target - the race winner's target, paired (first-stage variance)
  int eliminated_round = 0;        // 0: in the race at its end
  bool in_zone = false;            // eliminated only within the indifference zone
  bool indistinguishable = false;  // not significantly worse than the winner
};

struct RaceRecord {
  std::vector<RaceCandidate> candidates;  // the first is the incumbent (local search) or the file's policy
  size_t winner = 0;
  int rounds = 0;
  uint64_t trials = 0;            // every candidate's trials added up
  uint64_t equal_allocation = 0;  // what playing every candidate to the widest triangle's end would cost
  bool finished = false;          // ended by the procedure (not the budget)
  bool complete = true;           // false: interrupted; the record holds the rounds completed
};

struct BestResult {
  PolicySpace space;
  bool local = false;        // searched by one-step deviations (the space too large to race whole)
  int starts = 1;            // local search: its starting policies, the file's first
  std::string side, target;  // the target's name
  bool minimise = false;
  bool probability = true;
  std::vector<RaceRecord> races;
  PolicyChoice best, file;
  Interval best_target, file_target, difference;  // difference: best - file, paired
  uint64_t confirm_trials = 0;
  bool partial = false;       // interrupted
  bool budget_ended = false;  // --trials or --seconds ended a race before the procedure did
  std::string ending;         // how the local search ended
  double seconds = 0;
  uint64_t seed = 0;
  double level = 0.95, delta = 0;
};

// Progress between rounds: the race (1, 2, ...), its round, the candidates left of those that started.
struct BestProgress {
  int race = 0, round = 0;
  size_t left = 0, started = 0;
  uint64_t trials = 0;                 // each survivor's so far
  const RaceRecord* record = nullptr;  // the race after this round: its candidates' estimates, those eliminated
};

// Throws std::invalid_argument (a bad side, key, value or target: exit 2, nothing played).
// `stop` (null: never) ends the search at the next block: the result is then partial.
BestResult best_search(const BestSettings& settings, const ScenarioDocument& doc, const std::atomic<bool>* stop,
                       const std::function<void(const BestProgress&)>& progress);

// `--respond`: alternating best responses, side S first, then the other side against S's best, and
// so on, each step a best_search with every earlier step's best written into the scenario (the other
// side searches its whole default space). It ends at a pure equilibrium within the spaces (a step
// after the first leaves its side's policy as it was, or within delta of it: each side's policy is
// then a best response to the other's), at a cycle (a joint policy seen before), or after `max_steps`.
struct ResponseResult {
  std::vector<BestResult> steps;  // steps[i].side alternates
  std::string ending;             // "equilibrium", "cycle", "step limit", "interrupted"
  bool partial = false;
  std::vector<bool> changed;  // per step: its side's policy changed (else the step kept it)
  // A cycle: the distinct bests of side S (rows) and of the other side (columns) in the steps, and S's
  // target in each game, every cell on the same matrix_trials trials.
  std::vector<std::vector<std::string>> mine, theirs;
  std::vector<std::vector<Interval>> matrix;
  // Every two cells that share a row or a column: cell (row, column) minus cell (other_row,
  // other_column), paired on those trials (what one side's switch does against the other's policy).
  struct CellDifference {
    size_t row = 0, column = 0, other_row = 0, other_column = 0;
    Interval difference;
  };
  std::vector<CellDifference> differences;
  uint64_t matrix_trials = 0;
};
ResponseResult best_responses(const BestSettings& settings, const ScenarioDocument& doc, const std::atomic<bool>* stop,
                              const std::function<void(const BestProgress&)>& progress, int max_steps = 8);
nlohmann::json response_result_json(const ResponseResult& result, const std::string& title);

// `--value KEY[=OFF]`: what a rule is worth to side S under best play. S's best with KEY among its
// choices, and S's best with KEY fixed at OFF (a policy's default OFF is never), each against the
// other side's best response to it; then S's target in the two games on the same trials, paired.
struct RuleValue {
  std::string key, off;
  BestResult with, without;                        // S's best with the rule and without it
  BestResult reply_with, reply_without;            // the other side's best response to each
  Interval value_with, value_without, difference;  // S's target in each game, and with - without (paired)
  uint64_t trials = 0;
  bool partial = false;
};
// The key and its off value of a --value text, refused (std::invalid_argument) before any trial when
// the key is no choice of the side or refuses the value.
std::pair<std::string, std::string> check_rule_value(const BestSettings& settings, const ScenarioDocument& doc, const std::string& rule);
RuleValue rule_value(const BestSettings& settings, const ScenarioDocument& doc, const std::string& rule, const std::atomic<bool>* stop,
                     const std::function<void(const BestProgress&)>& progress);
nlohmann::json rule_value_json(const RuleValue& value, const std::string& title);

// The space's size and how it will be searched, before any trial: what `best` prints first.
PolicySpace best_space(const BestSettings& settings, const ScenarioDocument& doc);

// `volley best --json` (docs/json-format.md, "volley-best").
nlohmann::json best_result_json(const BestResult& result, const std::string& title);

}  // namespace volley
