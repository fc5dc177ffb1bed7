#include "sim/web/study_streams.hpp"

#include "analysis/digit_grouping.hpp"
#include "sim/study/balance_grid.hpp"
#include "sim/study/balance_study.hpp"
#include "sim/study/best_study.hpp"
#include "sim/study/compare_study.hpp"
#include "sim/study/run_study.hpp"
#include "sim/study/sweep_study.hpp"
#include "sim/study/tune_study.hpp"

#include <memory>

namespace volley {

namespace {

using nlohmann::json;

// The opener of a request's scenario, shared by the study's setup and its play.
std::shared_ptr<const ScenarioOpener> opener_of(const StudyRequest& request, const ScenarioSources& sources) {
  return std::make_shared<const ScenarioOpener>(sources.opener(request.scenario));
}

// A balance's work as planned, before any candidate is loaded: every setting the search can play (a
// continuous key's whole lattice, as its refinements could reach every point) to the trials cap and, under --policies best, each side's search at its most races of policy_trials. RequestError
// 413 beyond limits.max_study_trials (a balance's grid may hold 4096 settings, a sweep's 1000).
void check_balance_work(const BalanceRequest& request, const ScenarioSources& sources) {
  const BalanceSettings& s = request.settings;
  const ScenarioDocument base = sources.open(request.scenario, s.run.sets, {}, "--set");
  const uint64_t candidates = balance_grid(base, s.free, s.refinements).lattice_size();
  // Its tallies, one a setting it plays, kept at once: as many as the lattice at most, each of about
  // the base's size (each setting's own is checked as it is opened).
  const int64_t bins = sources.check_tally_bins(base);
  if (static_cast<long double>(bins) * static_cast<long double>(candidates) > static_cast<long double>(sources.limits.max_study_bins))
    throw RequestError(413, "free: " + grouped(static_cast<int64_t>(candidates)) + " settings of " + grouped(bins) +
                                " histogram bins each; the server keeps at most " + grouped(sources.limits.max_study_bins) + " in all");
  uint64_t sides = 0;
  if (const auto* list = base.root()["sides"].as_array()) sides = list->size();
  // In long double: the product of four request values cannot overflow it.
  const long double per_setting =
      static_cast<long double>(s.max_trials) + (s.best_policies ? static_cast<long double>(sides) * s.policy_steps * s.policy_trials : 0);
  const long double work = per_setting * static_cast<long double>(candidates);
  if (work > static_cast<long double>(sources.limits.max_study_trials))
    throw RequestError(413, "free, trials" + std::string(s.best_policies ? ", policy_trials, policy_steps" : "") + ": " +
                                std::to_string(candidates) + " settings of up to " + std::to_string(static_cast<uint64_t>(per_setting)) +
                                " trials each; at most " + std::to_string(sources.limits.max_study_trials) + " trials in all");
}

}  // namespace

// With `vs`, `volley compare`'s study (variant B the base with those assignments), else `volley run`'s;
// every round of either goes out with its record so far.
StreamedStudy streamed_study(const RunRequest& request, const ScenarioSources& sources) {
  const auto open = opener_of(request, sources);
  const std::vector<StudyEvent> events{{"round", "round", true}};
  if (request.settings.variants.empty()) {
    auto setup = std::make_shared<RunSetup>(run_setup(request.settings.run, *open));
    return {"run", "", setup->settings.planned_trials(),
            [setup, open](const StudyControl& control) { return record_to_json(run_study(std::move(*setup), *open, control).record); },
            events};
  }
  auto setup = std::make_shared<CompareSetup>(compare_setup(request.settings, *open, StudyControl{}));
  return {"compare", "", setup->settings.run.planned_trials(),
          [setup, open](const StudyControl& control) { return record_to_json(compare_study(std::move(*setup), *open, control).record); },
          events};
}

StreamedStudy streamed_study(const SweepRequest& request, const ScenarioSources& sources) {
  auto largest = std::make_shared<std::atomic<int64_t>>(0);
  const auto open = std::make_shared<const ScenarioOpener>(sources.opener(request.scenario, largest));
  auto grid = std::make_shared<const SweepGrid>(sweep_grid(request.settings, *open));
  // Every point's tally is kept to the end (the document holds them): sweep_grid opened each point.
  if (static_cast<long double>(grid->points.size()) * static_cast<long double>(largest->load()) >
      static_cast<long double>(sources.limits.max_study_bins))
    throw RequestError(413, "param: " + grouped(static_cast<int64_t>(grid->points.size())) + " points of up to " +
                                grouped(largest->load()) + " histogram bins each; the server keeps at most " +
                                grouped(sources.limits.max_study_bins) + " in all");
  return {"sweep",
          "",
          grid->settings.run.planned_trials(),
          [grid, open](const StudyControl& control) { return sweep_study(*grid, *open, control).document; },
          {{"sweep", "sweep", false}, {"point", "point", false}}};
}

StreamedStudy streamed_study(const TuneRequest& request, const ScenarioSources& sources) {
  const auto open = opener_of(request, sources);
  auto setup = std::make_shared<const TuneSetup>(tune_setup(request.settings, *open));
  return {"tune",
          "",
          setup->settings.run.planned_trials(),
          [setup, open](const StudyControl& control) { return tune_study(*setup, *open, control).document; },
          {{"value", "value", true}}};
}

StreamedStudy streamed_study(const BestRequest& request, const ScenarioSources& sources) {
  auto setup = std::make_shared<const BestSetup>(best_setup(request.settings, *opener_of(request, sources)));
  return {"best",
          "",
          setup->settings.best.trials,
          [setup](const StudyControl& control) { return best_study(*setup, control).document; },
          {{"race", "round", true}}};
}

StreamedStudy streamed_study(const BalanceRequest& request, const ScenarioSources& sources) {
  check_balance_work(request, sources);
  auto race = std::make_shared<const BalanceRace>(request.settings, *opener_of(request, sources));
  return {"balance",
          "",
          request.settings.max_trials,
          [race](const StudyControl& control) { return race->play(control).document; },
          {{"policies", "policies", false}, {"look", "look", true}}};
}

}  // namespace volley
