#pragma once
// One balance of `volley serve` (POST /api/balance): the settings `volley balance` would make of the
// same options (read by parse_balance_request), checked and loaded before a byte is answered, then
// raced by the same study (sim/study/balance_study.hpp), so its document is the CLI's bit for bit. The
// scenario comes only from the server's allowed sources; the request's stop flag ends the look in play
// at a block boundary. The page gets the race after every look.
#include "sim/study/balance_study.hpp"
#include "sim/web/live_request.hpp"

#include <nlohmann/json.hpp>

#include <atomic>
#include <functional>
#include <memory>

namespace volley {

class LiveBalance {
 public:
  // Throws RequestError, std::invalid_argument (a bad free key or goal: 400) or ScenarioErrors (422).
  LiveBalance(const BalanceRequest& request, const ScenarioSources& sources);

  // Runs the race. on_look gets the result so far after each look; the returned result is the final
  // one (partial when `stop` was raised).
  nlohmann::json play(const std::atomic<bool>& stop, const std::function<void(const nlohmann::json&)>& on_look) const;

 private:
  std::unique_ptr<BalanceRace> race_;
};

}  // namespace volley
