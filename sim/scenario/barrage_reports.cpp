// The barrage scenario kind (docs/rules.md Part B) as a ScenarioModel, what the commands show of it: the
// summary of `volley show`, a trial's replay, the map at a turn; and its job (barrage_job.hpp).
#include "sim/scenario/barrage_decisions.hpp"
#include "sim/scenario/barrage_job.hpp"
#include "sim/scenario/barrage_reader.hpp"
#include "sim/scenario/scenario_model.hpp"

#include "engine/barrage/barrage_metrics.hpp"
#include "engine/barrage/barrage_state.hpp"
#include "engine/barrage/barrage_trial.hpp"
#include "engine/trial_dice.hpp"

#include <algorithm>
#include <sstream>
#include <string>
#include <variant>

namespace volley {

using namespace barrage;

namespace {

// `volley show`: what a mission's type adds to its line (one overload per type, mission_kind.hpp).
struct MissionDescription {
  std::ostream& os;
  const MissionSpec& mission;
  void operator()(const RollingBarrage& rolling) const {
    os << ", from turn " << mission.start_turn << " at " << point_text(rolling.start) << ", " << inches(rolling.speed)
       << "\" per turn, step " << point_text(rolling.step);
  }
  void operator()(const DesignatedTargets& designated) const {
    os << ", from turn " << mission.start_turn << ":";
    for (const auto& t : designated.targets) {
      os << " " << point_text(t.at) << " x" << t.turns;
      if (t.sheaf) os << " " << word_of(*t.sheaf);
    }
  }
  void operator()(const PreRegisteredBarrage& barrage) const {
    os << ", " << word_of(barrage.mode) << ", points";
    for (const auto& p : barrage.points) os << " " << point_text(p);
    if (barrage.call_policy == CallPolicy::Trigger) os << ", called when an enemy is within " << inches(barrage.trigger_radius) << "\"";
    else {
      os << ", called at point " << barrage.call_point + 1 << " on turns";
      for (int t : barrage.call_turns) os << " " << t;
    }
  }
};

class BarrageModel final : public ScenarioModel {
 public:
  explicit BarrageModel(BarrageScenario scenario)
      : scenario_(std::make_shared<const BarrageScenario>(std::move(scenario))),
        schema_(std::make_shared<const Schema>(make_schema(*scenario_))) {}

  std::string kind() const override { return "barrage"; }
  std::string title() const override { return scenario_->title; }
  int turns() const override { return scenario_->turns; }
  std::string headline_metric() const override { return barrage_headline(*scenario_); }

  std::unique_ptr<TrialJob> make_job(uint64_t seed) const override { return make_barrage_job(scenario_, schema_, seed); }

  std::string replay(uint64_t seed, uint64_t trial) const override {
    const BarrageScenario& sc = *scenario_;
    TrialDice dice(seed, trial);
    BarrageState state(sc);
    TextNarrator narrator;
    narrator.say(sc.title + ": trial " + std::to_string(trial) + " of seed " + std::to_string(seed));
    BarrageContext<TrialDice, TextNarrator> ctx{sc, state, dice, narrator};
    play_trial(ctx);
    std::vector<int64_t> obs(schema_->observations());
    observe(sc, state, obs.data());
    narrator.say("observations:");
    narrator.indent();
    for (size_t i = 0; i < obs.size(); ++i) narrator.say(schema_->metrics[i].name + " = " + std::to_string(obs[i]));
    return narrator.text();
  }

  // A barrage's choices (cancel, adjust, maintain, a pre-registered mission's call) belong to each
  // mission and are in the summary; the header names none.
  // Each side with fire missions: its policies and its missions' plans (sim/scenario/barrage_decisions.hpp).
  std::vector<std::string> decisions() const override {
    std::vector<std::string> lines;
    for (int s = 0; s < SideCount; ++s) {
      if (scenario_->sides[s].missions.empty()) continue;
      const std::string prefix = scenario_->sides[s].name + ".";
      std::string line;
      for (const auto& d : barrage_decisions(*scenario_, s))
        line += (line.empty() ? "" : ", ") + d.key.substr(prefix.size()) + "=" + d.value;
      lines.push_back(prefix.substr(0, prefix.size() - 1) + ": " + line);
    }
    return lines;
  }
  std::optional<Question> default_question() const override { return std::nullopt; }

