// The barrage scenario kind: loading, --set, scenario errors, the shipped scenarios (bit-identical at
// 1 and 2 threads, replay = run), map data.
#include "engine/barrage/barrage_scenario.hpp"
#include "sim/scenario/barrage_reader.hpp"
#include "sim/run/driver.hpp"
#include "sim/scenario/embedded_scenarios.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

using namespace volley;
using namespace volley::barrage;

namespace {

const std::vector<std::string> ShippedBarrage{"rolling-barrage", "designated-targets", "pre-registered"};

const char* const Base = R"(kind = "barrage"
title = "base"
turns = 6
sides = ["british", "german"]
attacker = "british"

[british]
command_dice = 6

[[british.batteries]]
name = "A"

[[british.missions]]
name = "RB1"
battery = "A"
type = "rolling"
start = [36, 6]
speed = 6

[[british.units]]
name = "Inf"
position = [36, 2]
velocity = [0, 6]

[german]

[[german.units]]
name = "G1"
position = [36, 30]
)";

ScenarioDocument document(const std::string& text, const std::vector<std::string>& sets = {}) {
  ScenarioDocument doc = ScenarioDocument::from_string(text, "test.toml");
  for (const auto& s : sets) doc.apply_set(s);
  return doc;
}

// The errors a text (with --set) gives; empty if it loads.
std::vector<ScenarioError> errors_of(const std::string& text, const std::vector<std::string>& sets = {}) {
  try {
    read_barrage_scenario(document(text, sets));
  } catch (const ScenarioErrors& e) {
    return e.errors();
  }
  return {};
}

// The one error on `key`, its message holding `fragment`.
void require_error(const std::vector<ScenarioError>& errors, const std::string& key, const std::string& fragment, bool located = true) {
  std::string all;
  for (const auto& e : errors) all += e.format() + "\n";
  INFO(all);
  bool found = false;
  for (const auto& e : errors)
    if (e.key == key && e.message.find(fragment) != std::string::npos) {
      found = true;
      if (located) CHECK(e.line > 0);
    }
  CHECK(found);
}

std::string replace(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

// Base with one more battery of `side`, named `battery`, firing one mission named `mission`; `keys`
// are the mission's other lines (its type first).
std::string with_new_battery(const std::string& side, const std::string& battery, const std::string& mission, const std::string& keys) {
  return std::string(Base) + "\n[[" + side + ".batteries]]\nname = \"" + battery + "\"\n\n[[" + side + ".missions]]\nname = \"" + mission +
         "\"\nbattery = \"" + battery + "\"\n" + keys;
}

}  // namespace

TEST_CASE("barrage loader: the base scenario loads with every default", "[sim][barrage][loader]") {
  const BarrageScenario sc = read_barrage_scenario(document(Base));
  CHECK(sc.turns == 6);
  CHECK(sc.sides[0].name == "british");
  CHECK(sc.attacker == 0);
  CHECK(sc.table == Size{7200, 4800});
  CHECK(sc.ruleset.forced_back == 600);
  CHECK(sc.ruleset.command_failures);
  CHECK(sc.ruleset.unpaid_start == UnpaidStart::Delay);  // B-4 [assumed]
  CHECK(sc.sides[0].staff_orders == 6);                  // defaults to the command dice
  CHECK(sc.sides[0].home_edge == Edge::South);
  CHECK(sc.sides[1].home_edge == Edge::North);
  CHECK(sc.sides[1].supply_dice == 4);  // nation "other"
  REQUIRE(sc.missions.size() == 1);
  CHECK(std::get<RollingBarrage>(sc.missions[0].kind).step == Point{0, 600});  // default direction: away from its home edge
  CHECK(sc.units[0].footprint == Size{240, 160});
  CHECK(sc.units[1].reaction_dice == 4);
  CHECK(sc.units[1].cohesion == 3);
}

TEST_CASE("barrage loader: --set reaches the ruleset, sides and named list entries", "[sim][barrage][loader]") {
  const BarrageScenario sc =
      read_barrage_scenario(document(Base, {"ruleset.forced_back=0", "british.missions.RB1.speed=8", "british.missions.RB1.direction=[1,1]",
                                            "ruleset.command_failures=false", "german.nation=germany", "german.units.G1.cover=heavy",
                                            "ruleset.comms_rule=any-success", "british.restock=fixed:2", "ruleset.unpaid_start=cancel"}));
  CHECK(sc.ruleset.forced_back == 0);
  const auto& rolling = std::get<RollingBarrage>(sc.missions[0].kind);
  CHECK(rolling.speed == 800);
  CHECK(rolling.step == Point{566, 566});
  CHECK_FALSE(sc.ruleset.command_failures);
  CHECK(sc.sides[1].supply_dice == 3);  // Germany [book]
  CHECK(sc.units[1].cover == Cover::Heavy);
  CHECK(sc.ruleset.comms_rule == CommsRule::AnySuccess);
  CHECK(sc.sides[0].restock == RestockRule::Fixed);
  CHECK(sc.sides[0].restock_fixed == 2);
  CHECK(sc.ruleset.unpaid_start == UnpaidStart::Cancel);
}

