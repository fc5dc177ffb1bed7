#include "sim/scenario/barrage_decisions.hpp"

#include "engine/barrage/pre_registered_barrage.hpp"
#include "engine/barrage/sheaf.hpp"

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

std::string list_text(const std::vector<int>& turns) {
  std::string out = "[";
  for (size_t i = 0; i < turns.size(); ++i) out += (i ? ", " : "") + std::to_string(turns[i]);
  return out + "]";
}

}  // namespace

std::vector<BarrageDecision> barrage_decisions(const barrage::BarrageScenario& sc, int s) {
  using namespace barrage;
  const SideSpec& side = sc.sides[s];
  const std::string prefix = side.name + ".";
  std::vector<BarrageDecision> out{
      {prefix + "policies.cancel", word_of(side.cancel), words(CancelPolicy{})},
      {prefix + "policies.adjust", word_of(side.adjust), words(AdjustPolicy{})},
      {prefix + "policies.supply_bonus", side.supply_bonus ? "true" : "false", {"false", "true"}},
      {prefix + "policies.maintain", word_of(side.maintain), words(MaintainPolicy{})},
  };
  for (const auto& mission : sc.missions) {
    if (mission.side != s) continue;
    const std::string m = prefix + "missions." + mission.name + ".";
    out.push_back({m + "sheaf", word_of(mission.sheaf), words(Sheaf{})});
    const auto* pr = std::get_if<PreRegisteredBarrage>(&mission.kind);
    if (pr == nullptr) {
      out.push_back({m + "start_turn", std::to_string(mission.start_turn), numbers(1, sc.turns)});
      continue;
    }
    out.push_back({m + "mode", word_of(pr->mode), words(FireMode{})});
    out.push_back({m + "policy", word_of(pr->call_policy), words(CallPolicy{})});
    // The point and the turns are read only when the scenario calls on turns.
    if (pr->call_policy != CallPolicy::Turns) continue;
    out.push_back({m + "call_point", std::to_string(pr->call_point + 1), numbers(1, static_cast<int>(pr->points.size()))});
    std::vector<std::string> single_turns;
    for (int t = 1; t <= sc.turns; ++t) single_turns.push_back(list_text({t}));
    out.push_back({m + "call_turns", list_text(pr->call_turns), single_turns});
  }
  return out;
}

}  // namespace volley
