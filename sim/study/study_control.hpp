#pragma once
// What every study (sim/study/) takes beside its typed settings: where its scenarios come from, how it
// is stopped, and where its progress goes. The command line and `volley serve` each give their own:
// the command line opens files and shipped names and stops on SIGINT/SIGTERM; the server opens only
// its allowed sources and stops when the client goes away.
#include "sim/run/trials_progress.hpp"
#include "sim/scenario/scenario_document.hpp"

#include <nlohmann/json.hpp>

#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace volley {

// The scenario with `sets` and then `extra` applied in order; errors on `extra` name `option` (compare's
// --vs, sweep's and tune's --param). Throws ScenarioErrors or std::invalid_argument.
using ScenarioOpener =
    std::function<ScenarioDocument(const std::vector<std::string>& sets, const std::vector<std::string>& extra, const std::string& option)>;

// The command line's: SCENARIO as a path, a shipped scenario's name, or empty for the default (open_scenario).
ScenarioOpener scenario_argument(const std::string& argument);

// Whether the scenario, with `sets`, takes one more assignment (parse_axis's comma keys): it loads.
bool scenario_takes(const ScenarioOpener& open, const std::vector<std::string>& sets, const std::string& assignment);

struct StudyControl {
  // Set asynchronously to stop at the next block boundary; null: SIGINT or SIGTERM stops it.
  const std::atomic<bool>* stop = nullptr;
  // Told of each step as the study goes, with its piece of the result: "note" (a text for people),
  // "start" (what is about to be played), "value" (tune: one evaluated value). May be empty.
  std::function<void(const std::string& step, const nlohmann::json& piece)> progress;
  // Also tell "trials" (label, done, planned, seconds; ended: the run is over) every 200 ms of each
  // run the study plays, for a progress bar (sim/run/trials_progress.hpp).
  bool tell_trials = false;
  // Also give the steps a page draws as the study goes ("round" of a run or compare, "value" of a
  // tune, "race" of a best-play search) the result document so far, as `result` (balance's "look"
  // and sweep's "point" always carry theirs). A run then ends its rounds at 1, 2, 4, ... blocks and
  // every LiveReportBlocks after that (sim/run/run_session.hpp), so that the page sees an answer early.
  bool tell_documents = false;

  void report(const std::string& step, const nlohmann::json& piece) const {
    if (progress) progress(step, piece);
  }
  // The sink a study hands the driver's runs: empty unless tell_trials (the run then plays on the
  // calling thread, as without a progress bar). Valid while this control lives.
  TrialsSink trials() const;
};

}  // namespace volley
