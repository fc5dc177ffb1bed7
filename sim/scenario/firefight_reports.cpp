// Firefight scenarios: the ScenarioModel the commands use (run, replay, show, bench, ...): what they
// show of a scenario (its summary, a trial's replay, the map at a turn) and its job.
#include "sim/scenario/firefight_job.hpp"
#include "sim/scenario/firefight_reader.hpp"
#include "sim/scenario/scenario_model.hpp"

#include "engine/firefight/firefight_metrics.hpp"
#include "engine/firefight/firefight_trial.hpp"
#include "engine/trial_dice.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace volley {

using namespace firefight;

namespace {

// Keeps a copy of the state after setup (turn 0) or at the end of one turn, for maps.
struct SnapshotNarrator {
  static constexpr bool enabled = false;
  int want = 0;
  FirefightState snapshot;
  bool taken = false;
  std::vector<std::vector<Point>> paths;  // each unit's position at the setup and at each turn's end until `want`
  void say(const std::string&) noexcept {}
  void setup_done(const FirefightState& st) {
    snapshot = st;
    taken = want == 0;
    record(st);
  }
  void turn_end(const FirefightState& st, int t) {
    if (taken) return;
    snapshot = st;  // the last turn played stands for later turns of a decided trial
    taken = t == want;
    record(st);
  }
  void record(const FirefightState& st) {
    paths.resize(st.units.size());
    for (size_t g = 0; g < st.units.size(); ++g) paths[g].push_back(st.units[g].pos);
  }
};

std::string orders_text(Orders o) {
  switch (o) {
    case Orders::Hold:
      return "hold";
    case Orders::Advance:
      return "advance";
    case Orders::Charge:
      return "charge";
  }
  return "?";
}

std::string policy_text(const Side& side) {
  const Policy& p = side.policy;
  std::string when;
  switch (p.when) {
    case WhenPolicy::Never:
      when = "never";
      break;
    case WhenPolicy::Always:
      when = "always";
      break;
    case WhenPolicy::MinTargets:
      when = "min-targets:" + std::to_string(p.min_targets);
      break;
    case WhenPolicy::Turns: {
      when = "turns:[";
      bool first = true;
      for (size_t t = 0; t < p.turns.size(); ++t)
        if (p.turns[t]) {
          when += (first ? "" : ",") + std::to_string(t);
          first = false;
        }
      when += "]";
      break;
    }
  }
  if (p.range_squared >= 0) {
    const double inches = to_inches(std::sqrt(static_cast<double>(p.range_squared)));
    char range[48];
    std::snprintf(range, sizeof range, "range:%g", inches);
    when = p.when == WhenPolicy::Always ? std::string(range) : when + "&" + range;
  }
  return when + ", which " + (p.which == WhichPolicy::Force ? std::string("force") : "subgroup:" + side.subgroups[p.subgroup]) +
         (p.charge_after ? ", charge-after" : "") + ", reconceal " + (p.reconceal ? "yes" : "no") + " with " +
         std::to_string(p.reconceal_blanks) + " blanks, keep hidden " + word_of(p.keep_hidden) +
         (p.sfh_sight == SfhSight::Declaration ? " (sight judged at the declaration)" : "");
}

class FirefightModel final : public ScenarioModel {
 public:
  explicit FirefightModel(FirefightScenario sc) : sc_(std::make_shared<const FirefightScenario>(std::move(sc))) {}

  std::string kind() const override { return "firefight"; }
  std::string title() const override { return sc_->title; }
  int turns() const override { return sc_->turns; }
  std::unique_ptr<TrialJob> make_job(uint64_t seed) const override { return make_firefight_job(sc_, seed); }
  std::string headline_metric() const override { return sc_->sides[headline_side(*sc_)].name + ".win"; }

  std::string replay(uint64_t seed, uint64_t trial) const override {
    FirefightState state(*sc_);
    TrialDice dice(seed, trial);
    TextNarrator narrator;
    play_trial(*sc_, state, dice, narrator);
    const Schema schema = make_schema(*sc_);
    std::vector<int64_t> obs(schema.observations());
    observe(*sc_, state, obs.data());
    std::ostringstream out;
    out << "replay of trial " << trial << " of " << sc_->title << " (seed " << seed << ")\n" << narrator.text() << "\nobservations:\n";
    for (size_t i = 0; i < schema.size(); ++i) out << "  " << schema.metrics[i].name << " = " << obs[i] << "\n";
    out << "random words drawn: " << dice.words() << "\n";
    return out.str();
  }

  std::vector<std::string> decisions() const override {
    std::vector<std::string> lines;
    for (const auto& side : sc_->sides) {
      if (!side.fast_fire) continue;
      const Policy& p = side.policy;
      const std::string when = policy_text(side);
      lines.push_back(side.name + ": schnellfeuer " + when.substr(0, when.find(',')) +
                      (p.which == WhichPolicy::Force ? "" : " by subgroup " + side.subgroups[p.subgroup]) + "; charge orders act " +
                      (p.charge_after ? "in the reload turn (SF-E)" : "when in reach"));
    }
    return lines;
  }

