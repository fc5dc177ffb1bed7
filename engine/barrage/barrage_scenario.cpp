#include "engine/barrage/barrage_scenario.hpp"

#include <algorithm>
#include <cmath>

namespace volley::barrage {

void index_scenario(BarrageScenario& scenario) {
  for (auto& side : scenario.sides) {
    side.units.clear();
    side.blinds.clear();
    side.batteries.clear();
    side.missions.clear();
    side.pre_registered.clear();
    side.movers.clear();
    side.moving_blinds.clear();
  }
  for (auto& blind : scenario.blinds) blind.units.clear();
  for (int u = 0; u < static_cast<int>(scenario.units.size()); ++u) {
    const UnitSpec& unit = scenario.units[u];
    scenario.sides[unit.side].units.push_back(u);
    if (unit.velocity.x != 0 || unit.velocity.y != 0) scenario.sides[unit.side].movers.push_back(u);
    if (unit.blind >= 0) scenario.blinds[unit.blind].units.push_back(u);
  }
  for (int b = 0; b < static_cast<int>(scenario.blinds.size()); ++b) {
    const BlindSpec& blind = scenario.blinds[b];
    scenario.sides[blind.side].blinds.push_back(b);
    if (blind.velocity.x != 0 || blind.velocity.y != 0) scenario.sides[blind.side].moving_blinds.push_back(b);
  }
  for (int b = 0; b < static_cast<int>(scenario.batteries.size()); ++b) scenario.sides[scenario.batteries[b].side].batteries.push_back(b);
  // B-3 step 4: missions fire in battery index order; a mission of several batteries ranks by its
  // first-listed one, missions of the same battery by their own order.
  for (int m = 0; m < static_cast<int>(scenario.missions.size()); ++m) scenario.sides[scenario.missions[m].side].missions.push_back(m);
  for (auto& side : scenario.sides) {
    auto key = [&](int m) {
      const auto& bs = scenario.missions[m].batteries;
      return bs.empty() ? 0 : *std::min_element(bs.begin(), bs.end());
    };
    std::stable_sort(side.missions.begin(), side.missions.end(), [&](int a, int b) { return key(a) < key(b); });
    for (int m : side.missions)
      if (scenario.missions[m].called()) side.pre_registered.push_back(m);
  }
}

Point rolling_step(double dx, double dy, Coord speed) {
  const double length = std::hypot(dx, dy);
  if (length == 0) return {};
  const double x = speed * dx / length, y = speed * dy / length;
  const Point nearest{static_cast<Coord>(std::llround(x)), static_cast<Coord>(std::llround(y))};
  // PF-RB: the template must move at least 4" a turn, so the rounded step may not fall short of
  // `speed` (the loader checks speed >= 4"): when the nearest coordinates do, each component is
  // rounded away from zero instead, which is never shorter than the exact step.
  if (distance_squared({}, nearest) >= int64_t{speed} * speed) return nearest;
  auto away = [](double v) { return static_cast<Coord>(v < 0 ? std::floor(v) : std::ceil(v)); };
  return {away(x), away(y)};
}

}  // namespace volley::barrage
