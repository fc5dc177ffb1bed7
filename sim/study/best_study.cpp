#include "sim/study/best_study.hpp"

#include "sim/run/interrupt.hpp"
#include "sim/run/run_session.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <algorithm>
#include <chrono>
#include <optional>
#include <stdexcept>

namespace volley {

namespace {

// A page's pictures of a single search: a round's document goes out when the last went this long ago,
// or a race starts.
constexpr auto RoundInterval = std::chrono::milliseconds(200);

// The search so far, as best_result_json writes a partial one (no final targets), marked running.
class SearchSoFar {
 public:
  explicit SearchSoFar(const BestSetup& setup) : title_(setup.title) {
    const BestSettings& best = setup.settings.best;
    so_far_.space = setup.space;
    so_far_.local = setup.space.size() > best.enumerate_limit;
    so_far_.starts = so_far_.local ? std::max(1, best.starts) : 1;
    so_far_.side = best.side;
    so_far_.target = best.target.metric.empty() ? best.side + ".win" : best.target.name();
    so_far_.minimise = best.minimise;
    const TargetSpec target = best.target.metric.empty() ? parse_target(best.side + ".win", false) : best.target;
    so_far_.probability = target.is_probability(*setup.model->make_job(best.seed)->schema());
    so_far_.file = setup.space.file_policy();
    so_far_.seed = best.seed;
    so_far_.level = best.level;
    so_far_.delta = best.delta;
    so_far_.partial = true;
  }

  // The document after this round, or null when the last went out less than RoundInterval ago.
  nlohmann::json after(const BestProgress& p) {
    if (p.record == nullptr) return nullptr;
    const bool new_race = so_far_.races.size() < static_cast<size_t>(p.race);
    if (new_race) so_far_.races.resize(static_cast<size_t>(p.race));
    so_far_.races[static_cast<size_t>(p.race) - 1] = *p.record;
    const auto now = std::chrono::steady_clock::now();
    if (!new_race && now - last_ < RoundInterval) return nullptr;
    last_ = now;
    so_far_.best = p.record->candidates[p.record->winner].choice;
    so_far_.seconds = std::chrono::duration<double>(now - start_).count();
    nlohmann::json j = best_result_json(so_far_, title_);
    j["partial"] = false;
    j["running"] = {{"race", p.race}, {"round", p.round}, {"left", p.left}, {"started", p.started}, {"trials", p.trials}};
    return j;
  }

 private:
  BestResult so_far_;
  std::string title_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now(), last_ = start_ - RoundInterval;
};

}  // namespace

BestSetup best_setup(BestStudySettings settings, const ScenarioOpener& open) {
  const RunSettings& run = settings.run;
  BestSettings& best = settings.best;
  if (best.side.empty()) throw std::invalid_argument("--side: name the side whose policy is searched");
  if (!(best.delta > 0)) throw std::invalid_argument("--delta: expected a positive indifference zone");
  if (!(best.seconds >= 0)) throw std::invalid_argument("--seconds: expected 0 (no budget) or a positive number of seconds");
  if (!run.shard.empty())
    throw std::invalid_argument(
        "--shard: volley best does not run in shards: each round of its race eliminates candidates on the tallies of every "
        "block, which separate processes do not share; run it under MPI ranks instead (mpirun -np N volley best ...), which "
        "share each round's tallies (docs/methods.md, \"Races under MPI ranks\")");
  if (!run.precision.empty() || !run.plot.empty())
    throw std::invalid_argument("volley best takes no --precision or --plot (its race stops by its own rule)");
  if (!settings.value.empty() && (settings.respond || !run.csv.empty()))
    throw std::invalid_argument("--value: not with --respond or --csv (its searches are in --json)");
  if (settings.respond && !run.csv.empty()) throw std::invalid_argument("--csv: not with --respond (its steps are in --json)");
  if (!settings.target.empty()) best.target = parse_target(settings.target, false);
  best.level = run.level;
  best.threads = run.threads;
  best.trials = run.trials_option > 0 ? run.trials_option : best.trials;
  best.seed = run.seed_value();
  BestSetup setup;
  setup.doc = open(run.sets, {}, "--set");
  setup.model = load_model(*setup.doc);
  setup.title = setup.model->title();
  // Every bad input is refused here, before any trial: side, keys, values, target.
  setup.space = best_space(best, *setup.doc);
  if (!settings.value.empty()) (void)check_rule_value(best, *setup.doc, settings.value);
  check_outputs(run);
  setup.settings = std::move(settings);
  return setup;
}

BestStudy best_study(BestStudySettings settings, const ScenarioOpener& open, const StudyControl& control) {
  return best_study(best_setup(std::move(settings), open), control);
}

BestStudy best_study(const BestSetup& setup, const StudyControl& control) {
  const BestStudySettings& settings = setup.settings;
  const BestSettings& best = settings.best;
  const ScenarioDocument& doc = *setup.doc;
  BestStudy study;
  study.title = setup.title;
  control.report("start",
                 {{"title", study.title}, {"space", describe_space(setup.space)}, {"local", setup.space.size() > best.enumerate_limit}});

  const std::atomic<bool>* stop = control.stop != nullptr ? control.stop : install_interrupt_handlers();
  std::optional<SearchSoFar> so_far;
  if (control.tell_documents && settings.value.empty() && !settings.respond) so_far.emplace(setup);
  const auto progress = [&](const BestProgress& p) {
    nlohmann::json piece = {{"race", p.race}, {"round", p.round}, {"left", p.left}, {"started", p.started}, {"trials", p.trials}};
    if (so_far)
      if (nlohmann::json j = so_far->after(p); !j.is_null()) piece["result"] = std::move(j);
    control.report("race", piece);
  };
  if (!settings.value.empty()) {
    study.value = rule_value(best, doc, settings.value, stop, progress);
    study.document = rule_value_json(*study.value, study.title);
    study.partial = study.value->partial;
  } else if (settings.respond) {
    study.responses = best_responses(best, doc, stop, progress);
    study.document = response_result_json(*study.responses, study.title);
    study.partial = study.responses->partial;
  } else {
    study.search = best_search(best, doc, stop, progress);
    study.document = best_result_json(*study.search, study.title);
    study.partial = study.search->partial;
  }
  return study;
}

}  // namespace volley