  // Each fast-fire side's tactic as a designer names it: "schnellfeuer (always, charging in the reload
  // turn)", "normal fire (never, charging when in reach)" (SF-A, SF-E); the side named where two have one.
  std::string tactic() const override {
    std::vector<std::string> parts;
    size_t sides = 0;
    for (const auto& side : sc_->sides) sides += side.fast_fire ? 1 : 0;
    for (const auto& side : sc_->sides) {
      if (!side.fast_fire) continue;
      const Policy& p = side.policy;
      const std::string when = policy_text(side);
      const std::string words = std::string(p.when == WhenPolicy::Never ? "normal fire (" : "schnellfeuer (") +
                                when.substr(0, when.find(',')) +
                                (p.which == WhichPolicy::Force ? "" : " by subgroup " + side.subgroups[p.subgroup]) + ", charging " +
                                (p.charge_after ? "in the reload turn" : "when in reach") + ")";
      parts.push_back(sides > 1 ? side.name + " " + words : words);
    }
    std::string text;
    for (const auto& part : parts) text += (text.empty() ? "" : "; ") + part;
    return text;
  }

  // Schnellfeuer against normal fire, like with like (SF-E): with fast fire a charge waits for the
  // reload turn, as the seed's COMMENT has the Hereros do; without it the reload turn never comes, so
  // normal fire charges when in reach. Comparing the policies alone would leave the charge orders of
  // the `never` variant waiting for ever and credit fast fire with the charge.
  std::optional<Question> default_question() const override {
    for (const auto& side : sc_->sides) {
      if (!side.fast_fire) continue;
      const std::string s = side.name;
      return Question{{s + ".policy=always", s + ".charge_after=true"},
                      s + ".policy=never;" + s + ".charge_after=false",
                      "schnellfeuer (charging in the reload turn) against normal fire (charging when in reach) for " + s};
    }
    return std::nullopt;
  }

  std::string summary() const override {
    const FirefightScenario& sc = *sc_;
    const Ruleset& rs = sc.ruleset;
    std::ostringstream out;
    out << sc.title << " (firefight, " << sc.turns << " turns)\n";
    out << "table " << inches(sc.table.x1) << "\" x " << inches(sc.table.y1) << "\", visibility " << inches(sc.visibility)
        << "\", spot range " << inches(sc.spot_range) << "\"\n";
    out << "ruleset " << rs.name << ": d" << rs.fire_die << " fire die, natural ones " << (rs.natural_one_hits ? "hit" : "do not hit")
        << ", kill chance " << rs.kill_chance.num << "/" << rs.kill_chance.den << ", units in melee "
        << (rs.fire_into_melee ? "may be fired at" : "cannot be fired at") << ", unit morale tested at or below " << rs.morale_fraction
        << " of a unit's figures\n";
    for (const auto& w : rs.weapons)
      out << "  weapon " << w.name << ": range " << inches(w.range) << "\", " << w.dice_per_figure << " dice per figure, bands "
          << w.bands[0] << " " << w.bands[1] << " " << w.bands[2] << " " << w.bands[3] << "\n";
    for (const auto& side : sc.sides) {
      out << "side " << side.name << ": " << side.units.size() << " units, " << side.start_figures << " figures, " << side.decoys.size()
          << " decoys" << (side.fast_fire ? ", fast fire" : "") << (side.native ? ", native" : "")
          << (side.prone_rule ? ", prone rule" : "") << (side.hidden_fire == HiddenFire::Hold ? ", hidden units hold their fire" : "")
          << ", defeated at " << side.break_figures << " figures or fewer\n";
      if (side.fast_fire) out << "  schnellfeuer policy: " << policy_text(side) << "\n";
      for (const auto& u : side.units) {
        out << "  " << u.name << ": " << u.figures << " figures, " << rs.weapons[u.weapon].name << ", class " << u.target_class << ", ";
        if (u.placement.zone)
          out << "zone (" << inches(u.placement.area.x0) << ", " << inches(u.placement.area.y0) << ")-(" << inches(u.placement.area.x1)
              << ", " << inches(u.placement.area.y1) << ")";
        else out << "at " << point_text(u.placement.position);
        out << (u.hidden ? ", hidden" : "") << ", subgroup " << side.subgroups[u.subgroup] << ", " << orders_text(u.orders)
            << (u.leader ? "" : ", no leader") << "\n";
      }
    }
    for (const auto& t : sc.terrain)
      out << "terrain " << t.name << ": (" << inches(t.area.x0) << ", " << inches(t.area.y0) << ")-(" << inches(t.area.x1) << ", "
          << inches(t.area.y1) << ")" << (t.blocks_sight ? ", blocks sight" : "")
          << (t.cover_class > 0 ? ", cover class " + std::to_string(t.cover_class) : "") << "\n";
    return out.str();
  }

