#include "sim/web/live_balance.hpp"

namespace volley {

LiveBalance::LiveBalance(const BalanceRequest& request, const ScenarioSources& sources)
    : race_(std::make_unique<BalanceRace>(request.settings, sources.opener(request.scenario))) {}

nlohmann::json LiveBalance::play(const std::atomic<bool>& stop, const std::function<void(const nlohmann::json&)>& on_look) const {
  StudyControl control;
  control.stop = &stop;
  control.progress = [&](const std::string& step, const nlohmann::json& piece) {
    if (step == "look") on_look(piece.at("result"));
  };
  return race_->play(control).document;
}

}  // namespace volley
