#pragma once
// One best-play search of `volley serve` (POST /api/best): a BestRequest, whose BestSettings are those
// `volley best` makes of the same options, searched by the same best_search, so
// that its best policy and tallies are the CLI's bit for bit. The scenario comes only from the
// server's allowed sources; the request's stop flag ends the search at a block boundary. After every
// round of every race the page gets the search so far (a `volley-best` document with `running`), and
// draws the race as it runs.
#include "sim/run/best_search.hpp"
#include "sim/web/live_request.hpp"

#include <nlohmann/json.hpp>

#include <atomic>
#include <functional>

namespace volley {

class LiveBest {
 public:
  // Checks everything before a byte is answered, as `volley best` does before its first trial:
  // throws RequestError, std::invalid_argument (a bad side, key, value or target: 400) or
  // ScenarioErrors (422).
  LiveBest(const BestRequest& request, const ScenarioSources& sources);

  // Runs the search. on_round gets the search so far after each round; the returned document is
  // `volley best --json`'s (partial when `stop` was raised).
  nlohmann::json play(const std::atomic<bool>& stop, const std::function<void(const nlohmann::json&)>& on_round) const;

 private:
  ScenarioDocument doc_;
  BestSettings settings_;
  PolicySpace space_;
  std::string title_;
  bool probability_ = true;
};

}  // namespace volley
