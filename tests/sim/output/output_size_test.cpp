// The result files stay bounded whatever the scenario's size. A barrage's
// per-unit metrics (`<defender>.first_hit.<unit>`) are kept for the units first_hit_units names, or
// for all with first_hit_all = true, which is the default up to FirstHitAllUnits defender units.
#include "engine/barrage/barrage_metrics.hpp"
#include "sim/scenario/barrage_reader.hpp"
#include "sim/scenario/scenario_errors.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace volley;

namespace {

// A barrage scenario whose defender has `units` units named U0, U1, ..., and `extra` top-level keys.
ScenarioDocument barrage_with(size_t units, const std::string& extra) {
  std::string text = "kind = \"barrage\"\nturns = 4\nsides = [\"british\", \"german\"]\nattacker = \"british\"\n" + extra +
                     "\n[british]\n[[british.batteries]]\nname = \"A\"\n[[british.missions]]\nname = \"RB1\"\nbattery = \"A\"\n"
                     "type = \"rolling\"\nstart_turn = 1\nstart = [30, 12]\ndirection = [0, 1]\nspeed = 6\n"
                     "[[british.units]]\nname = \"Inf\"\nposition = [30, 4]\n[german]\n";
  for (size_t u = 0; u < units; ++u)
    text += "[[german.units]]\nname = \"U" + std::to_string(u) + "\"\nposition = [" + std::to_string(4 + u % 64) + ", 40]\n";
  return ScenarioDocument::from_string(text, "size.toml");
}

size_t first_hit_metrics(const ScenarioDocument& doc) {
  const Schema schema = barrage::make_schema(read_barrage_scenario(doc));
  size_t n = 0;
  for (const auto& m : schema.metrics) n += m.name.rfind("german.first_hit.", 0) == 0 ? 1 : 0;
  return n;
}

}  // namespace

TEST_CASE("Per-unit metrics are bounded: all up to 64 defender units, beyond that the named ones", "[sim][barrage][output-size]") {
  CHECK(FirstHitAllUnits == 64);
  CHECK(first_hit_metrics(barrage_with(3, "")) == 3);
  CHECK(first_hit_metrics(barrage_with(64, "")) == 64);
  CHECK(first_hit_metrics(barrage_with(65, "")) == 0);
  CHECK(first_hit_metrics(barrage_with(300, "")) == 0);
  CHECK(first_hit_metrics(barrage_with(300, "first_hit_units = [\"U7\", \"U299\"]")) == 2);
  CHECK(first_hit_metrics(barrage_with(300, "first_hit_all = true")) == 300);
  CHECK(first_hit_metrics(barrage_with(3, "first_hit_all = false")) == 0);
  CHECK(first_hit_metrics(barrage_with(3, "first_hit_all = false\nfirst_hit_units = [\"U1\"]")) == 1);
  // The metrics keep the units' order, and name them.
  const Schema schema = barrage::make_schema(read_barrage_scenario(barrage_with(300, "first_hit_units = [\"U9\", \"U2\"]")));
  CHECK(schema.find("german.first_hit.U2") + 1 == schema.find("german.first_hit.U9"));
}

TEST_CASE("first_hit_units naming no defender unit is an error with its key", "[sim][barrage][output-size]") {
  try {
    (void)read_barrage_scenario(barrage_with(3, "first_hit_units = [\"U1\", \"Inf\", \"nobody\"]"));
    FAIL("accepted");
  } catch (const ScenarioErrors& e) {
    REQUIRE(e.errors().size() == 2);
    CHECK(e.errors()[0].key == "first_hit_units");
    CHECK(e.errors()[0].message == "no unit of german named 'Inf'");
    CHECK(e.errors()[1].message == "no unit of german named 'nobody'");
  }
}
