#include "sim/study/balance_study.hpp"

#include "analysis/target.hpp"
#include "sim/record/mpi_world.hpp"
#include "sim/run/best_search.hpp"
#include "sim/run/interrupt.hpp"
#include "sim/run/run_session.hpp"
#include "sim/run/trial_range.hpp"
#include "sim/run/value_seed.hpp"
#include "sim/scenario/scenario_model.hpp"
#include "sim/study/balance_refinement.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <limits>
#include <stdexcept>
#include <map>
#include <memory>
#include <numeric>

namespace volley {

namespace {

using Clock = std::chrono::steady_clock;

uint64_t whole_blocks(uint64_t trials) {
  return std::max<uint64_t>(1, (trials + BalanceBlockSize - 1) / BalanceBlockSize) * BalanceBlockSize;
}

// The answer's order: fewest keys changed, then the smallest relative change, then the grid's order.
void order_by_change(std::vector<size_t>& answer, const std::vector<BalanceCandidate>& candidates) {
  std::sort(answer.begin(), answer.end(), [&](size_t a, size_t b) {
    const SettingChange &x = candidates[a].change, &y = candidates[b].change;
    if (x.keys != y.keys) return x.keys < y.keys;
    if (x.relative != y.relative) return x.relative < y.relative;
    return a < b;
  });
}

std::vector<size_t> with_verdict(const BalanceResult& result, GoalVerdict v) {
  std::vector<size_t> list;
  for (size_t c = 0; c < result.candidates.size(); ++c)
    if (result.candidates[c].verdict == v) list.push_back(c);
  return list;
}

// Those of `among` that no other of them beats on every goal's distance (pareto_front), by estimate.
std::vector<size_t> front_among(const BalanceResult& result, const std::vector<size_t>& among) {
  std::vector<std::vector<double>> distances;
  for (const size_t c : among) {
    std::vector<double> d;
    for (size_t g = 0; g < result.goals.size(); ++g) d.push_back(result.goals[g].distance(result.candidates[c].goals[g].estimate));
    distances.push_back(std::move(d));
  }
  std::vector<size_t> front;
  for (const size_t i : pareto_front(distances)) front.push_back(among[i]);
  return front;
}

// A stage's race's verdicts on its candidates (`members`, in the race's order), and the stage's counts.
void record(BalanceResult& result, const GoalRace& race, const std::vector<size_t>& members) {
  BalanceStage& stage = result.stages.back();
  stage.looks_done = race.looks_done();
  for (size_t i = 0; i < members.size(); ++i) {
    BalanceCandidate& candidate = result.candidates[members[i]];
    candidate.verdict = race.verdict(i);
    candidate.decided_look = race.decided_look(i);
    candidate.dropped_by = race.dropped_by(i);
  }
  stage.holds = race.count(GoalVerdict::Holds);
  stage.dropped = race.count(GoalVerdict::Dropped);
  stage.open = race.count(GoalVerdict::Open);
}

// The result as the races leave it: the trials, and the answer (`front`: the trade-off, when every
// candidate was dropped).
void finish(BalanceResult& result, const std::vector<size_t>& front) {
  result.looks_done = 0;
  for (const auto& stage : result.stages) result.looks_done += stage.looks_done;
  result.trials = result.grid_trials = 0;
  for (auto& stage : result.stages) stage.trials = 0;
  for (const auto& candidate : result.candidates) {
    result.stages[static_cast<size_t>(candidate.stage)].trials += candidate.trials;
    result.trials += candidate.trials;
    result.grid_trials = std::max(result.grid_trials, candidate.trials);
  }
  result.grid_trials *= result.lattice;
  result.answer.clear();
  result.ending.clear();
  if (result.looks_done == 0) return;
  result.answer = with_verdict(result, GoalVerdict::Holds);
  result.ending = "holds";
  if (result.answer.empty()) {
    result.answer = with_verdict(result, GoalVerdict::Open);
    result.ending = "undecided";
  }
  if (result.answer.empty()) {
    result.answer = front;
    result.ending = "conflict";
  }
  order_by_change(result.answer, result.candidates);
}

// A side's search under --policies best: `volley best`'s, within the smaller budget the settings give,
// on a seed of its own (the race's trials then judge policies they did not choose).
BestSettings policy_search_settings(const BalanceSettings& settings, const std::string& side) {
  BestSettings best;
  best.side = side;
  best.level = settings.run.level;
  best.threads = settings.run.threads;
  best.seed = value_seed(settings.run.seed_value(), "--policies best");
  best.trials = settings.policy_trials;
  best.max_steps = settings.policy_steps;
  best.confirm_trials = RaceBlockSize;
  best.stop_after_blocks = settings.run.stop_after_blocks;
  return best;
}

}  // namespace

BalanceRace::BalanceRace(BalanceSettings settings, const ScenarioOpener& open) : settings_(std::move(settings)) {
  const RunSettings& run = settings_.run;
  if (settings_.goals.empty()) throw std::invalid_argument("--goal: give at least one goal (METRIC=VALUE, e.g. herero.win=0.5)");
  if (!(settings_.tolerance > 0)) throw std::invalid_argument("--tolerance: expected a positive number");
  if (!(settings_.seconds >= 0)) throw std::invalid_argument("--seconds: expected 0 (no budget) or a positive number of seconds");
  if (!run.precision.empty()) throw std::invalid_argument("volley balance takes no --precision (its race stops by its own rule)");
  if (run.trials_option > 0) settings_.max_trials = run.trials_option;
  BalanceResult& result = prepared_;
  base_ = open(run.sets, {}, "--set");
  const ScenarioDocument& base = *base_;
  result.grid = balance_grid(base, settings_.free, settings_.refinements);
  const uint64_t seed = run.seed_value();
  // Every candidate is loaded, and the goals checked against its metrics, before any trial.
  for (uint64_t i = 0; i < result.grid.size(); ++i) {
    ScenarioDocument doc = open(run.sets, result.grid.assignments(i), "--free");
    models_.push_back(load_model(doc));
    jobs_.push_back(models_.back()->make_job(seed));
    if (settings_.best_policies) documents_.push_back(std::move(doc));
  }
  if (settings_.best_policies) {
    // Both sides' spaces and targets, checked on the scenario before any trial.
    if (settings_.policy_trials == 0 || settings_.policy_steps < 1)
      throw std::invalid_argument("--policy-trials and --policy-steps: expected positive whole numbers");
    if (const auto* list = base.root()["sides"].as_array())
      for (const auto& side : *list)
        if (const auto name = side.value<std::string>()) sides_.push_back(*name);
    for (const auto& side : sides_) {
      try {
        (void)best_space(policy_search_settings(settings_, side), base);
      } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(std::string("--policies best: ") + e.what());
      }
    }
  }
  // A mean's range can grow with a setting (more figures, more casualties): a goal is refused only when
  // no setting's metrics can meet it.
  std::exception_ptr refused;
  for (const auto& job : jobs_) {
    std::vector<BalanceGoal> goals = settings_.goals;
    try {
      check_balance_goals(goals, *job->schema(), settings_.tolerance);
      settings_.goals = std::move(goals);
      refused = nullptr;
      break;
    } catch (const std::invalid_argument&) {
      if (!refused) refused = std::current_exception();
    }
  }
  if (refused) std::rethrow_exception(refused);
  check_outputs(run);
  result.title = load_model(base)->title();
  result.seed = seed;
  result.best_policies = settings_.best_policies;
  result.policy_budget = settings_.best_policies ? settings_.policy_trials : 0;
  result.policy_steps = settings_.best_policies ? settings_.policy_steps : 0;
  result.level = run.level;
  result.goals = settings_.goals;
  const uint64_t first = whole_blocks(settings_.first_look);
  result.looks = race_looks(first, std::max(first, whole_blocks(settings_.max_trials)));
  result.lattice = result.grid.lattice_size();
  result.interval_level = GoalRace(jobs_.size(), result.goals, result.looks.size(), run.level, result.lattice).interval_level();
  for (uint64_t i = 0; i < jobs_.size(); ++i) {
    BalanceCandidate c;
    c.index = i;
    c.point = result.grid.point(i);
    c.assignments = result.grid.assignments(i);
    c.change = result.grid.change(i);
    c.goals.resize(result.goals.size());
    result.candidates.push_back(std::move(c));
  }
}