TEST_CASE("barrage loader: a defender's rolling barrage is an error", "[sim][barrage][loader][PF-RB]") {
  const std::string text = with_new_battery("german", "G", "GR", "type = \"rolling\"\nstart = [36, 40]\nspeed = 6\n");
  require_error(errors_of(text), "german.missions.GR.type", "attacker only");
}

TEST_CASE("barrage loader: a rolling barrage under 4 inches per turn is an error", "[sim][barrage][loader][PF-RB]") {
  require_error(errors_of(replace(Base, "speed = 6", "speed = 3.5")), "british.missions.RB1.speed", "at least 4");
  require_error(errors_of(Base, {"british.missions.RB1.speed=3"}), "british.missions.RB1.speed", "at least 4", false);
  CHECK(errors_of(Base, {"british.missions.RB1.speed=4"}).empty());
}

TEST_CASE("barrage loader: more than two pre-registered points for a battery is an error", "[sim][barrage][loader][PF-PR]") {
  const std::string three =
      with_new_battery("german", "G", "P", "type = \"pre-registered\"\npoints = [{at = [10, 10]}, {at = [20, 10]}, {at = [30, 10]}]\n");
  require_error(errors_of(three), "german.missions.P.points", "at most 2 per battery");
  // A second mission on G, with one more point: three in all.
  const std::string two_missions =
      with_new_battery("german", "G", "P", "type = \"pre-registered\"\npoints = [{at = [10, 10]}, {at = [20, 10]}]\n") +
      "\n[[german.missions]]\nname = \"Q\"\nbattery = \"G\"\ntype = \"pre-registered\"\npoints = [{at = [30, 10]}]\n";
  require_error(errors_of(two_missions), "german.missions.Q.points", "3 pre-registered points");
  const std::string ok = replace(three, ", {at = [30, 10]}", "");
  CHECK(errors_of(ok).empty());
}

TEST_CASE("barrage loader: PF-DT: a designated target may note its own sheaf; without one it fires the mission's",
          "[sim][barrage][loader][PF-DT]") {
  const std::string dt = with_new_battery("british", "B", "DT",
                                          "type = \"designated\"\nsheaf = \"regular\"\n"
                                          "targets = [{at = [20, 30], turns = 2}, {at = [36, 36], turns = 4, sheaf = \"converged\"}]\n");
  const BarrageScenario sc = read_barrage_scenario(document(dt));
  REQUIRE(sc.missions.size() == 2);
  const auto& targets = std::get<DesignatedTargets>(sc.missions[1].kind).targets;
  REQUIRE(targets.size() == 2);
  CHECK(sc.missions[1].sheaf == Sheaf::Regular);
  CHECK_FALSE(targets[0].sheaf.has_value());
  CHECK(targets[1].sheaf == Sheaf::Converged);
  const BarrageScenario set = read_barrage_scenario(document(dt, {"british.missions.DT.targets.0.sheaf=converged"}));
  CHECK(std::get<DesignatedTargets>(set.missions[1].kind).targets[0].sheaf == Sheaf::Converged);
  require_error(errors_of(dt, {"british.missions.DT.targets.1.sheaf=creeping"}), "british.missions.DT.targets.1.sheaf", "converged", false);
}

TEST_CASE("barrage loader: a template or a unit off the table at the start is an error", "[sim][barrage][loader]") {
  require_error(errors_of(replace(Base, "start = [36, 6]", "start = [36, 50]")), "british.missions.RB1.start", "off the table");
  require_error(errors_of(replace(Base, "position = [36, 30]", "position = [36, 47.5]")), "german.units.G1.position", "off the table");
  require_error(errors_of(replace(Base, "position = [36, 30]", "zone = [30, 40, 40, 47.5]")), "german.units.G1.zone", "off the table");
  const std::string dt = with_new_battery("british", "B", "DT", "type = \"designated\"\ntargets = [{at = [80, 10], turns = 2}]\n");
  require_error(errors_of(dt), "british.missions.DT.targets.0.at", "off the table");
  const std::string pr = with_new_battery("german", "G", "P", "type = \"pre-registered\"\npoints = [{name = \"ford\", at = [10, -1]}]\n");
  require_error(errors_of(pr), "german.missions.P.points.ford.at", "off the table");
}