  MapModel map_data(uint64_t seed, uint64_t trial, int turn) const override {
    const FirefightScenario& sc = *sc_;
    FirefightState state(sc);
    TrialDice dice(seed, trial);
    SnapshotNarrator snap;
    snap.want = std::max(0, turn);
    play_trial(sc, state, dice, snap);
    const FirefightState& st = snap.snapshot;
    auto box = [&](const Rect& r) { return MapBox{to_inches(r.x0), to_inches(r.y0), to_inches(r.x1), to_inches(r.y1)}; };
    std::vector<std::string> sides;
    for (const auto& side : sc.sides) sides.push_back(side.name);
    MapModel map = table_map(sc.title, turn, to_inches(sc.table.x1), to_inches(sc.table.y1), sides);
    for (const auto& t : sc.terrain) map.terrain.push_back({t.name, box(t.area), t.blocks_sight, t.cover_class});
    // Zones matter at the setup: where a unit may stand; later turns show where it went.
    if (turn <= 0)
      for (const auto& side : sc.sides) {
        for (const auto& u : side.units)
          if (u.placement.zone) map.zones.push_back({side.name, "zone of " + u.name, box(u.placement.area)});
        for (const auto& d : side.decoys)
          if (d.placement.zone) map.zones.push_back({side.name, "zone of decoy " + d.name, box(d.placement.area)});
      }
    for (int g = 0; g < sc.total_units(); ++g) {
      const UnitState& u = st.units[g];
      MapMark mark;
      mark.kind = u.out() ? MapMarkKind::Broken : u.hidden ? MapMarkKind::Hidden : MapMarkKind::Unit;
      mark.side = sc.sides[sc.side_of(g)].name;
      mark.name = sc.unit(g).name;
      mark.figures = std::max(0, u.figures);
      mark.x = to_inches(u.pos.x);
      mark.y = to_inches(u.pos.y);
      map.marks.push_back(mark);
    }
    for (int s = 0; s < SideCount; ++s)
      for (int d = 0; d < st.decoy_count[s]; ++d) {
        const DecoyState& dec = st.decoys[s][d];
        if (!dec.alive) continue;
        MapMark mark;
        mark.kind = MapMarkKind::Decoy;
        mark.side = sc.sides[s].name;
        mark.name = dec.label >= 0 ? sc.sides[s].decoys[dec.label].name : "blank of " + sc.unit(-1 - dec.label).name;
        mark.x = to_inches(dec.pos.x);
        mark.y = to_inches(dec.pos.y);
        map.marks.push_back(mark);
      }
    add_tracks(map, sc, st, snap.paths, turn);
    // The whole trial was played: its end says whether this turn was the last (F-9; the snapshot is
    // taken before the victory check of its turn).
    map.decided = turn > 0 && state.outcome != Outcome::Undecided && state.turn_decided <= turn;
    return map;
  }

 private:
  // After a turn, the way each unit that moved went; at the setup, the way advance and charge orders
  // send each unit: toward the nearest enemy marker or unit, as far as its mean move (F-6; it stops
  // earlier when it has a target, and 1" short of the enemy).
  static void add_tracks(MapModel& map, const FirefightScenario& sc, const FirefightState& st, const std::vector<std::vector<Point>>& paths,
                         int turn) {
    for (int g = 0; g < sc.total_units(); ++g) {
      const UnitState& u = st.units[g];
      MapTrack track;
      track.side = sc.sides[sc.side_of(g)].name;
      track.name = sc.unit(g).name;
      if (turn > 0) {
        for (const Point& p : paths[static_cast<size_t>(g)])
          if (track.points.empty() || track.points.back() != std::pair{to_inches(p.x), to_inches(p.y)})
            track.points.emplace_back(to_inches(p.x), to_inches(p.y));
      } else if (!u.out() && sc.unit(g).orders != Orders::Hold) {
        const int own = sc.side_of(g);
        double best = -1, tx = 0, ty = 0;
        const auto consider = [&](const Point& p) {
          const double d = std::hypot(to_inches(p.x - u.pos.x), to_inches(p.y - u.pos.y));
          if (best < 0 || d < best) best = d, tx = to_inches(p.x), ty = to_inches(p.y);
        };
        for (int e = 0; e < sc.total_units(); ++e)
          if (sc.side_of(e) != own && !st.units[e].out()) consider(st.units[e].pos);
        for (int d = 0; d < st.decoy_count[1 - own]; ++d)
          if (st.decoys[1 - own][d].alive) consider(st.decoys[1 - own][d].pos);
        const double go = std::min(3.5 * sc.unit(g).move_dice, best - 1.0);
        if (best <= 0 || go <= 0) continue;
        const double x = to_inches(u.pos.x), y = to_inches(u.pos.y);
        track.points = {{x, y}, {x + (tx - x) * go / best, y + (ty - y) * go / best}};
        track.planned = true;
      }
      if (track.points.size() > 1) map.tracks.push_back(std::move(track));
    }
  }

  std::shared_ptr<const FirefightScenario> sc_;
};

}  // namespace

std::unique_ptr<ScenarioModel> load_firefight_model(const ScenarioDocument& doc) {
  return std::make_unique<FirefightModel>(read_firefight_scenario(doc));
}

}  // namespace volley