BalanceStudy BalanceRace::play(const StudyControl& control) const {
  const RunSettings& run = settings_.run;
  const BalanceSettings& settings = settings_;
  BalanceStudy study;
  BalanceResult& result = study.result;
  result = prepared_;
  const BalanceGrid& grid = result.grid;
  const size_t k = jobs_.size();
  const std::atomic<bool>* stop = control.stop != nullptr ? control.stop : install_interrupt_handlers();
  const auto start = Clock::now();
  const auto seconds = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  // Under mpirun the ranks read their own clocks: the budget ends for all of them when it ends for one.
  const auto out_of_time = [&] { return settings.seconds > 0 && mpi_any(seconds() >= settings.seconds); };
  control.report("start", {{"candidates", k},
                           {"goals", result.goals.size()},
                           {"looks", result.looks},
                           {"interval_level", result.interval_level},
                           {"seed", result.seed},
                           {"lattice", result.lattice},
                           {"refinements", grid.refinements}});

  // Step 0 (--policies best): each setting's sides play the policies searched for them there.
  std::vector<std::unique_ptr<ScenarioModel>> policy_models;
  std::vector<std::unique_ptr<TrialJob>> policy_jobs;
  if (settings.best_policies && !search_policies(result, policy_models, policy_jobs, stop, control, out_of_time)) result.partial = true;
  // Each candidate's job: the coarse grid's (or its searched policies'), then each refinement's.
  std::vector<const TrialJob*> jobs;
  for (size_t c = 0; c < k; ++c)  // an interrupted search leaves some settings without policies: no race follows
    jobs.push_back(!settings.best_policies ? jobs_[c].get() : c < policy_jobs.size() ? policy_jobs[c].get() : nullptr);
  std::vector<std::unique_ptr<ScenarioModel>> refined_models;
  std::vector<std::unique_ptr<TrialJob>> refined_jobs;
  std::vector<Tally> tallies(k);
  TrialRange range(BalanceBlockSize, run.threads, stop, run.stop_after_blocks);
  const auto play = [&](size_t c, uint64_t from, uint64_t to, Tally& out) { return range.play(*jobs[c], from, to, out); };
  // Adds trials up to `to` to candidate c, and reads its goals at the race's interval level.
  const auto absorb = [&](size_t c, Tally& tally, uint64_t to) {
    if (tallies[c].trials() == 0) tallies[c] = std::move(tally);
    else tallies[c].merge(tally);
    result.candidates[c].trials = to;
    for (size_t g = 0; g < result.goals.size(); ++g)
      result.candidates[c].goals[g] = result.goals[g].evaluate(tallies[c], result.interval_level);
  };
  // A stage's race: its candidates (`members`) play the looks; those dropped or held play no more.
  const auto race_stage = [&](const std::vector<size_t>& members, int stage) {
    GoalRace race(members.size(), result.goals, result.looks.size(), run.level, result.lattice);
    uint64_t played = 0;  // the trials every open candidate has played
    for (const uint64_t to : result.looks) {
      if (race.finished() || result.partial) break;
      if (out_of_time()) break;
      // Step 1: every open candidate plays trials [played, to), on the same trial indices and seed. A
      // look interrupted part way is dropped whole, so that every candidate's intervals stop at the same
      // look.
      std::vector<std::pair<size_t, Tally>> look;
      for (size_t i = 0; i < members.size() && !result.partial; ++i) {
        if (!race.open(i)) continue;
        Tally t;
        if (play(members[i], played, to, t)) look.emplace_back(i, std::move(t));
        else result.partial = true;
      }
      if (result.partial) break;
      // Step 2: each open candidate's goals at the race's interval level, then the race decides.
      for (auto& [i, tally] : look) absorb(members[i], tally, to);
      played = to;
      race.look([&](size_t i, size_t g) { return result.candidates[members[i]].goals[g]; });
      record(result, race, members);
      if (control.progress) {
        // The search so far, for a page that draws it as it runs.
        BalanceResult so_far = result;
        finish(so_far, {});
        so_far.seconds = seconds();
        control.report("look", {{"stage", stage},
                                {"look", race.looks_done()},
                                {"trials", to},
                                {"open", race.count(GoalVerdict::Open)},
                                {"holds", race.count(GoalVerdict::Holds)},
                                {"dropped", race.count(GoalVerdict::Dropped)},
                                {"seconds", so_far.seconds},
                                {"result", balance_result_json(so_far)}});
      }
    }
    return race.finished();
  };
  std::vector<size_t> members(k);
  std::iota(members.begin(), members.end(), size_t{0});
  result.stages.push_back({0, {}, k, 0, 0, k, 0, 0});
  bool finished = race_stage(members, 0);
  // The refinements: each splits the cells whose corners' intervals reach every goal between them.
  const auto promising = [&](const std::vector<size_t>& corners) {
    bool all_hold = true;
    for (const size_t c : corners) all_hold = all_hold && result.candidates[c].verdict == GoalVerdict::Holds;
    if (all_hold) return false;
    for (size_t g = 0; g < result.goals.size(); ++g) {
      double low = std::numeric_limits<double>::infinity(), high = -low;
      for (const size_t c : corners) {
        low = std::min(low, result.candidates[c].goals[g].low);
        high = std::max(high, result.candidates[c].goals[g].high);
      }
      const BalanceGoal& goal = result.goals[g];
      if (high < goal.lo - goal.tolerance || low > goal.hi + goal.tolerance) return false;
    }
    return true;
  };
  bool cut = false;  // the time budget ended before a refinement the search would have played
  for (int stage = 1; stage <= grid.refinements && !result.partial; ++stage) {
    if (out_of_time()) {
      cut = true;
      break;
    }
    std::map<LatticePoint, size_t> played;
    for (size_t c = 0; c < result.candidates.size(); ++c)
      if (result.candidates[c].trials > 0) played.emplace(result.candidates[c].point, c);
    const std::vector<LatticePoint> points = refinement_points(grid, stage, played, promising);
    if (points.empty()) break;
    if (result.candidates.size() + points.size() > MaxBalanceCandidates) {
      result.refinement_capped = true;
      break;
    }
    members.clear();
    for (const auto& p : points) {
      BalanceCandidate c;
      c.index = result.candidates.size();
      c.stage = stage;
      c.point = p;
      c.assignments = grid.assignments(p);
      c.change = grid.change(p);
      c.goals.resize(result.goals.size());
      ScenarioDocument doc = *base_;
      for (const auto& a : c.assignments) doc.apply_set(a, "--free");
      members.push_back(c.index);
      result.candidates.push_back(std::move(c));
      tallies.emplace_back();
      // --policies best: the new setting's sides play the policies searched for them there.
      if (settings.best_policies &&
          !search_policies(result, members.back(), doc, refined_models, refined_jobs, stop, control, out_of_time)) {
        result.partial = true;
        break;
      }
      if (!settings.best_policies) {
        refined_models.push_back(load_model(doc));
        refined_jobs.push_back(refined_models.back()->make_job(result.seed));
      }
      jobs.push_back(refined_jobs.back().get());
    }
    BalanceStage summary{stage, {}, members.size(), 0, 0, members.size(), 0, 0};
    for (size_t key = 0; key < grid.keys.size(); ++key)
      if (grid.keys[key].continuous)
        summary.spacing.push_back((grid.keys[key].hi - grid.keys[key].lo) * static_cast<double>(uint64_t{1} << (grid.refinements - stage)) /
                                  static_cast<double>(grid.lattice_steps()));
    result.stages.push_back(std::move(summary));
    if (result.partial) break;  // interrupted while the new settings' policies were searched: no look
    finished = race_stage(members, stage) && finished;
  }
  // Step 3: every setting misses a goal. The trade-off is read from estimates: those of the front play
  // on to the cap on the same trials, and the front is taken again among them, so that a setting
  // dropped after one look is not kept (or left out) on a rough estimate.
  std::vector<size_t> front;
  const std::vector<size_t> dropped = with_verdict(result, GoalVerdict::Dropped);
  if (!result.partial && result.stages.front().looks_done > 0 && dropped.size() == result.candidates.size()) {
    front = front_among(result, dropped);
    const uint64_t cap = result.looks.back();
    for (const size_t c : front) {
      if (result.candidates[c].trials >= cap || out_of_time()) continue;
      Tally t;
      if (!play(c, result.candidates[c].trials, cap, t)) {
        result.partial = true;
        break;
      }
      absorb(c, t, cap);
    }
    front = front_among(result, front);
  }
  finish(result, front);
  result.budget_ended = !result.partial && (!finished || cut);
  result.seconds = seconds();
  study.document = balance_result_json(result);
  return study;
}

