#include "analysis/sequential_selection.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace volley {

double kn_h_squared(size_t candidates, uint64_t first_stage, double alpha) {
  if (candidates < 2) return 0;
  const double n0 = static_cast<double>(first_stage);
  const double eta = 0.5 * (std::pow(2 * alpha / static_cast<double>(candidates - 1), -2.0 / (n0 - 1)) - 1);
  return 2 * eta * (n0 - 1);
}

SequentialSelection::SequentialSelection(size_t candidates, SelectionSettings settings)
    : settings_(settings), eliminated_round_(candidates, 0), in_zone_(candidates, 0), trials_(candidates, 0), sums_(candidates, 0) {
  if (candidates == 0) throw std::invalid_argument("a selection needs at least one candidate");
  if (settings.first_stage < 2) throw std::invalid_argument("the first stage needs at least 2 trials (a variance)");
  if (!(settings.delta > 0)) throw std::invalid_argument("the indifference zone delta must be positive");
  if (!(settings.alpha > 0 && settings.alpha < 1)) throw std::invalid_argument("the error rate must lie in (0, 1)");
  h2_ = kn_h_squared(candidates, settings.first_stage, settings.alpha);
}

size_t SequentialSelection::survivors() const noexcept {
  return static_cast<size_t>(std::count(eliminated_round_.begin(), eliminated_round_.end(), 0));
}

size_t SequentialSelection::best() const noexcept {
  size_t best = candidates();
  for (size_t i = 0; i < candidates(); ++i) {
    if (!alive(i)) continue;
    // Survivors share one trial count: sums compare as means.
    if (best == candidates() || sums_[i] > sums_[best]) best = i;
  }
  return best;
}

double SequentialSelection::allowance(size_t i, size_t l, uint64_t r) const {
  // r * W_il(r) = max(0, (delta / 2) (h^2 S_il^2 / delta^2 - r)): the triangle narrows linearly in r.
  const double delta = settings_.delta;
  return std::max(0.0, delta / 2 * (h2_ * variance_[i][l] / (delta * delta) - static_cast<double>(r)));
}

uint64_t SequentialSelection::closing_trials(size_t i, size_t l) const {
  const double delta = settings_.delta;
  return static_cast<uint64_t>(std::ceil(h2_ * variance_[i][l] / (delta * delta)));
}

uint64_t SequentialSelection::equal_allocation_trials() const {
  uint64_t widest = settings_.first_stage;
  for (size_t i = 0; i < candidates(); ++i)
    for (size_t l = i + 1; l < candidates(); ++l) widest = std::max(widest, closing_trials(i, l));
  return widest * candidates();
}

uint64_t SequentialSelection::total_trials() const noexcept {
  uint64_t total = 0;
  for (const uint64_t t : trials_) total += t;
  return total;
}

void SequentialSelection::first_stage(const std::vector<std::vector<double>>& pair_variance, const std::vector<double>& sums) {
  if (round_ != 0) throw std::logic_error("the first stage comes once, first");
  if (pair_variance.size() != candidates()) throw std::invalid_argument("one row of pair variances per candidate");
  for (const auto& row : pair_variance)
    if (row.size() != candidates()) throw std::invalid_argument("one pair variance per pair of candidates");
  variance_ = pair_variance;
  eliminate(settings_.first_stage, sums);
}

void SequentialSelection::next_stage(uint64_t trials, const std::vector<double>& sums) {
  if (round_ == 0) throw std::logic_error("the first stage comes first");
  if (finished_) throw std::logic_error("the race has ended");
  if (trials <= trials_[best()]) throw std::invalid_argument("a stage adds trials: " + std::to_string(trials) + " is not more");
  eliminate(trials, sums);
}

void SequentialSelection::eliminate(uint64_t trials, const std::vector<double>& sums) {
  if (sums.size() != candidates()) throw std::invalid_argument("one sum per candidate");
  ++round_;
  std::vector<size_t> in;
  for (size_t i = 0; i < candidates(); ++i)
    if (alive(i)) {
      in.push_back(i);
      trials_[i] = trials;
      sums_[i] = sums[i];
    }
  // Step 1: every comparison against the survivors of the previous round (KN's I^old), so that the
  // order of the candidates decides nothing.
  // An elimination through a pair whose triangle is still open is significant; one through closed
  // triangles only only ranks candidates within the indifference zone of each other.
  std::vector<size_t> out;
  for (const size_t i : in) {
    bool below = false, significant = false;
    for (const size_t l : in) {
      if (l == i) continue;
      const double w = allowance(i, l, trials);
      if (sums_[i] < sums_[l] - w) {
        below = true;
        significant = significant || w > 0;
      }
    }
    if (below) {
      out.push_back(i);
      in_zone_[i] = !significant;
    }
  }
  for (const size_t i : out) eliminated_round_[i] = round_;
  // Step 2: stop with one survivor, or once no surviving pair's triangle is open (every allowance 0:
  // the survivors have equal sums, and are within the indifference zone of one another).
  bool open = false;
  for (const size_t i : in)
    for (const size_t l : in)
      if (l != i && alive(i) && alive(l) && allowance(i, l, trials) > 0) open = true;
  finished_ = survivors() == 1 || !open;
}

}  // namespace volley
