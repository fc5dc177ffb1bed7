#pragma once
// Each study a request asks for, as `volley serve` streams it: the request's typed settings given to
// the study's own setup (sim/study/), so that every check is made and every scenario loaded before a
// byte is answered (a refusal has its own status), then the study itself played while the stream
// goes, with the request's stop flag, its steps going out as the events of docs/api.md. The results
// are therefore the command line's, bit for bit; only how they are reported differs.
#include "sim/study/study_control.hpp"
#include "sim/web/live_request.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace volley {

// A step of a study that goes out as an event: the step's piece itself, or only its `result` (the
// document so far, StudyControl::tell_documents), when it has one.
struct StudyEvent {
  std::string step;
  const char* event;
  bool result_only;
};

// A study checked and loaded, ready to play.
struct StreamedStudy {
  std::string command;          // the volley command that plays it: run, compare, sweep, tune, best or balance
  std::string command_line;     // that command in full (sim/web/equivalent_command.hpp), once the request is known
  uint64_t trials_planned = 0;  // what the "start" event announces
  // Plays the study (once) and gives its result document (the "done" event's).
  std::function<nlohmann::json(const StudyControl& control)> play;
  std::vector<StudyEvent> events;
};

// Throw RequestError, std::invalid_argument or ScenarioErrors before anything is played. The study
// refers to `sources`, which must outlive it.
StreamedStudy streamed_study(const RunRequest& request, const ScenarioSources& sources);
StreamedStudy streamed_study(const SweepRequest& request, const ScenarioSources& sources);
StreamedStudy streamed_study(const TuneRequest& request, const ScenarioSources& sources);
StreamedStudy streamed_study(const BestRequest& request, const ScenarioSources& sources);
StreamedStudy streamed_study(const BalanceRequest& request, const ScenarioSources& sources);

}  // namespace volley