bool BalanceRace::search_policies(BalanceResult& result, std::vector<std::unique_ptr<ScenarioModel>>& models,
                                  std::vector<std::unique_ptr<TrialJob>>& jobs, const std::atomic<bool>* stop, const StudyControl& control,
                                  const std::function<bool()>& out_of_time) const {
  for (size_t c = 0; c < documents_.size(); ++c)
    if (!search_policies(result, c, documents_[c], models, jobs, stop, control, out_of_time)) return false;
  return true;
}

bool BalanceRace::search_policies(BalanceResult& result, size_t c, ScenarioDocument doc,
                                  std::vector<std::unique_ptr<ScenarioModel>>& models, std::vector<std::unique_ptr<TrialJob>>& jobs,
                                  const std::atomic<bool>* stop, const StudyControl& control,
                                  const std::function<bool()>& out_of_time) const {
  const auto start = Clock::now();
  BalanceCandidate& candidate = result.candidates[c];
  // The --seconds budget ends the searches too; the race then plays no look (it checks the same clock).
  std::vector<std::string> policies;
  if (!out_of_time())
    for (const auto& side : sides_) {
      const BestResult best = best_search(policy_search_settings(settings_, side), doc, stop, {});
      if (best.partial) return false;
      for (const auto& race : best.races) candidate.policy_trials += race.trials;
      candidate.policy_trials += best.confirm_trials;
      for (const auto& a : best.space.assignments(best.best)) policies.push_back(a);
      const std::string changed = best.space.difference(best.best, best.file);
      if (!changed.empty()) candidate.policy_changes += (candidate.policy_changes.empty() ? "" : "; ") + changed;
      candidate.policies_searched = true;
    }
  for (const auto& a : policies) doc.apply_set(a, "--policies");
  models.push_back(load_model(doc));
  jobs.push_back(models.back()->make_job(result.seed));
  candidate.policies = std::move(policies);
  result.policy_trials += candidate.policy_trials;
  result.policy_seconds += std::chrono::duration<double>(Clock::now() - start).count();
  control.report("policies", {{"candidate", c + 1}, {"candidates", result.candidates.size()}, {"trials", result.policy_trials}});
  return true;
}