  std::string summary() const override {
    const BarrageScenario& sc = *scenario_;
    const Ruleset& r = sc.ruleset;
    std::ostringstream os;
    os << sc.title << " (barrage): " << sc.turns << " turns on a " << inches(sc.table.w) << "\" x " << inches(sc.table.d) << "\" table\n";
    os << "ruleset: command failures " << (r.command_failures ? "on" : "off") << ", supply checks " << (r.supply_checks ? "on" : "off")
       << ", comms " << word_of(r.comms_rule) << ", forced back " << inches(r.forced_back) << "\", templates "
       << inches(r.regular_template.w) << "\" x " << inches(r.regular_template.d) << "\" (regular) and " << inches(r.converged_template.w)
       << "\" x " << inches(r.converged_template.d) << "\" (converged), maintain " << r.maintain_cost
       << " Staff Order(s) per battery, a planned start without its Staff Orders is "
       << (r.unpaid_start == UnpaidStart::Cancel ? "cancelled" : "delayed") << "\n";
    for (int s = 0; s < SideCount; ++s) {
      const SideSpec& side = sc.sides[s];
      os << side.name << " (" << (s == sc.attacker ? "attacker" : "defender") << ", " << word_of(side.nation) << "): " << side.command_dice
         << " command dice, " << side.staff_orders << " Staff Orders, " << side.comms_dice << " comms dice, " << side.supply_dice
         << " supply dice, home edge " << word_of(side.home_edge) << "\n";
      for (int b : side.batteries) os << "  battery " << sc.batteries[b].name << ": " << sc.batteries[b].fire_dice << " fire dice\n";
      for (int u : side.units) {
        const UnitSpec& unit = sc.units[u];
        os << "  unit " << unit.name << ": ";
        if (unit.blind >= 0) os << "in Blind " << sc.blinds[unit.blind].name << " at offset " << point_text(unit.offset);
        else if (unit.placement.zoned)
          os << "in zone " << point_text({unit.placement.zone.x0, unit.placement.zone.y0}) << "-"
             << point_text({unit.placement.zone.x1, unit.placement.zone.y1});
        else os << "at " << point_text(unit.placement.position);
        os << ", " << unit.reaction_dice << " reaction dice, " << word_of(unit.cover) << " cover, cohesion " << unit.cohesion;
        if (unit.velocity.x != 0 || unit.velocity.y != 0) os << ", velocity " << point_text(unit.velocity);
        os << "\n";
      }
      for (int b : side.blinds) {
        const BlindSpec& blind = sc.blinds[b];
        os << "  Blind " << blind.name << " at " << point_text(blind.placement.position) << ": ";
        if (blind.dummy()) os << "dummy";
        for (size_t i = 0; i < blind.units.size(); ++i) os << (i ? ", " : "") << sc.units[blind.units[i]].name;
        os << "\n";
      }
      for (int m : side.missions) {
        const MissionSpec& mission = sc.missions[m];
        os << "  mission " << mission.name << ": " << mission.type_name() << ", " << battery_names(sc, m) << ", " << word_of(mission.sheaf)
           << " sheaf";
        visit_kind(mission.kind, MissionDescription{os, mission});
        os << "\n";
      }
    }
    os << "headline: " << headline_metric() << "\n";
    return os.str();
  }

