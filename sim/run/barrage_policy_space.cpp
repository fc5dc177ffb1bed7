#include "sim/run/barrage_policy_space.hpp"

#include "engine/barrage/barrage_scenario.hpp"
#include "sim/scenario/barrage_decisions.hpp"
#include "sim/scenario/barrage_reader.hpp"
#include "sim/scenario/scenario_errors.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <algorithm>
#include <stdexcept>

namespace volley {

namespace {

// The decision as a choice key: the scenario's value, and each other value the scenario reads without
// an error (with the file's other values); none when no alternative is left.
void add_checked(PolicySpace& space, const ScenarioDocument& doc, const BarrageDecision& d) {
  ChoiceKey key{d.key, {}, 0};
  for (const auto& v : d.values) {
    if (v != d.value) {
      ScenarioDocument with = doc;
      try {
        with.apply_set(d.key + "=" + v, "--space");
        (void)load_model(with);
      } catch (const ScenarioErrors&) {
        continue;
      }
    } else {
      key.file_value = key.values.size();
    }
    key.values.push_back(v);
  }
  if (std::find(key.values.begin(), key.values.end(), d.value) == key.values.end()) key.values.insert(key.values.begin(), d.value);
  if (key.values.size() > 1) space.keys.push_back(std::move(key));
}

}  // namespace

PolicySpace barrage_policy_space(const ScenarioDocument& doc, const std::string& side) {
  using namespace barrage;
  const BarrageScenario sc = read_barrage_scenario(doc);
  int s = -1;
  for (int i = 0; i < SideCount; ++i)
    if (sc.sides[i].name == side) s = i;
  if (s < 0)
    throw std::invalid_argument("--side: the scenario has no side '" + side + "' (sides: " + sc.sides[0].name + ", " + sc.sides[1].name +
                                ")");
  PolicySpace space;
  space.side = side;
  space.opponent = sc.sides[1 - s].name;
  space.default_target = space.opponent + ".dispersed";
  space.target_words = "the opponent's units dispersed";
  for (const auto& d : barrage_decisions(sc, s)) add_checked(space, doc, d);
  return space;
}

}  // namespace volley
