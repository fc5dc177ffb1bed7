#pragma once
// One run of `volley serve`: a RunRequest's settings (those of `volley run`, or of `volley compare`
// when the request has `vs`) turned into the same documents, model, job and plan as the CLI makes, then
// played through the same driver with the request's own stop flag. Its result is therefore the CLI's,
// bit for bit; only how it is reported differs: a record after every round (1, 2, 4, ... blocks, and
// every 16 blocks after that) for the page to draw while the intervals narrow. Every record carries
// what volley run's result file adds for the report page (the headline, the map, the distributions,
// a compare's paired differences), so the page draws each round as the report draws the final one.
#include "sim/scenario/compare_job.hpp"
#include "sim/record/run_record.hpp"
#include "sim/run/run_settings.hpp"
#include "sim/scenario/scenario_model.hpp"
#include "sim/web/live_request.hpp"

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

namespace volley {

// Blocks between two reports once the doubling rounds have passed this size (16 blocks: 65,536
// trials, about 0.13 s of the default scenario on 2 cores).
inline constexpr uint64_t LiveReportBlocks = 16;

class LiveRun {
 public:
  // Opens and checks everything before a byte is answered: throws RequestError (a bad seed or
  // precision: 400; a file not allowed: 403) or ScenarioErrors (the scenario text, file or a
  // --set is wrong: every error with its line).
  LiveRun(const RunRequest& request, const ScenarioSources& sources);

  // Plays the run. on_round gets the record of every completed block so far (marked partial) after
  // each round but the last; the returned record is the final one (partial when `stop` was raised).
  RunRecord play(const std::atomic<bool>& stop, const std::function<void(const RunRecord&)>& on_round) const;

  const RunRecord& record_template() const noexcept { return record_; }

 private:
  // What a result carries for the page beyond the tallies (the map, distributions, the paired
  // differences: sim/output/result_presentation.hpp), as volley run and compare write it.
  void present(RunRecord& record, const std::string& map) const;

  RunSettings settings_;
  std::vector<std::unique_ptr<ScenarioModel>> models_;
  std::unique_ptr<TrialJob> job_;
  const CompareJob* compare_ = nullptr;  // job_, when the request has vs
  std::string headline_;
  RunRecord record_;
};

}  // namespace volley
