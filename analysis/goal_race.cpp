#include "analysis/goal_race.hpp"

#include <algorithm>
#include <stdexcept>

namespace volley {

std::vector<uint64_t> race_looks(uint64_t first, uint64_t cap) {
  if (first == 0 || cap == 0) throw std::invalid_argument("race_looks: a look of no trials");
  std::vector<uint64_t> looks;
  for (uint64_t n = std::min(first, cap); n < cap; n *= 2) looks.push_back(n);
  looks.push_back(cap);
  return looks;
}

GoalRace::GoalRace(size_t candidates, std::vector<BalanceGoal> goals, size_t looks, double level, uint64_t guarded)
    : goals_(std::move(goals)),
      interval_level_(1 - (1 - level) / std::max(1.0, static_cast<double>(std::max<uint64_t>(candidates, guarded)) *
                                                          static_cast<double>(goals_.size() * looks))),
      verdict_(candidates, GoalVerdict::Open),
      decided_look_(candidates, 0),
      dropped_by_(candidates, 0) {}

void GoalRace::look(const std::function<Interval(size_t candidate, size_t goal)>& interval) {
  ++looks_done_;
  for (size_t c = 0; c < verdict_.size(); ++c) {
    if (!open(c)) continue;
    bool settled = true;
    for (size_t g = 0; g < goals_.size(); ++g) {
      const Interval i = interval(c, g);
      if (goals_[g].excluded_by(i)) {
        verdict_[c] = GoalVerdict::Dropped;
        dropped_by_[c] = g;
        break;
      }
      settled = settled && goals_[g].settled_by(i);
    }
    if (open(c) && settled) verdict_[c] = GoalVerdict::Holds;
    if (!open(c)) decided_look_[c] = looks_done_;
  }
}

size_t GoalRace::count(GoalVerdict v) const { return static_cast<size_t>(std::count(verdict_.begin(), verdict_.end(), v)); }

std::vector<size_t> pareto_front(const std::vector<std::vector<double>>& distances) {
  std::vector<size_t> front;
  const auto beats = [](const std::vector<double>& d, const std::vector<double>& c) {
    bool nearer = false;
    for (size_t g = 0; g < c.size(); ++g) {
      if (d[g] > c[g]) return false;
      nearer = nearer || d[g] < c[g];
    }
    return nearer;
  };
  for (size_t c = 0; c < distances.size(); ++c) {
    bool beaten = false;
    for (size_t d = 0; d < distances.size() && !beaten; ++d) beaten = d != c && beats(distances[d], distances[c]);
    if (!beaten) front.push_back(c);
  }
  return front;
}

}  // namespace volley
