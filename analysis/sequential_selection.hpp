#pragma once
// Selecting the best of k simulated candidates on common random numbers: Kim and Nelson's fully
// sequential procedure KN (Kim & Nelson 2001, "A fully sequential procedure for indifference-zone
// selection in simulation", ACM TOMACS 11), with the first-stage variance of each pair's difference
// and Fabian's triangular continuation region (c = 1). docs/methods.md, "Best play" states its
// guarantee and why KN rather than a two-stage procedure.
//
// The procedure sees only sums: after a first stage of n0 common trials it is given, for every pair,
// the sample variance of the per-trial difference; after each later stage (any trial count r, the
// same for every candidate still in the race) the running sum of each survivor's observations. A
// candidate i leaves the race once, for some survivor l, its sum falls below l's by more than the
// triangle's half-width r * W_il(r); the race ends when one survivor is left, when every surviving
// pair's triangle has closed (W = 0: the survivors are within the indifference zone of one another and
// the largest mean is taken), or when the caller's budget ends. Pure: no simulation here, so the tests
// can run it on synthetic candidates of known means.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace volley {

struct SelectionSettings {
  double delta = 0.01;       // the indifference zone: a difference smaller than this is not worth finding
  double alpha = 0.05;       // the error rate: 1 - alpha is the probability of a correct selection
  uint64_t first_stage = 0;  // n0 >= 2: trials every candidate plays before the first elimination
};

class SequentialSelection {
 public:
  // `candidates` >= 1. Larger is better (negate the observations to minimise).
  SequentialSelection(size_t candidates, SelectionSettings settings);

  // The first stage's per-pair sample variance of x_i - x_l (pair_variance(i, l), symmetric), taken
  // from the first n0 trials; then the first elimination round with the stage's sums.
  void first_stage(const std::vector<std::vector<double>>& pair_variance, const std::vector<double>& sums);
  // A later round: every survivor has played `trials` common trials in all; sums[i] is the running sum
  // of candidate i (entries of eliminated candidates are ignored).
  void next_stage(uint64_t trials, const std::vector<double>& sums);

  // One survivor, or every surviving pair's triangle has closed.
  bool finished() const noexcept { return finished_; }
  size_t candidates() const noexcept { return eliminated_round_.size(); }
  bool alive(size_t i) const noexcept { return eliminated_round_[i] == 0; }
  size_t survivors() const noexcept;
  // The round (1: the first stage) in which i left the race, 0 while it is in.
  int eliminated_round(size_t i) const noexcept { return eliminated_round_[i]; }
  // i left the race only because its mean was below another's once their triangle had closed: it is
  // within the indifference zone of the rest, not significantly worse.
  bool eliminated_in_zone(size_t i) const noexcept { return in_zone_[i] != 0; }
  // Trials i played: all the race's rounds while alive, else those up to its elimination.
  uint64_t trials(size_t i) const noexcept { return trials_[i]; }
  // Its running sum at its last round.
  double sum(size_t i) const noexcept { return sums_[i]; }
  // The survivor with the largest mean (the lowest index among equal ones): the selection.
  size_t best() const noexcept;
  int rounds() const noexcept { return round_; }
  double pair_variance(size_t i, size_t l) const { return variance_[i][l]; }
  // h^2 of the continuation region (depends on k, n0 and alpha only).
  double h_squared() const noexcept { return h2_; }
  // The trials at which the triangle of pair (i, l) closes: the most KN can spend on that pair.
  uint64_t closing_trials(size_t i, size_t l) const;
  // k times the largest closing_trials: what equal allocation with the same first stage and the same
  // guarantee spends (every candidate played until the widest triangle closes).
  uint64_t equal_allocation_trials() const;
  // The sum of trials(i): what the race spent.
  uint64_t total_trials() const noexcept;

 private:
  // The half-width r * W_il(r) that separates i from l at r trials, in units of the sums.
  double allowance(size_t i, size_t l, uint64_t r) const;
  void eliminate(uint64_t trials, const std::vector<double>& sums);

  SelectionSettings settings_;
  double h2_ = 0;
  std::vector<std::vector<double>> variance_;
  std::vector<int> eliminated_round_;
  std::vector<uint8_t> in_zone_;
  std::vector<uint64_t> trials_;
  std::vector<double> sums_;
  int round_ = 0;
  bool finished_ = false;
};

// KN's eta for k candidates, first stage n0, error rate alpha (c = 1):
// eta = ((2 alpha / (k - 1))^(-2 / (n0 - 1)) - 1) / 2, and h^2 = 2 eta (n0 - 1).
double kn_h_squared(size_t candidates, uint64_t first_stage, double alpha);

}  // namespace volley