BalanceStudy balance_study(BalanceSettings settings, const ScenarioOpener& open, const StudyControl& control) {
  return BalanceRace(std::move(settings), open).play(control);
}

namespace {

const char* verdict_word(GoalVerdict v) {
  switch (v) {
    case GoalVerdict::Holds:
      return "holds";
    case GoalVerdict::Dropped:
      return "dropped";
    case GoalVerdict::Open:
      break;
  }
  return "open";
}

nlohmann::json bound_json(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }

}  // namespace

nlohmann::json balance_result_json(const BalanceResult& r) {
  nlohmann::json keys = nlohmann::json::array();
  for (const auto& k : r.grid.keys) {
    keys.push_back({{"key", k.key}, {"type", k.type}, {"file", k.file_value}, {"values", k.values}, {"continuous", k.continuous}});
    if (k.continuous) {
      keys.back()["low"] = k.lo;
      keys.back()["high"] = k.hi;
    }
  }
  nlohmann::json stages = nlohmann::json::array();
  for (const auto& s : r.stages)
    stages.push_back({{"stage", s.stage},
                      {"spacing", s.spacing},
                      {"candidates", s.candidates},
                      {"looks_done", s.looks_done},
                      {"holds", s.holds},
                      {"dropped", s.dropped},
                      {"open", s.open},
                      {"trials", s.trials}});
  nlohmann::json goals = nlohmann::json::array();
  for (const auto& g : r.goals)
    goals.push_back({{"goal", g.text},
                     {"estimate", g.target.name()},
                     {"relation", g.relation()},
                     {"low", bound_json(g.lo)},
                     {"high", bound_json(g.hi)},
                     {"tolerance", g.tolerance},
                     {"probability", g.probability}});
  nlohmann::json candidates = nlohmann::json::array();
  for (const auto& c : r.candidates) {
    nlohmann::json estimates = nlohmann::json::array();
    for (size_t g = 0; g < r.goals.size(); ++g) {
      const Interval& i = c.goals[g];
      estimates.push_back({{"estimate", i.estimate}, {"low", i.low}, {"high", i.high}, {"distance", r.goals[g].distance(i.estimate)}});
    }
    nlohmann::json j = {{"index", c.index},
                        {"stage", c.stage},
                        {"assignments", c.assignments},
                        {"keys_changed", c.change.keys},
                        {"relative_change", c.change.relative},
                        {"trials", c.trials},
                        {"verdict", verdict_word(c.verdict)},
                        {"decided_look", c.decided_look},
                        {"goals", c.trials > 0 ? estimates : nlohmann::json::array()}};
    if (c.verdict == GoalVerdict::Dropped) j["dropped_by"] = r.goals[c.dropped_by].text;
    if (r.best_policies) {
      j["policies"] = c.policies;
      j["policy_changes"] = c.policy_changes;
      j["policies_searched"] = c.policies_searched;
      j["policy_trials"] = c.policy_trials;
    }
    candidates.push_back(std::move(j));
  }
  nlohmann::json document = {{"format", "volley-balance"},
                             {"format_version", 1},
                             {"title", r.title},
                             {"seed", r.seed},
                             {"level", r.level},
                             {"interval_level", r.interval_level},
                             {"keys", std::move(keys)},
                             {"goals", std::move(goals)},
                             {"looks", r.looks},
                             {"looks_done", r.looks_done},
                             {"refinements", r.grid.refinements},
                             {"lattice", r.lattice},
                             {"stages", std::move(stages)},
                             {"refinement_capped", r.refinement_capped},
                             {"ending", r.ending},
                             {"answer", r.answer},
                             {"trials", r.trials},
                             {"grid_trials", r.grid_trials},
                             {"seconds", r.seconds},
                             {"partial", r.partial},
                             {"budget_ended", r.budget_ended},
                             {"candidates", std::move(candidates)}};
  // Which policies the sides play: the file's, or (--policies best) those searched per setting.
  document["policies"] = r.best_policies ? nlohmann::json{{"mode", "best"},
                                                          {"trials_per_policy", r.policy_budget},
                                                          {"steps", r.policy_steps},
                                                          {"trials", r.policy_trials},
                                                          {"seconds", r.policy_seconds}}
                                         : nlohmann::json{{"mode", "file"}};
  return document;
}

}  // namespace volley
