#pragma once
// The racing procedure of `volley balance` (docs/methods.md, "Balancing a scenario"): every candidate
// setting of a finite grid plays the same trials in looks (trial counts fixed in advance: n1, 2 n1,
// 4 n1, ... up to the cap); after each look every open candidate's interval on every goal is read at
// the level 1 - alpha / (candidates × goals × looks) (Bonferroni), so that with probability at least
// 1 - alpha every interval the race ever reads holds its true value at once. On that event:
//   - a candidate is dropped when some goal's interval lies wholly outside the goal: it truly misses it;
//   - a candidate holds when every goal's interval lies within the goal widened by its tolerance:
//     its true values meet every goal within the tolerance.
// Dropped and held candidates play no more; the open ones play the next look. The race ends when no
// candidate is open, or at the cap (or a time budget), which leaves the open ones undecided.
#include "analysis/balance_goal.hpp"
#include "analysis/estimate.hpp"

#include <cstdint>
#include <functional>
#include <vector>

namespace volley {

// The trial counts at which the race looks: first, 2 first, 4 first, ..., and cap (each a multiple of
// `block` when first and cap are).
std::vector<uint64_t> race_looks(uint64_t first, uint64_t cap);

enum class GoalVerdict { Open, Holds, Dropped };

class GoalRace {
 public:
  // `guarded`: the settings the Bonferroni level covers when more than `candidates` (a search in stages
  // whose every possible setting is known in advance reads each stage's intervals at one level).
  GoalRace(size_t candidates, std::vector<BalanceGoal> goals, size_t looks, double level, uint64_t guarded = 0);

  // The level of each interval the race reads (Bonferroni over max(candidates, guarded) × goals × looks).
  double interval_level() const noexcept { return interval_level_; }
  // After every open candidate has played to the next look: `interval(c, g)` is candidate c's interval
  // on goal g at interval_level(). Decides each open candidate.
  void look(const std::function<Interval(size_t candidate, size_t goal)>& interval);

  size_t candidates() const noexcept { return verdict_.size(); }
  const std::vector<BalanceGoal>& goals() const noexcept { return goals_; }
  GoalVerdict verdict(size_t c) const { return verdict_[c]; }
  bool open(size_t c) const { return verdict_[c] == GoalVerdict::Open; }
  size_t count(GoalVerdict v) const;
  // The look (1, 2, ...) at which a candidate was decided; 0 while open.
  int decided_look(size_t c) const { return decided_look_[c]; }
  // The first goal whose interval excluded a dropped candidate.
  size_t dropped_by(size_t c) const { return dropped_by_[c]; }
  int looks_done() const noexcept { return looks_done_; }
  bool finished() const { return count(GoalVerdict::Open) == 0; }

 private:
  std::vector<BalanceGoal> goals_;
  double interval_level_;
  std::vector<GoalVerdict> verdict_;
  std::vector<int> decided_look_;
  std::vector<size_t> dropped_by_;
  int looks_done_ = 0;
};

// The candidates no other beats on every goal: c is left out when some d is at most as far from every
// goal and nearer to one (distances[c][g]: how far candidate c's estimate lies outside goal g).
std::vector<size_t> pareto_front(const std::vector<std::vector<double>>& distances);

}  // namespace volley