TEST_CASE("barrage loader: a mission for a battery that does not exist is an error", "[sim][barrage][loader]") {
  require_error(errors_of(replace(Base, "battery = \"A\"", "battery = \"Z\"")), "british.missions.RB1.battery",
                "no battery of british named 'Z'");
  require_error(errors_of(replace(Base, "battery = \"A\"", "batteries = [\"A\", \"Z\"]")), "british.missions.RB1.batteries", "named 'Z'");
  require_error(errors_of(replace(Base, "battery = \"A\"", "batteries = [\"A\", \"A\"]")), "british.missions.RB1.batteries",
                "listed twice");
  const BarrageScenario two =
      read_barrage_scenario(document(replace(replace(Base, "battery = \"A\"", "batteries = [\"A\", \"B\"]"), "[[british.missions]]",
                                             "[[british.batteries]]\nname = \"B\"\n\n[[british.missions]]")));
  CHECK(two.missions[0].batteries == std::vector<int>{0, 1});
}

TEST_CASE("barrage loader: negative counts and unknown keys are errors", "[sim][barrage][loader]") {
  require_error(errors_of(replace(Base, "command_dice = 6", "command_dice = -1")), "british.command_dice", "expected an integer in [0");
  require_error(errors_of(Base, {"german.supply_dice=-3"}), "german.supply_dice", "expected an integer in [0", false);
  require_error(errors_of(Base, {"turns=0"}), "turns", "expected an integer in [1", false);
  require_error(errors_of(Base, {"german.units.G1.reaction_dice=-1"}), "german.units.G1.reaction_dice", "[0", false);
  require_error(errors_of(Base, {"ruleset.unpaid_start=skip"}), "ruleset.unpaid_start", "", false);
  require_error(errors_of(Base, {"british.units.Inf.colour=red"}), "british.units.Inf.colour", "unknown key", false);
  require_error(errors_of(Base, {"british.missions.RB1.targets=[{at=[1,1]}]"}), "british.missions.RB1.targets", "only a designated", false);
  require_error(errors_of(replace(Base, "sides = [\"british\", \"german\"]", "sides = [\"british\"]")), "sides",
                "two different side names");
}

TEST_CASE("barrage loader: Blinds hold named units at offsets, or are dummies", "[sim][barrage][loader][B-1]") {
  const std::string text =
      replace(Base, "[german]\n", "[german]\n") +
      "\n[[german.units]]\nname = \"G2\"\n\n[[german.blinds]]\nname = \"B\"\nposition = [20, 30]\nvelocity = [0, -2]\n"
      "units = [{name = \"G2\", offset = [1, 0]}]\n\n[[german.blinds]]\nname = \"D\"\nposition = [50, 30]\ndummy = true\n";
  const BarrageScenario sc = read_barrage_scenario(document(text));
  REQUIRE(sc.blinds.size() == 2);
  CHECK(sc.units[2].blind == 0);
  CHECK(sc.units[2].offset == Point{100, 0});
  CHECK(sc.units[2].velocity == Point{0, -200});  // moves on as its Blind did, once revealed
  CHECK(sc.blinds[0].units == std::vector<int>{2});
  CHECK(sc.blinds[1].dummy());
  require_error(errors_of(replace(text, "name = \"G2\", offset", "name = \"G9\", offset")), "german.blinds.B.units.G9.name",
                "no unit of german");
  require_error(errors_of(replace(text, "name = \"G2\"\n\n", "name = \"G2\"\nposition = [5, 5]\n\n")), "german.units.G2.position",
                "in Blind B");
}

TEST_CASE("barrage scenarios: every shipped one loads, names its headline and metrics", "[sim][barrage][scenarios]") {
  for (const auto& name : ShippedBarrage) {
    INFO(name);
    const auto model = load_model(open_scenario(name, {}));
    CHECK(model->kind() == "barrage");
    const auto job = model->make_job(1);
    const Schema& schema = *job->schema();
    CHECK(schema.find(model->headline_metric()) >= 0);
    CHECK(schema.metrics[schema.headline_index].name == model->headline_metric());
    for (const char* m : {"units_hit", "suppressed", "dispersed", "any_dispersed", "blinds_hit", "dummies_hit", "morale_lost",
                          "staff_orders_spent", "missions_started", "missions_delayed", "missions_cancelled", "missions_ended_supply",
                          "missions_ended_edge", "friendly_hit", "command_failures"}) {
      CHECK(schema.find(std::string("british.") + m) >= 0);
      CHECK(schema.find(std::string("german.") + m) >= 0);
    }
    CHECK(!model->summary().empty());
  }
  const auto rolling = load_model(open_scenario("rolling-barrage", {}));
  CHECK(rolling->headline_metric() == "german.dispersed");
  CHECK(rolling->make_job(1)->schema()->find("german.first_hit.HQ") >= 0);
}

