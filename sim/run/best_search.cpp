#include "sim/run/best_search.hpp"

#include "analysis/sequential_selection.hpp"
#include "sim/record/mpi_world.hpp"
#include "sim/run/driver.hpp"
#include "sim/run/race_job.hpp"
#include "sim/run/trial_range.hpp"
#include "sim/run/value_seed.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <set>
#include <stdexcept>
#include <tuple>
#include <utility>

namespace volley {

namespace {

using Clock = std::chrono::steady_clock;

// No --target: what the space says its side wants (a firefight side's win, a barrage side's
// opponent dispersed).
TargetSpec resolved_target(const BestSettings& settings, const PolicySpace& space) {
  TargetSpec target = settings.target;
  if (target.metric.empty()) target = parse_target(space.default_target, false);
  return target;
}

Interval candidate_interval(bool probability, uint64_t n, Int128 sum, UInt128 squares, double level) {
  if (n == 0) return {};
  return probability ? wilson_interval(static_cast<uint64_t>(sum), n, level) : mean_interval(n, sum, squares, level);
}

// One search's fixed parts: the settings, the scenario, the space, the clock, the blocks played.
class Search {
 public:
  Search(const BestSettings& settings, const ScenarioDocument& doc, PolicySpace space, const std::atomic<bool>* stop,
         const std::function<void(const BestProgress&)>& progress)
      : settings_(settings),
        doc_(doc),
        space_(std::move(space)),
        range_(RaceBlockSize, settings.threads, stop, settings.stop_after_blocks),
        progress_(progress),
        target_(resolved_target(settings, space_)),
        start_(Clock::now()) {
    probability_ = target_.is_probability(*load_model(doc)->make_job(settings.seed)->schema());
  }
  bool probability() const { return probability_; }

  double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
  // Under mpirun the ranks read their own clocks: the budget ends for all of them when it ends for one.
  bool out_of_time() const { return settings_.seconds > 0 && mpi_any(seconds() >= settings_.seconds); }
  const TargetSpec& target() const { return target_; }
  const PolicySpace& space() const { return space_; }

  // The candidate's trial job: the scenario with the candidate's value for every key of the space.
  // Each candidate's job plays with the same seed: common random numbers.
  std::shared_ptr<const TrialJob> job(const PolicyChoice& choice) { return job(space_.assignments(choice)); }
  // The scenario with `assignments` written in (any keys: both sides' bests for --value).
  std::shared_ptr<const TrialJob> job(const std::vector<std::string>& assignments) {
    ScenarioDocument d = doc_;
    for (const auto& a : assignments) d.apply_set(a, "--space");
    models_.push_back(load_model(d));
    return models_.back()->make_job(settings_.seed);
  }

  // Several scenarios on the same confirm_trials trials: each one's target, and the paired difference
  // (first - second) of each pair of `pairs`. False when interrupted.
  bool common(const std::vector<std::shared_ptr<const TrialJob>>& jobs, const std::vector<std::pair<size_t, size_t>>& pairs,
              std::vector<Interval>& targets, std::vector<Interval>& differences, uint64_t& trials_played) {
    const RaceJob run(jobs, target_, !pairs.empty());
    Tally t;
    if (!play(run, 0, confirm_trials(), t)) return false;
    trials_played = t.trials();
    for (size_t c = 0; c < jobs.size(); ++c)
      targets.push_back(candidate_interval(probability_, t.trials(), t.sum(c), t.sum_squares(c), settings_.level));
    for (const auto& [a, b] : pairs) {
      // The tally holds c - l for c < l only; l - c is its negative.
      const Interval d = mean_interval(t.trials(), t.sum(run.pair_metric(std::min(a, b), std::max(a, b))),
                                       t.sum_squares(run.pair_metric(std::min(a, b), std::max(a, b))), settings_.level);
      differences.push_back(a < b ? d : Interval{-d.estimate, -d.high, -d.low, d.method});
    }
    return true;
  }
  uint64_t confirm_trials() const {
    return std::max<uint64_t>(RaceBlockSize, (settings_.confirm_trials + RaceBlockSize - 1) / RaceBlockSize * RaceBlockSize);
  }

