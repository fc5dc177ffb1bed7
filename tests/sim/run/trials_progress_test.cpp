// A run's progress reaches the study's sink (sim/run/trials_progress.hpp, StudyControl::tell_trials):
// "trials" steps with the trials done of those planned, the last one saying the run ended; none when
// the control does not ask for them.
#include "sim/study/run_study.hpp"

#include <catch2/catch.hpp>

#include <vector>

using namespace volley;

namespace {

std::vector<nlohmann::json> trials_told(bool tell, uint64_t trials) {
  std::vector<nlohmann::json> told;
  StudyControl control;
  control.tell_trials = tell;
  control.progress = [&](const std::string& step, const nlohmann::json& piece) {
    if (step == "trials") told.push_back(piece);
  };
  RunSettings settings;
  settings.trials = settings.trials_option = trials;
  settings.threads = 1;
  (void)run_study(settings, scenario_argument("herero-ambush"), control);
  return told;
}

}  // namespace

TEST_CASE("A study tells its run's trials to the progress sink as the run goes, the last step saying it ended", "[sim][terminal]") {
  const auto told = trials_told(true, 400'000);  // long enough (over half a second) that the run is told of
  REQUIRE(told.size() >= 2);
  for (size_t i = 0; i + 1 < told.size(); ++i) {
    CHECK_FALSE(told[i]["ended"].get<bool>());
    CHECK(told[i]["planned"].get<uint64_t>() == 400'000);
    CHECK(told[i]["done"].get<uint64_t>() <= 400'000);
    CHECK(told[i]["seconds"].get<double>() >= 0.5);
    if (i > 0) CHECK(told[i]["done"].get<uint64_t>() >= told[i - 1]["done"].get<uint64_t>());
  }
  CHECK(told.back()["ended"].get<bool>());
  CHECK(trials_told(false, 400'000 / 16).empty());
}
