// The replay study called directly (sim/study/replay_study.hpp): the trial it finds for a condition
// is the first from the given one where the condition holds, as the run's own worker plays them, and
// its narration and frames are those of that trial.
#include "sim/scenario/scenario_model.hpp"
#include "sim/study/replay_study.hpp"

#include <catch2/catch.hpp>

using namespace volley;

namespace {

// german.win of trial t, as a run with this seed plays it.
bool german_wins(const TrialJob& job, uint64_t t) {
  const Schema& schema = *job.schema();
  std::vector<int64_t> obs(schema.observations());
  job.make_worker()->play(t, obs.data());
  return obs[static_cast<size_t>(schema.find("german.win"))] == 1;
}

}  // namespace

TEST_CASE("replay study: --where finds the first trial from --trial on where the condition holds", "[sim][replay]") {
  ReplaySettings settings;
  settings.run.seed = "3";
  settings.trial = 5;
  settings.where = "german.win";
  const ReplayStudy study = replay_study(settings, scenario_argument("herero-ambush"));
  REQUIRE(study.found);
  CHECK(study.seed == 3);
  CHECK(study.first == 5);
  const auto model = load_model(open_scenario("herero-ambush", {}));
  const auto job = model->make_job(3);
  CHECK(german_wins(*job, study.trial));
  for (uint64_t t = 5; t < study.trial; ++t) CHECK_FALSE(german_wins(*job, t));
  CHECK(study.narration == model->replay(3, study.trial));
  CHECK(study.frames.empty());  // no plot asked
}

TEST_CASE("replay study: a search too short finds nothing and narrates nothing; a condition no trial meets is refused", "[sim][replay]") {
  const auto model = load_model(open_scenario("herero-ambush", {}));
  const auto job = model->make_job(1);
  uint64_t losing = 0;
  while (german_wins(*job, losing)) ++losing;
  ReplaySettings settings;
  settings.trial = losing;
  settings.where = "german.win";
  settings.search = 1;
  const ReplayStudy study = replay_study(settings, scenario_argument("herero-ambush"));
  CHECK_FALSE(study.found);
  CHECK(study.narration.empty());
  settings.where = "german.casualties>=999";
  CHECK_THROWS_AS(replay_study(settings, scenario_argument("herero-ambush")), std::invalid_argument);
}

TEST_CASE("replay study: with a plot, the setup and each turn until the trial is decided", "[sim][replay]") {
  ReplaySettings settings;
  settings.trial = 3;
  settings.run.plot = "replay-study-test.svg";  // checked, not written: the command writes the frames
  const ReplayStudy study = replay_study(settings, scenario_argument("rolling-barrage"));
  const auto model = load_model(open_scenario("rolling-barrage", {}));
  REQUIRE(!study.frames.empty());
  CHECK(study.frames.size() <= static_cast<size_t>(model->turns()) + 1);
  for (size_t f = 1; f + 1 < study.frames.size(); ++f) CHECK_FALSE(study.frames[f].decided);
  CHECK((study.frames.back().decided || study.frames.size() == static_cast<size_t>(model->turns()) + 1));
  CHECK(study.narration == model->replay(1, 3));
}