  // One or two scenarios on the same confirm_trials trials: each one's target, and their paired
  // difference (first - second). False when interrupted.
  bool paired(const std::vector<std::shared_ptr<const TrialJob>>& jobs, Interval& first, Interval& second, Interval& difference,
              uint64_t& trials_played) {
    const RaceJob run(jobs, target_, true);
    Tally t;
    if (!play(run, 0, confirm_trials(), t)) return false;
    const double level = settings_.level;
    trials_played = t.trials();
    first = candidate_interval(probability_, t.trials(), t.sum(0), t.sum_squares(0), level);
    if (jobs.size() == 1) {
      second = first;
      difference = {0, 0, 0, "the same policy"};
    } else {
      second = candidate_interval(probability_, t.trials(), t.sum(1), t.sum_squares(1), level);
      const size_t d = run.pair_metric(0, 1);
      difference = mean_interval(t.trials(), t.sum(d), t.sum_squares(d), level);
    }
    return true;
  }

  // Runs trials [from, to) of the race's job; false when interrupted (the stage is then dropped).
  bool play(const RaceJob& job, uint64_t from, uint64_t to, Tally& out) { return range_.play(job, from, to, out); }

  RaceRecord race(const std::vector<PolicyChoice>& choices, int index);

  const BestSettings& settings_;

