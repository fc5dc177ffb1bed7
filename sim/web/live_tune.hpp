#pragma once
// One tune of `volley serve` (POST /api/tune): a TuneRequest, whose axis, target and settings are those
// `volley tune` makes of the same options, searched by the same tune_search with each
// value's run through the same driver, so its values and root are the CLI's bit for bit. The
// scenario comes only from the server's allowed sources; the request's stop flag ends the value in
// play at a block boundary. The page draws the result after every evaluated value (the search's
// picture filling in).
#include "analysis/target.hpp"
#include "sim/run/parameter_axis.hpp"
#include "sim/run/run_settings.hpp"
#include "sim/web/live_request.hpp"

#include <nlohmann/json.hpp>

#include <atomic>
#include <functional>

namespace volley {

class LiveTune {
 public:
  // Checks everything before a byte is answered, as `volley tune` does before its first value:
  // throws RequestError, std::invalid_argument (a bad param or target: 400) or ScenarioErrors (422).
  LiveTune(const TuneRequest& request, const ScenarioSources& sources);

  // Runs the search. on_value gets the partial result (tune_result_json) after each evaluated value;
  // the returned result is the final one (partial when `stop` was raised).
  nlohmann::json play(const std::atomic<bool>& stop, const std::function<void(const nlohmann::json&)>& on_value) const;

 private:
  // The scenario with the request's assignments, then a value's.
  ScenarioDocument open(const std::vector<std::string>& extra) const;

  RequestScenario scenario_;
  const ScenarioSources& sources_;
  RunSettings settings_;
  ParameterAxis axis_;
  TargetSpec target_;
  int steps_ = 0;
  std::string title_;
  uint64_t seed_ = 0;
};

}  // namespace volley
