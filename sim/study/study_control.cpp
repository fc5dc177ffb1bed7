#include "sim/study/study_control.hpp"

#include "sim/scenario/scenario_errors.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <stdexcept>

namespace volley {

ScenarioOpener scenario_argument(const std::string& argument) {
  return [argument](const std::vector<std::string>& sets, const std::vector<std::string>& extra, const std::string& option) {
    return open_scenario(argument, sets, extra, option);
  };
}

TrialsSink StudyControl::trials() const {
  if (!tell_trials || !progress) return {};
  return [this](const TrialsProgress& p) {
    report("trials", {{"label", p.label}, {"done", p.done}, {"planned", p.planned}, {"seconds", p.seconds}, {"ended", p.ended}});
  };
}

bool scenario_takes(const ScenarioOpener& open, const std::vector<std::string>& sets, const std::string& assignment) {
  try {
    (void)load_model(open(sets, {assignment}, "--param"));
    return true;
  } catch (const ScenarioErrors&) {
    return false;
  } catch (const std::invalid_argument&) {
    return false;
  }
}

}  // namespace volley