  MapModel map_data(uint64_t seed, uint64_t trial, int turn) const override {
    const BarrageScenario& sc = *scenario_;
    TrialDice dice(seed, trial);
    BarrageState state(sc);
    NullNarrator silent;
    BarrageContext<TrialDice> ctx{sc, state, dice, silent};
    setup_trial(ctx);
    for (int t = 1; t <= std::min(turn, sc.turns); ++t) play_turn(ctx, t);
    auto box = [&](const Rect& r) { return MapBox{to_inches(r.x0), to_inches(r.y0), to_inches(r.x1), to_inches(r.y1)}; };
    // What lies on the table of a template that reaches over its edge (PF-RB: it fires while it overlaps).
    auto on_table = [&](const Rect& r) {
      return MapBox{to_inches(std::max<Coord>(r.x0, 0)), to_inches(std::max<Coord>(r.y0, 0)), to_inches(std::min<Coord>(r.x1, sc.table.w)),
                    to_inches(std::min<Coord>(r.y1, sc.table.d))};
    };
    std::vector<std::string> sides;
    for (const auto& side : sc.sides) sides.push_back(side.name);
    MapModel map = table_map(sc.title, turn, to_inches(sc.table.w), to_inches(sc.table.d), sides);
    auto mark = [&](MapMarkKind kind, const std::string& side, const std::string& name, Point at, Size footprint) {
      map.marks.push_back({kind, side, name, -1, to_inches(at.x), to_inches(at.y), to_inches(footprint.w), to_inches(footprint.d)});
    };
    if (turn <= 0)
      for (const auto& unit : sc.units)
        if (unit.blind < 0 && unit.placement.zoned)
          map.zones.push_back({sc.sides[unit.side].name, "zone of " + unit.name, box(unit.placement.zone)});
    for (size_t u = 0; u < sc.units.size(); ++u) {
      const UnitState& unit = state.units[u];
      const std::string& side = sc.sides[sc.units[u].side].name;
      if (unit.dispersed) mark(MapMarkKind::Dispersed, side, sc.units[u].name, unit.position, sc.units[u].footprint);
      else if (!unit.in_blind) mark(MapMarkKind::Unit, side, sc.units[u].name, unit.position, sc.units[u].footprint);
    }
    for (size_t b = 0; b < sc.blinds.size(); ++b) {
      if (!state.blinds[b].standing) continue;
      mark(sc.blinds[b].dummy() ? MapMarkKind::Dummy : MapMarkKind::Blind, sc.sides[sc.blinds[b].side].name, sc.blinds[b].name,
           state.blinds[b].position, sc.blinds[b].footprint);
    }
    // The missions as planned (PF-RB, PF-DT, PF-PR): where they aim and what their templates cover.
    for (const MissionSpec& m : sc.missions) {
      const std::string& side = sc.sides[m.side].name;
      const Size size = m.sheaf == Sheaf::Regular ? sc.ruleset.regular_template : sc.ruleset.converged_template;
      auto fire = [&](MapFireKind kind, const std::string& label, Point at, double radius = 0) {
        MapFire f;
        f.kind = kind;
        f.mission = m.name;
        f.side = side;
        f.label = label;
        f.x = to_inches(at.x);
        f.y = to_inches(at.y);
        f.radius = radius;
        f.box = on_table(rect_around(at, size));
        map.fire.push_back(f);
      };
      // What each type draws; a type without its branch fails the static_assert.
      visit_kind(m.kind, [&](const auto& kind) {
        using Kind = std::decay_t<decltype(kind)>;
        if constexpr (std::is_same_v<Kind, RollingBarrage>) {
          const RollingBarrage& rolling = kind;
          // Its lanes: the template at each step until it has left the table; its line: start to last step.
          Point at = rolling.start;
          int steps = 0;
          for (; steps < 500 && overlaps(rect_around(at, size), table_rect(sc.table)); ++steps) {
            fire(steps == 0 ? MapFireKind::Footprint : MapFireKind::Lane,
                 m.name + (steps == 0 ? " starts here (turn " + std::to_string(m.start_turn) + ")" : " step " + std::to_string(steps)), at);
            if (rolling.step.x == 0 && rolling.step.y == 0) break;
            at = {at.x + rolling.step.x, at.y + rolling.step.y};
          }
          MapFire line;
          line.kind = MapFireKind::RollingLine;
          line.mission = m.name;
          line.side = side;
          line.label = m.name + " " + inches(rolling.speed) + "\"/turn";
          const Point last{rolling.start.x + rolling.step.x * std::max(steps - 1, 0),
                           rolling.start.y + rolling.step.y * std::max(steps - 1, 0)};
          line.box = {to_inches(rolling.start.x), to_inches(rolling.start.y), to_inches(std::clamp<Coord>(last.x, 0, sc.table.w)),
                      to_inches(std::clamp<Coord>(last.y, 0, sc.table.d))};
          map.fire.push_back(line);
        } else if constexpr (std::is_same_v<Kind, DesignatedTargets>) {
          const DesignatedTargets& designated = kind;
          const auto& targets = designated.targets;
          for (size_t t = 0; t < targets.size(); ++t) {
            const Size target_size =
                targets[t].sheaf.value_or(m.sheaf) == Sheaf::Regular ? sc.ruleset.regular_template : sc.ruleset.converged_template;
            const std::string called = targets[t].name.empty() ? "target " + std::to_string(t + 1) : targets[t].name;
            fire(MapFireKind::Target,
                 m.name + " " + called + ", " + std::to_string(targets[t].turns) + (targets[t].turns == 1 ? " turn" : " turns"),
                 targets[t].at);
            map.fire.back().box = on_table(rect_around(targets[t].at, target_size));
            MapFire footprint = map.fire.back();
            footprint.kind = MapFireKind::Footprint;
            map.fire.push_back(footprint);
          }
        } else {
          static_assert(std::is_same_v<Kind, PreRegisteredBarrage>, "a new mission type: draw it on the map");
          const PreRegisteredBarrage& barrage = kind;
          for (size_t p = 0; p < barrage.points.size(); ++p) {
            const bool trigger = barrage.call_policy == CallPolicy::Trigger;
            fire(MapFireKind::Registered,
                 m.name + " " +
                     (p < barrage.point_names.size() && !barrage.point_names[p].empty() ? barrage.point_names[p]
                                                                                        : "point " + std::to_string(p + 1)) +
                     (trigger ? ", trigger " + inches(barrage.trigger_radius) + "\"" : ""),
                 barrage.points[p], trigger ? to_inches(barrage.trigger_radius) : 0.0);
            MapFire footprint = map.fire.back();
            footprint.kind = MapFireKind::Footprint;
            map.fire.push_back(footprint);
          }
        }
      });
    }
    if (turn > 0)
      for (const FiredTemplate& f : state.fired) {
        MapFire fired;
        fired.kind = MapFireKind::Fired;
        fired.mission = sc.missions[f.mission].name;
        fired.side = sc.sides[sc.missions[f.mission].side].name;
        fired.label = fired.mission + " fired";
        fired.box = on_table(f.rect);
        map.fire.push_back(fired);
      }
    return map;
  }

 private:
  std::shared_ptr<const BarrageScenario> scenario_;
  std::shared_ptr<const Schema> schema_;
};

}  // namespace

std::unique_ptr<ScenarioModel> load_barrage_model(const ScenarioDocument& doc) {
  return std::make_unique<BarrageModel>(read_barrage_scenario(doc));
}

}  // namespace volley