TEST_CASE("barrage scenarios: tallies are bit-identical at 1 and 2 threads", "[sim][barrage][scenarios]") {
  for (const auto& name : ShippedBarrage) {
    INFO(name);
    const auto job = load_model(open_scenario(name, {}))->make_job(20261129);
    RunPlan plan;
    plan.trials = 2 * 4096 + 1000;  // three blocks, the last one short
    plan.threads = 1;
    const RunResult one = run_trials(*job, plan);
    plan.threads = 2;
    const RunResult two = run_trials(*job, plan);
    CHECK(one.tally.trials() == plan.trials);
    CHECK(one.tally == two.tally);
    CHECK(one.tally.signature() == two.tally.signature());
  }
}

TEST_CASE("barrage scenarios: replay narrates the same trial the run's worker plays, observation for observation",
          "[sim][barrage][scenarios][replay]") {
  for (const auto& name : ShippedBarrage) {
    const auto model = load_model(open_scenario(name, {}));
    const auto job = model->make_job(3);
    auto worker = job->make_worker();
    std::vector<int64_t> obs(job->schema()->observations());
    for (uint64_t trial : {0ull, 1ull, 17ull, 4095ull}) {
      INFO(name << ", trial " << trial);
      worker->play(trial, obs.data());
      const std::string text = model->replay(3, trial);
      const auto at = text.find("observations:\n");
      REQUIRE(at != std::string::npos);
      std::istringstream in(text.substr(at + 14));
      std::map<std::string, int64_t> replayed;
      std::string metric, eq;
      int64_t value = 0;
      while (in >> metric >> eq >> value) replayed[metric] = value;
      REQUIRE(replayed.size() == obs.size());
      for (size_t i = 0; i < obs.size(); ++i) CHECK(replayed[job->schema()->metrics[i].name] == obs[i]);
      CHECK(text.find("turn 1\n") != std::string::npos);
    }
  }
}

namespace {

// The mark of that name on a map, or nullptr.
const MapMark* find_mark(const MapModel& map, const std::string& name) {
  for (const auto& m : map.marks)
    if (m.name == name) return &m;
  return nullptr;
}

}  // namespace

TEST_CASE("barrage scenarios: the map model holds the setup at turn 0 and the fired templates after", "[sim][barrage][scenarios][map]") {
  const auto model = load_model(open_scenario("rolling-barrage", {}));
  const MapModel setup = model->map_data(1, 0, 0);
  CHECK(setup.width == 72);
  CHECK(setup.depth == 48);
  const MapMark* hq = find_mark(setup, "HQ");
  REQUIRE(hq != nullptr);
  CHECK((hq->kind == MapMarkKind::Unit && hq->side == "german" && hq->x == 36 && hq->y == 40 && hq->w == 2.4 && hq->d == 1.6));
  REQUIRE(find_mark(setup, "B1") != nullptr);
  CHECK((find_mark(setup, "B1")->kind == MapMarkKind::Blind && find_mark(setup, "B1")->x == 33 && find_mark(setup, "B1")->w == 6));
  REQUIRE(find_mark(setup, "D1") != nullptr);
  CHECK(find_mark(setup, "D1")->kind == MapMarkKind::Dummy);
  REQUIRE(find_mark(setup, "Inf2") != nullptr);
  CHECK((find_mark(setup, "Inf2")->side == "british" && find_mark(setup, "Inf2")->y == 4));
  CHECK(find_mark(setup, "Gren1") == nullptr);  // hidden in its Blind
  auto count = [](const MapModel& map, MapFireKind kind) {
    return std::count_if(map.fire.begin(), map.fire.end(), [&](const MapFire& f) { return f.kind == kind; });
  };
  CHECK(count(setup, MapFireKind::Fired) == 0);
  CHECK(count(setup, MapFireKind::RollingLine) == 3);  // PF-RB: each barrage's line of advance
  CHECK(count(setup, MapFireKind::Lane) > 0);
  // Turn 1: the three barrages fire at their starts unless a British Command Failure delays them.
  bool seen = false;
  for (uint64_t trial = 0; trial < 20 && !seen; ++trial) {
    const MapModel turn1 = model->map_data(1, trial, 1);
    const auto templates = count(turn1, MapFireKind::Fired);
    CHECK((templates == 0 || templates == 3));
    if (templates == 3) {
      seen = true;
      std::vector<std::string> where;
      for (const auto& f : turn1.fire)
        if (f.kind == MapFireKind::Fired)
          where.push_back(f.mission + " " + std::to_string(f.box.x0) + " " + std::to_string(f.box.y0) + " " +
                          std::to_string(f.box.x1 - f.box.x0));
      CHECK(where == std::vector<std::string>{"RB1 27.000000 9.000000 6.000000", "RB2 33.000000 9.000000 6.000000",
                                              "RB3 39.000000 9.000000 6.000000"});
      CHECK(find_mark(turn1, "Inf2")->y == 10);  // moved 6" after the fire
    }
  }
  CHECK(seen);
}
