// Reading firefight scenarios: every key with its default, --set overrides, and errors that name the
// key (docs/scenario-firefight.md).
#include "sim/scenario/firefight_reader.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <utility>

using namespace volley;
using namespace volley::firefight;

namespace {

const std::string Minimal = R"(kind = "firefight"
sides = ["herero", "german"]
[herero]
fast_fire = true
native = true
[[herero.units]]
name = "H1"
figures = 8
position = [10.0, 10.0]
[german]
[[german.units]]
name = "Z1"
figures = 10
position = [10.0, 20.0]
)";

FirefightScenario read(const std::string& text, std::vector<std::string> sets = {}) {
  auto doc = ScenarioDocument::from_string(text, "test.toml");
  for (const auto& s : sets) doc.apply_set(s);
  return read_firefight_scenario(doc);
}

// The messages of the errors a document raises ("" if none).
std::string errors_of(const std::string& text, std::vector<std::string> sets = {}) {
  try {
    (void)read(text, std::move(sets));
  } catch (const ScenarioErrors& e) {
    std::string all;
    for (const auto& err : e.errors()) all += err.format() + "\n";
    return all;
  }
  return "";
}

}  // namespace

TEST_CASE("firefight scenario: defaults of every rule number (docs/rules.md)", "[sim][firefight][scenario]") {
  const auto sc = read(Minimal);
  CHECK(sc.turns == 8);
  CHECK(sc.visibility == 1200);
  CHECK(sc.spot_range == 600);
  CHECK(sc.ruleset.name == "tsatf20");
  CHECK(sc.ruleset.fire_die == 20);
  CHECK(sc.ruleset.kill_chance.num == 1);
  CHECK(sc.ruleset.kill_chance.den == 4);
  CHECK_FALSE(sc.ruleset.natural_one_hits);
  CHECK_FALSE(sc.ruleset.fire_into_melee);
  REQUIRE(sc.ruleset.weapons.size() == 4);
  CHECK(sc.ruleset.weapons[0].name == "mauser");
  CHECK(sc.ruleset.weapons[0].bands == std::array<int, 4>{8, 6, 4, 4});
  CHECK(sc.ruleset.weapons[1].dice_per_figure == 3);
  CHECK(sc.ruleset.weapons[1].range == 3600);
  CHECK(sc.ruleset.weapons[2].bands == std::array<int, 4>{6, 4, 4, 2});
  CHECK(sc.ruleset.weapons[3].bands == std::array<int, 4>{4, 4, 2, 2});
  const UnitSpec& h1 = sc.sides[0].units[0];
  CHECK(h1.move_dice == 3);
  CHECK(h1.charge_dice == 4);
  CHECK(h1.melee_bonus == 1);
  CHECK(h1.charge_reach == 2400);
  CHECK(sc.ruleset.weapons[h1.weapon].name == "herero-rifle");
  const UnitSpec& z1 = sc.sides[1].units[0];
  CHECK(z1.move_dice == 2);
  CHECK(z1.charge_dice == 3);
  CHECK(z1.melee_bonus == 0);
  CHECK(sc.ruleset.weapons[z1.weapon].name == "mauser");
  CHECK(sc.sides[0].policy.when == WhenPolicy::Never);
  CHECK(sc.sides[0].policy.reconceal_blanks == 3);
  CHECK(sc.sides[0].hidden_fire == HiddenFire::Always);  // F-3 [assumed]
  CHECK(sc.sides[1].break_figures == 5);
  CHECK(sc.ruleset.morale_fraction == 0.5);
  CHECK(sc.unit(1).morale_figures == 5);  // F-8b: Z1, at or below half of 10
  CHECK(sc.ruleset.contact_gap == 100);
  CHECK(sc.ruleset.prone_threshold == 6);
  CHECK(sc.ruleset.sf_keep_hidden_max == 3);
}

TEST_CASE("firefight scenario: --set overrides (policy, units by name, the fire die, weapons)", "[sim][firefight][scenario]") {
  SECTION("herero.policy=always and the other policies") {
    CHECK(read(Minimal, {"herero.policy=always"}).sides[0].policy.when == WhenPolicy::Always);
    const auto turns = read(Minimal, {"herero.policy=turns:[2,4]"}).sides[0].policy;
    CHECK(turns.when == WhenPolicy::Turns);
    CHECK(turns.turns[2] == 1);
    CHECK(turns.turns[3] == 0);
    CHECK(turns.turns[4] == 1);
    const auto k = read(Minimal, {"herero.policy=min-targets:3"}).sides[0].policy;
    CHECK(k.when == WhenPolicy::MinTargets);
    CHECK(k.min_targets == 3);
    CHECK(k.range_squared == -1);
    const auto near = read(Minimal, {"herero.policy=range:12"}).sides[0].policy;
    CHECK(near.when == WhenPolicy::Always);
    CHECK(near.range_squared == int64_t{1200} * 1200);
    const auto both = read(Minimal, {"herero.policy=min-targets:2&range:7.5"}).sides[0].policy;
    CHECK(both.when == WhenPolicy::MinTargets);
    CHECK(both.min_targets == 2);
    CHECK(both.range_squared == int64_t{750} * 750);
    for (const char* bad : {"herero.policy=range:x", "herero.policy=never&range:3", "herero.policy=range:3&",
                            "herero.policy=range:3&range:4", "herero.policy=turns:[1]&min-targets:2"})
      CHECK_THROWS_WITH(read(Minimal, {bad}), Catch::Contains("herero.policy"));
  }
  SECTION("german.units.Z1.figures=14") {
    const auto sc = read(Minimal, {"german.units.Z1.figures=14"});
    CHECK(sc.sides[1].units[0].figures == 14);
    CHECK(sc.sides[1].start_figures == 14);
  }
  SECTION("ruleset.fire_die=10 and ruleset.name=tsatf-d10: the d10 bands of F-4") {
    for (const auto& set : {std::string("ruleset.fire_die=10"), std::string("ruleset.name=tsatf-d10")}) {
      const auto sc = read(Minimal, {set});
      CHECK(sc.ruleset.fire_die == 10);
      CHECK(sc.ruleset.weapons[0].bands == std::array<int, 4>{4, 3, 2, 2});
      CHECK(sc.ruleset.weapons[2].bands == std::array<int, 4>{3, 2, 2, 1});
    }
  }
  SECTION("a weapon entry overrides what it names") {
    const auto sc = read(Minimal + "[[ruleset.weapons]]\nname = \"mauser\"\nrange = 30.0\n",
                         {"ruleset.weapons.mauser.bands=[9, 7, 5, 3]", "ruleset.kill_chance=0.5"});
    CHECK(sc.ruleset.weapons[0].range == 3000);
    CHECK(sc.ruleset.weapons[0].bands == std::array<int, 4>{9, 7, 5, 3});
    CHECK(sc.ruleset.kill_chance.num == 1);
    CHECK(sc.ruleset.kill_chance.den == 2);
  }
  SECTION("the shipped scenarios take the issue's command-line keys") {
    CHECK(load_model(open_scenario("herero-ambush", {"herero.policy=never"}))->kind() == "firefight");
    CHECK(load_model(open_scenario("osona", {"german.units.Z1.figures=14", "ruleset.fire_die=10"}))->title().find("Osona") == 0);
    CHECK(load_model(open_scenario("river-bed", {"herero.which=subgroup:south"}))->turns() == 8);
  }
}

