#include "sim/web/live_best.hpp"

#include "sim/scenario/scenario_model.hpp"

#include <chrono>

namespace volley {

namespace {

// A page needs a few pictures a second, not one per round (a local search's rounds can take a few
// milliseconds each): a round's document goes out when the last went this long ago, or a race starts.
constexpr auto RoundInterval = std::chrono::milliseconds(200);

}  // namespace

LiveBest::LiveBest(const BestRequest& request, const ScenarioSources& sources)
    : doc_(sources.open(request.scenario, request.sets, {}, "--set")), settings_(request.settings) {
  const auto model = load_model(doc_);
  title_ = model->title();
  space_ = best_space(settings_, doc_);  // a bad side, key, value or target: std::invalid_argument, nothing played
  const TargetSpec target = settings_.target.metric.empty() ? parse_target(settings_.side + ".win", false) : settings_.target;
  probability_ = target.is_probability(*model->make_job(settings_.seed)->schema());
}

nlohmann::json LiveBest::play(const std::atomic<bool>& stop, const std::function<void(const nlohmann::json&)>& on_round) const {
  // The search so far, as best_result_json writes a partial one (no final targets), marked running.
  BestResult so_far;
  so_far.space = space_;
  so_far.local = space_.size() > settings_.enumerate_limit;
  so_far.starts = so_far.local ? std::max(1, settings_.starts) : 1;
  so_far.side = settings_.side;
  so_far.target = settings_.target.metric.empty() ? settings_.side + ".win" : settings_.target.name();
  so_far.minimise = settings_.minimise;
  so_far.probability = probability_;
  so_far.file = space_.file_policy();
  so_far.seed = settings_.seed;
  so_far.level = settings_.level;
  so_far.delta = settings_.delta;
  so_far.partial = true;
  const auto start = std::chrono::steady_clock::now();
  auto last = start - RoundInterval;
  const auto progress = [&](const BestProgress& p) {
    if (p.record == nullptr) return;
    const bool new_race = so_far.races.size() < static_cast<size_t>(p.race);
    if (new_race) so_far.races.resize(static_cast<size_t>(p.race));
    so_far.races[static_cast<size_t>(p.race) - 1] = *p.record;
    const auto now = std::chrono::steady_clock::now();
    if (!new_race && now - last < RoundInterval) return;
    last = now;
    so_far.best = p.record->candidates[p.record->winner].choice;
    so_far.seconds = std::chrono::duration<double>(now - start).count();
    nlohmann::json j = best_result_json(so_far, title_);
    j["partial"] = false;
    j["running"] = {{"race", p.race}, {"round", p.round}, {"left", p.left}, {"started", p.started}, {"trials", p.trials}};
    on_round(j);
  };
  return best_result_json(best_search(settings_, doc_, &stop, progress), title_);
}

}  // namespace volley
