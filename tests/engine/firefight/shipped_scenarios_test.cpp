// The shipped firefight scenarios through the whole stack: bit-identical tallies at 1 and 2 threads,
// replay through the same code path as a run, and (heavy) the SF-E / SF-I invariants over 10^6
// trials with policy always.
#include "sim/run/driver.hpp"
#include "sim/scenario/embedded_scenarios.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

using namespace volley;

namespace {

const std::vector<std::string> Shipped = {"herero-ambush", "osona", "river-bed"};

std::unique_ptr<ScenarioModel> shipped(const std::string& name, std::vector<std::string> sets = {}) {
  return load_model(open_scenario(name, sets));
}

Tally run(const ScenarioModel& model, uint64_t trials, int threads, uint64_t seed = 1) {
  RunPlan plan;
  plan.trials = trials;
  plan.threads = threads;
  plan.block_size = 1024;
  return run_trials(*model.make_job(seed), plan).tally;
}

}  // namespace

TEST_CASE("shipped firefight scenarios are embedded and load as firefights", "[engine][firefight][shipped]") {
  for (const auto& name : Shipped) {
    CAPTURE(name);
    bool embedded = false;
    for (const auto& s : embedded_scenarios()) embedded |= name == s.name;
    CHECK(embedded);
    const auto model = shipped(name);
    CHECK(model->kind() == "firefight");
    CHECK(model->headline_metric() == "herero.win");
    CHECK(model->turns() >= 8);
  }
  CHECK(std::string(DefaultScenarioName) == "herero-ambush");
}

TEST_CASE("shipped firefight scenarios: bit-identical tallies at 1 and 2 threads", "[engine][firefight][shipped][determinism]") {
  for (const auto& name : Shipped) {
    CAPTURE(name);
    const auto model = shipped(name);
    const Tally one = run(*model, 20'000, 1);
    const Tally two = run(*model, 20'000, 2);
    CHECK(one == two);
    CHECK(one.signature() == two.signature());
  }
}

TEST_CASE("replay of a trial gives the same observations as the run's worker for that trial", "[engine][firefight][shipped][replay]") {
  for (const auto& name : Shipped) {
    CAPTURE(name);
    const auto model = shipped(name);
    const auto job = model->make_job(42);
    auto worker = job->make_worker();
    const auto& schema = *job->schema();
    std::vector<int64_t> obs(schema.observations());
    for (uint64_t trial : {uint64_t{0}, uint64_t{1}, uint64_t{17}, uint64_t{4095}, uint64_t{123456789}}) {
      CAPTURE(trial);
      worker->play(trial, obs.data());
      const std::string text = model->replay(42, trial);
      CHECK(text.find("card: ") != std::string::npos);
      for (size_t i = 0; i < schema.size(); ++i) {
        const std::string line = "  " + schema.metrics[i].name + " = " + std::to_string(obs[i]) + "\n";
        CHECK(text.find(line) != std::string::npos);
      }
    }
  }
}

TEST_CASE("The map model: every unit at the setup and at the end of a turn, hidden units marked as such",
          "[engine][firefight][shipped][map]") {
  const auto model = shipped("herero-ambush");
  for (int turn : {0, 1, 8}) {
    CAPTURE(turn);
    const volley::MapModel map = model->map_data(1, 3, turn);
    CHECK(map.width == 48);  // the table, inches (48" x 36")
    int units = 0;
    for (const auto& mark : map.marks)
      units +=
          mark.kind == volley::MapMarkKind::Unit || mark.kind == volley::MapMarkKind::Hidden || mark.kind == volley::MapMarkKind::Broken;
    CHECK(units == 10);
  }
  const auto setup = model->map_data(1, 3, 0);
  CHECK(std::any_of(setup.marks.begin(), setup.marks.end(),
                    [](const volley::MapMark& m) { return m.kind == volley::MapMarkKind::Hidden && m.side == "herero"; }));
}

namespace {

// SF-E and SF-I as counted by the kernel: no declaration in the turn after one, no reloading unit
// that fires (sums over every trial of the tally must be 0).
void check_invariants(const std::string& name) {
  const auto model = shipped(name, {"herero.policy=always"});
  const Tally tally = run(*model, 1'000'000, 2, 20261129);
  const auto& schema = tally.schema();
  const auto sum = [&](const std::string& metric) {
    const long i = schema.find(metric);
    REQUIRE(i >= 0);
    return static_cast<int64_t>(tally.sum(static_cast<size_t>(i)));
  };
  CHECK(tally.trials() == 1'000'000);
  CHECK(sum("herero.schnellfeuer") > 0);  // the invariants are exercised
  CHECK(sum("herero.consecutive_declarations") == 0);
  CHECK(sum("herero.reloading_fired") == 0);
  CHECK(sum("german.reloading_fired") == 0);
}

}  // namespace

TEST_CASE("SF-E and SF-I invariants over 10^6 trials of herero-ambush with policy always",
          "[engine][firefight][shipped][heavy][SF-E][SF-I]") {
  check_invariants("herero-ambush");
}

TEST_CASE("SF-E and SF-I invariants over 10^6 trials of osona with policy always", "[engine][firefight][shipped][heavy][SF-E][SF-I]") {
  check_invariants("osona");
}

TEST_CASE("SF-E and SF-I invariants over 10^6 trials of river-bed with policy always", "[engine][firefight][shipped][heavy][SF-E][SF-I]") {
  check_invariants("river-bed");
}