TEST_CASE("firefight scenario: rule violations are errors that name the key", "[sim][firefight][scenario]") {
  CHECK(errors_of(Minimal) == "");
  // Each --set breaks one rule; the error names the key or says the rule.
  const std::pair<const char*, const char*> violations[] = {
      {"german.units.Z1.figures=0", "german.units.Z1.figures"},
      {"herero.which=subgroup:north", "no subgroup named 'north'"},
      {"herero.policy=sometimes", "herero.policy"},
      {"herero.policy=turns:[0,2]", "herero.policy"},
      {"german.policy=always", "has no fast_fire"},
      {"german.fast_fire=true", "only one side may have fast_fire"},
      {"german.units.Z1.zone=[0.0, 0.0, 5.0, 5.0]", "exactly one of position"},
      {"german.units.Z1.weapon=\"bow\"", "no weapon named 'bow'"},
      {"german.units.Z1.colour=\"red\"", "unknown key"},
      {"herero.reconceal_blanks=5", "herero.reconceal_blanks"},
      {"german.hidden_fire=never", "german.hidden_fire"},
      {"ruleset.fire_into_melee=1", "ruleset.fire_into_melee"},
      {"ruleset.kill_chance=\"1/0\"", "kill_chance"},
      {"ruleset.kill_chance=0.3333", "kill_chance"},
      {"german.units.Z1.position=[100.0, 10.0]", "on the table"},
      {"turns=0", "turns"},
      {"sides=[\"herero\"]", "exactly two sides"},
      {"ruleset.name=\"tsatf\"", "ruleset.name"},
  };
  for (const auto& [set, fragment] : violations) {
    INFO(set);
    CHECK(errors_of(Minimal, {set}).find(fragment) != std::string::npos);
  }
  CHECK(read(Minimal, {"ruleset.fire_into_melee=true"}).ruleset.fire_into_melee);
  CHECK(read(Minimal, {"german.hidden_fire=hold"}).sides[1].hidden_fire == HiddenFire::Hold);
  // Several errors are reported together, each with its line.
  const std::string many = errors_of(Minimal, {"german.units.Z1.figures=0", "herero.policy=sometimes"});
  CHECK(many.find("figures") != std::string::npos);
  CHECK(many.find("policy") != std::string::npos);
}

TEST_CASE("firefight scenario: F-8b ruleset.morale_fraction is a number in [0, 1] giving each unit's threshold",
          "[sim][firefight][scenario]") {
  const auto sc = read(Minimal, {"ruleset.morale_fraction=0.3"});
  CHECK(sc.ruleset.morale_fraction == 0.3);
  CHECK(sc.unit(0).morale_figures == 2);  // H1: 0.3 x 8 = 2.4
  CHECK(sc.unit(1).morale_figures == 3);  // Z1: 0.3 x 10 = 3 despite binary rounding
  CHECK(errors_of(Minimal, {"ruleset.morale_fraction=1.5"}).find("ruleset.morale_fraction") != std::string::npos);
  CHECK(errors_of(Minimal, {"ruleset.morale_fraction=-0.1"}).find("ruleset.morale_fraction") != std::string::npos);
  CHECK(errors_of(Minimal, {"ruleset.morale_fraction=\"half\""}).find("ruleset.morale_fraction") != std::string::npos);
}

TEST_CASE("firefight model: summary, replay and headline", "[sim][firefight][scenario]") {
  const auto model = load_model(ScenarioDocument::from_string(Minimal, "minimal.toml"));
  CHECK(model->headline_metric() == "herero.win");
  CHECK(model->summary().find("H1: 8 figures") != std::string::npos);
  const std::string replay = model->replay(1, 0);
  CHECK(replay.find("observations:") != std::string::npos);
  CHECK(replay.find("dice needing") != std::string::npos);
  const auto job = model->make_job(1);
  CHECK(job->schema()->find("herero.hits.turn8") >= 0);
  CHECK(job->schema()->find("german.reloading_fired") >= 0);
  CHECK(job->schema()->metrics[job->schema()->headline_index].name == "herero.win");
}
