#pragma once
// `volley best`'s study: the policy of one side that maximises (minimises) a target, by the race of
// sim/run/best_search.hpp (docs/methods.md, "Best play"); or (`respond`) the sides' alternating best
// responses, to an equilibrium or a cycle; or (`value`) what a rule is worth under best play. Its
// result document is volley-best, volley-best-respond or volley-best-value (docs/json-format.md).
#include "sim/run/best_search.hpp"
#include "sim/run/run_settings.hpp"
#include "sim/scenario/scenario_model.hpp"
#include "sim/study/study_control.hpp"

#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
#include <string>

namespace volley {

struct BestStudySettings {
  RunSettings run;     // scenario, --set, --trials (the most one candidate plays in one race), seed, level, threads, outputs
  BestSettings best;   // side, delta, seconds, spaces and fixes, local search; its trials, seed, level and threads from `run`
  std::string target;  // METRIC or NAME>=k as typed (empty: SIDE.win)
  bool respond = false;
  std::string value;  // KEY[=OFF]: the rule whose worth is asked (empty: none)
};

struct BestStudy {
  std::string title;                        // the scenario's
  std::optional<BestResult> search;         // a single search
  std::optional<ResponseResult> responses;  // respond
  std::optional<RuleValue> value;           // value
  nlohmann::json document;
  bool partial = false;  // interrupted: the races completed so far
};

// A best-play study checked and loaded, nothing played yet (as RunSetup).
struct BestSetup {
  BestStudySettings settings;  // `best` with its trials, seed, level, threads and target from `run`
  std::optional<ScenarioDocument> doc;
  std::unique_ptr<ScenarioModel> model;
  std::string title;
  PolicySpace space;
};

// Every bad input (side, keys, values, target, a combination of options) is refused
// (std::invalid_argument, ScenarioErrors) before any trial.
BestSetup best_setup(BestStudySettings settings, const ScenarioOpener& open);

// Plays the study. Progress: "start" (title, space: its description, local: searched by one-step
// deviations) before the first race, then "race" (race, round, left, started, trials) after each
// round of each race. With control.tell_documents a single search's "race" also carries the search
// so far (a volley-best document with `running`: the race, round, left, started and trials) as
// `result`, at the first round of each race and then at most every 200 ms: a page needs a few
// pictures a second, and a local search's rounds can take a few milliseconds each.
BestStudy best_study(const BestSetup& setup, const StudyControl& control);
// best_setup, then best_study.
BestStudy best_study(BestStudySettings settings, const ScenarioOpener& open, const StudyControl& control);

}  // namespace volley