 private:
  const ScenarioDocument& doc_;
  PolicySpace space_;
  TrialRange range_;
  const std::function<void(const BestProgress&)>& progress_;
  TargetSpec target_;
  Clock::time_point start_;
  std::vector<std::unique_ptr<ScenarioModel>> models_;
  bool probability_ = true;
};

RaceRecord Search::race(const std::vector<PolicyChoice>& choices, int index) {
  const size_t k = choices.size();
  RaceRecord record;
  std::vector<std::shared_ptr<const TrialJob>> jobs;
  for (const auto& c : choices) jobs.push_back(job(c));
  for (const auto& c : choices) record.candidates.push_back({c, space_.difference(c, choices[0]), 0, {}, {}, 0, false, false});
  const double sign = settings_.minimise ? -1 : 1;
  const double alpha = 1 - settings_.level;
  const uint64_t cap = std::max(RaceFirstStage, (settings_.trials + RaceBlockSize - 1) / RaceBlockSize * RaceBlockSize);
  std::vector<uint64_t> n(k, 0);
  std::vector<Int128> sum(k, 0);
  std::vector<UInt128> squares(k, 0);
  std::vector<uint64_t> round_trials;
  std::vector<std::vector<double>> round_sums;  // per round, each candidate's running sum (as observed)
  const auto oriented = [&] {
    std::vector<double> s(k);
    for (size_t c = 0; c < k; ++c) s[c] = sign * static_cast<double>(sum[c]);
    return s;
  };
  const auto collect = [&](const Tally& t, const std::vector<size_t>& who) {
    for (size_t j = 0; j < who.size(); ++j) {
      n[who[j]] += t.trials();
      sum[who[j]] += t.sum(RaceJob::value_metric(j));
      squares[who[j]] += t.sum_squares(RaceJob::value_metric(j));
    }
  };

  // Step 1: the first stage, every pair's difference tallied for its variance.
  SequentialSelection selection(k, {settings_.delta, alpha, RaceFirstStage});
  std::vector<std::vector<double>> variance(k, std::vector<double>(k, 0));
  // The race's record as it stands after the rounds played: at its end, and for the progress sink
  // after every round (a page draws the race as it runs).
  const auto fill = [&](RaceRecord& race) {
    race.finished = k == 1 || selection.finished();
    race.rounds = static_cast<int>(round_trials.size());
    race.winner = k == 1 ? 0 : selection.best();
    race.equal_allocation = k == 1 ? RaceFirstStage : std::min(selection.equal_allocation_trials(), cap * k);
    const bool probability = probability_;
    const double z = normal_quantile_two_sided(settings_.level);
    const size_t w = race.winner;
    for (size_t c = 0; c < k; ++c) {
      RaceCandidate& rc = race.candidates[c];
      rc.trials = n[c];
      race.trials += n[c];
      rc.target = candidate_interval(probability, n[c], sum[c], squares[c], settings_.level);
      rc.eliminated_round = k == 1 ? 0 : selection.eliminated_round(c);
      rc.in_zone = k > 1 && selection.eliminated_in_zone(c);
      // Paired against the winner over the trials both played (c's), with the first stage's variance.
      const auto at = std::find(round_trials.begin(), round_trials.end(), n[c]);
      if (at != round_trials.end() && n[c] > 0) {
        const auto& s = round_sums[static_cast<size_t>(at - round_trials.begin())];
        const double d = sign * (s[c] - s[w]) / static_cast<double>(n[c]);
        const double half = z * std::sqrt(variance[c][w] / static_cast<double>(n[c]));
        rc.versus_best = {d, d - half, d + half, "paired (first-stage variance)"};
      }
      // A triangle already closed at the first stage removes any candidate below another, however far
      // below: one so removed is told apart from the winner when its paired interval lies wholly more
      // than delta below it.
      rc.indistinguishable = c == w || rc.eliminated_round == 0 || (rc.in_zone && rc.versus_best.high > -settings_.delta);
    }
  };
  {
    const RaceJob first(jobs, target_, true);
    Tally t;
    if (!play(first, 0, RaceFirstStage, t)) {
      record.complete = false;
      return record;
    }
    std::vector<size_t> all(k);
    for (size_t c = 0; c < k; ++c) all[c] = c;
    collect(t, all);
    for (size_t c = 0; c < k; ++c)
      for (size_t l = c + 1; l < k; ++l) {
        const size_t m = first.pair_metric(c, l);
        variance[c][l] = variance[l][c] = sample_variance(t.trials(), t.sum(m), t.sum_squares(m));
      }
    if (k > 1) selection.first_stage(variance, oriented());
    round_trials.push_back(RaceFirstStage);
    round_sums.push_back(oriented());
  }
  uint64_t r = RaceFirstStage;
  const auto report = [&](int round) {
    if (!progress_) return;
    RaceRecord now = record;
    fill(now);
    progress_({index, round, selection.survivors(), k, r, &now});
  };
  report(1);
  // Step 2: rounds for the survivors only, until the procedure ends or the budget does.
  while (k > 1 && !selection.finished()) {
    if (r >= cap || out_of_time()) break;
    const uint64_t next = std::min(cap, r + RaceStageTrials);
    std::vector<size_t> who;
    std::vector<std::shared_ptr<const TrialJob>> alive;
    for (size_t c = 0; c < k; ++c)
      if (selection.alive(c)) {
        who.push_back(c);
        alive.push_back(jobs[c]);
      }
    const RaceJob stage(alive, target_, false);
    Tally t;
    if (!play(stage, r, next, t)) {
      record.complete = false;
      break;
    }
    collect(t, who);
    r = next;
    selection.next_stage(r, oriented());
    round_trials.push_back(r);
    round_sums.push_back(oriented());
    report(selection.rounds());
  }
  fill(record);
  return record;
}

}  // namespace

PolicySpace best_space(const BestSettings& settings, const ScenarioDocument& doc) {
  PolicySpace space = side_policy_space(doc, settings.side);
  shape_space(space, doc, settings.spaces, settings.fixes);
  // The target must name a metric of the scenario (checked before any trial).
  const auto model = load_model(doc);
  check_target(resolved_target(settings, space), *model->make_job(settings.seed)->schema(), "--target");
  return space;
}

BestResult best_search(const BestSettings& settings, const ScenarioDocument& doc, const std::atomic<bool>* stop,
                       const std::function<void(const BestProgress&)>& progress) {
  Search search(settings, doc, best_space(settings, doc), stop, progress);
  const PolicySpace& space = search.space();
  BestResult result;
  result.space = space;
  result.side = settings.side;
  result.target = search.target().name();
  result.minimise = settings.minimise;
  result.probability = search.probability();
  result.seed = settings.seed;
  result.level = settings.level;
  result.delta = settings.delta;
  result.file = space.file_policy();
  result.local = space.size() > settings.enumerate_limit;
  result.starts = result.local ? std::max(1, settings.starts) : 1;
  const auto absorb = [&](RaceRecord record) {
    result.partial = result.partial || !record.complete;
    result.budget_ended = result.budget_ended || (record.complete && !record.finished);
    result.races.push_back(std::move(record));
    return result.races.back().complete;
  };
  if (!result.local) {
    // The whole space in one race, the file's policy first.
    std::vector<PolicyChoice> choices{result.file};
    for (uint64_t i = 0; i < space.size(); ++i)
      if (PolicyChoice c = space.at(i); c != result.file) choices.push_back(std::move(c));
    if (absorb(search.race(choices, 1))) result.best = choices[result.races.back().winner];
    result.ending = "one race";
  } else {
    // One-step deviations from the incumbent; it gives way only to a significant elimination. From
    // the file's policy, then from --starts - 1 policies drawn from the seed.
    int race_index = 0;
    const auto local_search = [&](PolicyChoice incumbent, std::string& ending) {
      std::set<PolicyChoice> visited{incumbent};
      ending = "the step limit (--steps) was reached";
      for (int step = 1; step <= settings.max_steps; ++step) {
        if (search.out_of_time()) {
          result.budget_ended = true;
          ending = "the time budget (--seconds) ended the search";
          break;
        }
        std::vector<PolicyChoice> choices{incumbent};
        for (size_t key = 0; key < space.keys.size(); ++key)
          for (uint32_t v = 0; v < space.keys[key].values.size(); ++v)
            if (v != incumbent[key]) {
              PolicyChoice c = incumbent;
              c[key] = v;
              choices.push_back(std::move(c));
            }
        if (!absorb(search.race(choices, ++race_index))) break;
        const RaceRecord& race = result.races.back();
        const RaceCandidate& held = race.candidates[0];
        if (race.winner == 0 || held.eliminated_round == 0 || held.in_zone) {
          ending = "no one-step deviation is significantly better";
          break;
        }
        incumbent = choices[race.winner];
        if (!visited.insert(incumbent).second) {
          ending = "the search came back to a policy it had left (a cycle)";
          break;
        }
      }
      return incumbent;
    };
    std::vector<PolicyChoice> optima;
    for (int start = 0; start < std::max(1, settings.starts) && !result.partial; ++start) {
      PolicyChoice from = result.file;
      if (start > 0) {
        // Each key's value from a hash of the seed, the start and the key: the same starts for any
        // thread count. Multiply-shift on 64 bits: a bias below n / 2^64, for a start point only.
        for (size_t key = 0; key < space.keys.size(); ++key) {
          const uint64_t word = value_seed(settings.seed, "start " + std::to_string(start) + " " + space.keys[key].key);
          from[key] = static_cast<uint32_t>((static_cast<UInt128>(word) * space.keys[key].values.size()) >> 64);
        }
      }
      std::string ending;
      PolicyChoice optimum = local_search(from, ending);
      if (start == 0) result.ending = ending;
      if (std::find(optima.begin(), optima.end(), optimum) == optima.end()) optima.push_back(std::move(optimum));
    }
    result.best = optima.front();
    if (optima.size() > 1 && !result.partial) {
      // Several local optima: one more race among them.
      if (absorb(search.race(optima, ++race_index))) result.best = optima[result.races.back().winner];
      result.ending +=
          "; a last race among the " + std::to_string(optima.size()) + " local optima of " + std::to_string(settings.starts) + " starts";
    }
  }
  if (result.partial) {
    // The race so far: the best of the last complete race, if any.
    for (auto it = result.races.rbegin(); it != result.races.rend(); ++it)
      if (it->complete) {
        result.best = it->candidates[it->winner].choice;
        break;
      }
    if (result.best.empty()) result.best = result.file;
    result.seconds = search.seconds();
    return result;
  }
  // Step 3: the best against the file's policy, paired on trials of their own run.
  std::vector<std::shared_ptr<const TrialJob>> jobs{search.job(result.best)};
  if (result.best != result.file) jobs.push_back(search.job(result.file));
  if (!search.paired(jobs, result.best_target, result.file_target, result.difference, result.confirm_trials)) result.partial = true;
  result.seconds = search.seconds();
  return result;
}

namespace {

nlohmann::json interval_json(const Interval& i) { return {{"estimate", i.estimate}, {"low", i.low}, {"high", i.high}}; }

}  // namespace

nlohmann::json best_result_json(const BestResult& r, const std::string& title) {
  nlohmann::json keys = nlohmann::json::array();
  for (const auto& k : r.space.keys) keys.push_back({{"key", k.key}, {"values", k.values}, {"file", k.values[k.file_value]}});
  nlohmann::json races = nlohmann::json::array();
  for (size_t i = 0; i < r.races.size(); ++i) {
    const RaceRecord& race = r.races[i];
    nlohmann::json candidates = nlohmann::json::array();
    for (const auto& c : race.candidates)
      candidates.push_back({{"label", c.label},
                            {"assignments", r.space.assignments(c.choice)},
                            {"trials", c.trials},
                            {"target", interval_json(c.target)},
                            {"versus_best", interval_json(c.versus_best)},
                            {"eliminated_round", c.eliminated_round},
                            {"in_zone", c.in_zone},
                            {"indistinguishable", c.indistinguishable}});
    races.push_back({{"race", i + 1},
                     {"rounds", race.rounds},
                     {"trials", race.trials},
                     {"equal_allocation", race.equal_allocation},
                     {"finished", race.finished},
                     {"complete", race.complete},
                     {"winner", race.winner},
                     {"candidates", std::move(candidates)}});
  }
  nlohmann::json j = {{"format", "volley-best"},
                      {"format_version", 1},
                      {"title", title},
                      {"side", r.side},
                      {"target", r.target},
                      {"target_is_probability", r.probability},
                      {"minimise", r.minimise},
                      {"delta", r.delta},
                      {"level", r.level},
                      {"seed", r.seed},
                      {"search", r.local ? "local" : "race"},
                      {"starts", r.starts},
                      {"ending", r.ending},
                      {"space",
                       {{"size", r.space.size()},
                        {"keys", std::move(keys)},
                        {"default_target", r.space.default_target},
                        {"target_words", r.space.target_words}}},
                      {"best", {{"assignments", r.space.assignments(r.best)}}},
                      {"file", {{"assignments", r.space.assignments(r.file)}}},
                      {"races", std::move(races)},
                      {"partial", r.partial},
                      {"budget_ended", r.budget_ended},
                      {"seconds", r.seconds}};
  if (!r.partial) {
    j["best"]["target"] = interval_json(r.best_target);
    j["file"]["target"] = interval_json(r.file_target);
    j["difference"] = interval_json(r.difference);
    j["confirm_trials"] = r.confirm_trials;
  }
  return j;
}

namespace {

// The other side's search when it answers: its whole default space, its own win as target.
BestSettings reply_settings(const BestSettings& settings, const ScenarioDocument& doc) {
  BestSettings reply = settings;
  reply.side = side_policy_space(doc, settings.side).opponent;
  reply.target = {};
  reply.minimise = false;
  reply.spaces.clear();
  reply.fixes.clear();
  return reply;
}

ScenarioDocument with_assignments(const ScenarioDocument& doc, const std::vector<std::string>& assignments) {
  ScenarioDocument d = doc;
  for (const auto& a : assignments) d.apply_set(a, "--value");
  return d;
}

BestSettings without_rule(const BestSettings& settings, const std::string& key) {
  BestSettings without = settings;
  without.fixes.push_back(key);
  std::erase_if(without.spaces, [&](const std::string& s) { return s.rfind(key + "=", 0) == 0; });
  return without;
}

}  // namespace

std::pair<std::string, std::string> check_rule_value(const BestSettings& settings, const ScenarioDocument& doc, const std::string& rule) {
  const auto eq = rule.find('=');
  const std::string key = rule.substr(0, eq);
  std::string off = eq == std::string::npos ? "" : rule.substr(eq + 1);
  if (off.empty()) {
    if (key.size() < 7 || key.compare(key.size() - 7, 7, ".policy") != 0)
      throw std::invalid_argument("--value " + rule + ": give KEY=VALUE, the value that leaves the rule unused (a policy's is never)");
    off = "never";
  }
  const PolicySpace space = best_space(settings, doc);
  if (std::none_of(space.keys.begin(), space.keys.end(), [&](const ChoiceKey& k) { return k.key == key; }))
    throw std::invalid_argument("--value: '" + key + "' is not a choice of side " + settings.side + " in the space searched");
  (void)best_space(without_rule(settings, key), with_assignments(doc, {key + "=" + off}));
  return {key, off};
}

RuleValue rule_value(const BestSettings& settings, const ScenarioDocument& doc, const std::string& rule, const std::atomic<bool>* stop,
                     const std::function<void(const BestProgress&)>& progress) {
  RuleValue out;
  std::tie(out.key, out.off) = check_rule_value(settings, doc, rule);
  // The search without the rule: the key fixed at its off value, every other choice as given.
  const BestSettings without = without_rule(settings, out.key);
  const ScenarioDocument off = with_assignments(doc, {out.key + "=" + out.off});
  const BestSettings reply = reply_settings(settings, doc);
  // Step 1: each side's best, with the rule and without; step 2: the other side's answer to each.
  out.with = best_search(settings, doc, stop, progress);
  if ((out.partial = out.with.partial)) return out;
  out.without = best_search(without, off, stop, progress);
  if ((out.partial = out.without.partial)) return out;
  const std::vector<std::string> best_with = out.with.space.assignments(out.with.best);
  std::vector<std::string> best_without = out.without.space.assignments(out.without.best);
  best_without.push_back(out.key + "=" + out.off);
  out.reply_with = best_search(reply, with_assignments(doc, best_with), stop, progress);
  if ((out.partial = out.reply_with.partial)) return out;
  out.reply_without = best_search(reply, with_assignments(doc, best_without), stop, progress);
  if ((out.partial = out.reply_without.partial)) return out;
  // Step 3: the side's target in both games, paired.
  std::vector<std::string> game_with = best_with, game_without = best_without;
  for (const auto& a : out.reply_with.space.assignments(out.reply_with.best)) game_with.push_back(a);
  for (const auto& a : out.reply_without.space.assignments(out.reply_without.best)) game_without.push_back(a);
  Search search(settings, doc, best_space(settings, doc), stop, progress);
  out.partial =
      !search.paired({search.job(game_with), search.job(game_without)}, out.value_with, out.value_without, out.difference, out.trials);
  return out;
}

namespace {

// A cycle's matrix: every best policy side S played in the steps against every one the other side
// played, S's target in each game, all on the same trials (common random numbers).
void cycle_matrix(const BestSettings& settings, const ScenarioDocument& doc, const std::atomic<bool>* stop,
                  const std::function<void(const BestProgress&)>& progress, ResponseResult& out) {
  for (size_t i = 0; i < out.steps.size(); ++i) {
    const BestResult& r = out.steps[i];
    auto& list = i % 2 == 0 ? out.mine : out.theirs;
    const auto a = r.space.assignments(r.best);
    if (std::find(list.begin(), list.end(), a) == list.end()) list.push_back(a);
  }
  Search search(settings, doc, best_space(settings, doc), stop, progress);
  std::vector<std::shared_ptr<const TrialJob>> jobs;
  for (const auto& mine : out.mine)
    for (const auto& theirs : out.theirs) {
      std::vector<std::string> game = mine;
      game.insert(game.end(), theirs.begin(), theirs.end());
      jobs.push_back(search.job(game));
    }
  // The cells that share a column (side S switches) or a row (the other side switches), paired.
  const size_t columns = out.theirs.size();
  std::vector<std::pair<size_t, size_t>> pairs;
  for (const bool same_column : {true, false})
    for (size_t a = 0; a < jobs.size(); ++a)
      for (size_t b = a + 1; b < jobs.size(); ++b)
        if (same_column ? a % columns == b % columns : a / columns == b / columns) pairs.emplace_back(a, b);
  std::vector<Interval> cells, differences;
  if (!search.common(jobs, pairs, cells, differences, out.matrix_trials)) {
    out.partial = true;
    return;
  }
  for (size_t i = 0; i < out.mine.size(); ++i)
    out.matrix.emplace_back(cells.begin() + static_cast<long>(i * columns), cells.begin() + static_cast<long>((i + 1) * columns));
  for (size_t p = 0; p < pairs.size(); ++p)
    out.differences.push_back(
        {pairs[p].first / columns, pairs[p].first % columns, pairs[p].second / columns, pairs[p].second % columns, differences[p]});
}

}  // namespace

ResponseResult best_responses(const BestSettings& settings, const ScenarioDocument& doc, const std::atomic<bool>* stop,
                              const std::function<void(const BestProgress&)>& progress, int max_steps) {
  (void)best_space(settings, doc);  // every bad input refused before any trial
  const BestSettings reply = reply_settings(settings, doc);
  ResponseResult out;
  ScenarioDocument current = doc;
  std::set<std::string> seen;
  const auto joint = [&] { return complete_scenario_text(current); };
  seen.insert(joint());
  out.ending = "step limit";
  for (int step = 0; step < max_steps; ++step) {
    out.steps.push_back(best_search(step % 2 == 0 ? settings : reply, current, stop, progress));
    const BestResult& r = out.steps.back();
    if (r.partial) {
      out.partial = true;
      out.ending = "interrupted";
      return out;
    }
    // No change: the file's policy is the best, or not distinguishable from it in the last race.
    bool unchanged = r.best == r.file;
    if (!unchanged && !r.races.empty())
      for (const auto& c : r.races.back().candidates) unchanged = unchanged || (c.choice == r.file && c.indistinguishable);
    out.changed.push_back(!unchanged);
    if (!unchanged)
      for (const auto& a : r.space.assignments(r.best)) current.apply_set(a, "--respond");
    if (step > 0 && unchanged) {
      out.ending = "equilibrium";
      return out;
    }
    if (!unchanged && !seen.insert(joint()).second) {
      out.ending = "cycle";
      cycle_matrix(settings, doc, stop, progress, out);
      return out;
    }
  }
  return out;
}

nlohmann::json response_result_json(const ResponseResult& result, const std::string& title) {
  nlohmann::json steps = nlohmann::json::array();
  for (size_t i = 0; i < result.steps.size(); ++i) {
    steps.push_back(best_result_json(result.steps[i], title));
    if (i < result.changed.size()) steps.back()["changed"] = result.changed[i];
  }
  nlohmann::json j = {{"format", "volley-best-respond"}, {"format_version", 1},       {"title", title},
                      {"ending", result.ending},         {"partial", result.partial}, {"steps", std::move(steps)}};
  if (result.ending == "equilibrium") {
    // The game both sides settled on, and each side's target in it: from that side's last step, the
    // policy it kept (the best when it changed, else the one it had) measured against the other's.
    nlohmann::json values = nlohmann::json::array(), assignments = nlohmann::json::array();
    for (size_t side = 0; side < 2 && side < result.steps.size(); ++side) {
      size_t last = side;
      for (size_t i = side; i < result.steps.size(); i += 2) last = i;
      const BestResult& s = result.steps[last];
      const bool changed = last < result.changed.size() && result.changed[last];
      for (const auto& a : s.space.assignments(changed ? s.best : s.file)) assignments.push_back(a);
      nlohmann::json v = interval_json(changed ? s.best_target : s.file_target);
      v["side"] = s.side;
      v["target"] = s.target;
      v["step"] = last + 1;
      values.push_back(std::move(v));
    }
    j["equilibrium"] = {{"assignments", std::move(assignments)}, {"values", std::move(values)}};
  }
  if (!result.matrix.empty()) {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& row : result.matrix) {
      nlohmann::json cells = nlohmann::json::array();
      for (const auto& cell : row) cells.push_back(interval_json(cell));
      rows.push_back(std::move(cells));
    }
    nlohmann::json differences = nlohmann::json::array();
    for (const auto& d : result.differences)
      differences.push_back({{"row", d.row},
                             {"column", d.column},
                             {"other_row", d.other_row},
                             {"other_column", d.other_column},
                             {"difference", interval_json(d.difference)}});
    j["cycle"] = {{"rows", result.mine},
                  {"columns", result.theirs},
                  {"matrix", std::move(rows)},
                  {"differences", std::move(differences)},
                  {"trials", result.matrix_trials}};
  }
  return j;
}

nlohmann::json rule_value_json(const RuleValue& v, const std::string& title) {
  nlohmann::json j = {{"format", "volley-best-value"},
                      {"format_version", 1},
                      {"title", title},
                      {"key", v.key},
                      {"off", v.off},
                      {"partial", v.partial},
                      {"with", best_result_json(v.with, title)},
                      {"without", best_result_json(v.without, title)},
                      {"reply_with", best_result_json(v.reply_with, title)},
                      {"reply_without", best_result_json(v.reply_without, title)}};
  if (!v.partial) {
    j["value_with"] = interval_json(v.value_with);
    j["value_without"] = interval_json(v.value_without);
    j["difference"] = interval_json(v.difference);
    j["trials"] = v.trials;
  }
  return j;
}

}  // namespace volley
