#include "sim/run/barrage_policy_space.hpp"

#include "engine/barrage/barrage_keys.hpp"
#include "engine/barrage/barrage_scenario.hpp"
#include "engine/barrage/pre_registered_barrage.hpp"
#include "engine/barrage/sheaf.hpp"
#include "sim/scenario/barrage_reader.hpp"
#include "sim/scenario/scenario_errors.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <stdexcept>
#include <type_traits>
#include <variant>

namespace volley {

namespace {

template <class Enum>
std::vector<std::string> words(Enum value) {
  std::vector<std::string> out;
  for (const auto& w : words_of(value)) out.emplace_back(w.word);
  return out;
}

std::vector<std::string> numbers(int from, int to) {
  std::vector<std::string> out;
  for (int n = from; n <= to; ++n) out.push_back(std::to_string(n));
  return out;
}

// The key as add_choice_key adds it, each value but the file's kept only when the scenario reads it
// without an error; the key is dropped when no alternative is left.
void add_checked(PolicySpace& space, const ScenarioDocument& doc, const std::string& key, std::vector<std::string> values,
                 const std::string& fallback) {
  add_choice_key(space, doc, key, std::move(values), fallback);
  ChoiceKey& added = space.keys.back();
  const std::string file = added.values[added.file_value];
  std::vector<std::string> kept;
  for (const auto& v : added.values) {
    if (v != file) {
      ScenarioDocument with = doc;
      try {
        with.apply_set(key + "=" + v, "--space");
        (void)load_model(with);
      } catch (const ScenarioErrors&) {
        continue;
      }
    }
    if (v == file) added.file_value = kept.size();
    kept.push_back(v);
  }
  added.values = std::move(kept);
  if (added.values.size() < 2) space.keys.pop_back();
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
  const std::string prefix = side + ".";
  add_checked(space, doc, prefix + "policies.cancel", words(CancelPolicy{}), std::string(barrage_key("<side>.policies.cancel").text));
  add_checked(space, doc, prefix + "policies.adjust", words(AdjustPolicy{}), std::string(barrage_key("<side>.policies.adjust").text));
  add_checked(space, doc, prefix + "policies.supply_bonus", {"false", "true"}, "false");
  add_checked(space, doc, prefix + "policies.maintain", words(MaintainPolicy{}), std::string(barrage_key("<side>.policies.maintain").text));
  for (const auto& mission : sc.missions) {
    if (mission.side != s) continue;
    const std::string m = prefix + "missions." + mission.name + ".";
    add_checked(space, doc, m + "sheaf", words(Sheaf{}), "regular");
    const auto* pr = std::get_if<PreRegisteredBarrage>(&mission.kind);
    if (pr == nullptr) {
      add_checked(space, doc, m + "start_turn", numbers(1, sc.turns), "1");
      continue;
    }
    add_checked(space, doc, m + "mode", words(FireMode{}), "single");
    add_checked(space, doc, m + "policy", words(CallPolicy{}), "trigger");
    // The point and the turns are read only when the file calls on turns.
    if (pr->call_policy != CallPolicy::Turns) continue;
    add_checked(space, doc, m + "call_point", numbers(1, static_cast<int>(pr->points.size())), "1");
    std::vector<std::string> single_turns;
    for (int t = 1; t <= sc.turns; ++t)
      if (pr->call_turns != std::vector<int>{t}) single_turns.push_back("[" + std::to_string(t) + "]");  // the file's is there
    add_checked(space, doc, m + "call_turns", single_turns, "[]");
  }
  return space;
}

}  // namespace volley
