#pragma once
// The firefight scenario as the kernel reads it (docs/rules.md Part F): plain structs, every number of
// the rules a field with its default, positions in hundredths of an inch (engine/geometry.hpp).
// sim/scenario/firefight_reader.cpp fills them from a scenario file; tests build them directly.
#include "engine/enum_words.hpp"
#include "engine/firefight/firefight_keys.hpp"
#include "engine/geometry.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace volley::firefight {

inline constexpr int SideCount = 2;      // F-1: exactly two sides
inline constexpr int TargetClasses = 4;  // F-1: target classes 1..4
// Capacity (docs/architecture.md, "The kernel"): the loader refuses more, the kernel never overruns. Units and
// markers share the 16-bit actor field of the random streams (engine/rng.hpp).
inline constexpr int MaxUnitsPerSide = 1024;   // the worker caches side-to-side geometry: 9 MB at most
inline constexpr int MaxDecoysPerSide = 4096;  // listed decoys (blanks added by SF-F come on top)
inline constexpr int MaxFirefightTurns = 500;  // within the 10 turn bits of engine/rng.hpp

enum class Orders : uint8_t { Hold, Advance, Charge };  // F-1, F-6

// SF policies (docs/rules.md "Policies"): when a side declares, and for which group.
enum class WhenPolicy : uint8_t { Never, Always, Turns, MinTargets };
enum class WhichPolicy : uint8_t { Force, Subgroup };
// F-3 [assumed]: what a card does with a hidden unit of the side that has a target.
enum class HiddenFire : uint8_t {
  Always,  // default: it may be activated like any other unit (and is revealed when it fires, SF-C)
  Hold,    // a card never activates it: it holds fire to stay hidden (schnellfeuer still fires it, SF-B)
};
// SF-H: which of the eligible markers stay hidden.
// SF-H [revised 2026-12-01]: when "no line of sight" is judged.
enum class SfhSight : uint8_t {
  Reveal,       // default: when SF-D reveals, after the group's fire, as the seed orders it
  Declaration,  // at the declaration (the reading of volley before the F-4 tie rules)
};

enum class KeepHiddenChoice : uint8_t {
  UnitsFirst,   // default: real units first, then farthest from the nearest enemy unit
  Farthest,     // units and decoys together, farthest first
  DecoysFirst,  // decoys first, then units, farthest first within each
  None,         // the player never uses SF-H: everything is revealed
};

// The words a scenario file uses for each (engine/enum_words.hpp).
constexpr EnumWords<Orders, 3> words_of(Orders) {
  return {{{Orders::Hold, "hold"}, {Orders::Advance, "advance"}, {Orders::Charge, "charge"}}};
}
constexpr EnumWords<HiddenFire, 2> words_of(HiddenFire) { return {{{HiddenFire::Always, "always"}, {HiddenFire::Hold, "hold"}}}; }
constexpr EnumWords<SfhSight, 2> words_of(SfhSight) { return {{{SfhSight::Reveal, "reveal"}, {SfhSight::Declaration, "declaration"}}}; }
constexpr EnumWords<KeepHiddenChoice, 4> words_of(KeepHiddenChoice) {
  return {{{KeepHiddenChoice::UnitsFirst, "units-first"},
           {KeepHiddenChoice::Farthest, "farthest"},
           {KeepHiddenChoice::DecoysFirst, "decoys-first"},
           {KeepHiddenChoice::None, "none"}}};
}
static_assert(lists_values_in_order(words_of(Orders{})) && lists_values_in_order(words_of(HiddenFire{})) &&
              lists_values_in_order(words_of(SfhSight{})) && lists_values_in_order(words_of(KeepHiddenChoice{})));

// A probability as a fraction num/den (den <= 20) so that a kill-or-wound split is one dice pool:
// successes(h, num, den) (F-4).
struct Fraction {
  int num = 1;
  int den = 4;
};

// The most figures that are still "at or below fraction x total" (F-8b, F-9): computed once when a
// scenario is finalized, so the kernel compares integers only. The floor is exact for the integer
// left-hand side; the epsilon keeps 0.3 x 10 at 3 despite binary rounding.
inline int figures_at_fraction(double fraction, int total) noexcept { return static_cast<int>(fraction * total + 1e-9); }

struct Weapon {
  std::string name;
  Coord range = 24 * CoordPerInch;
  int dice_per_figure = 1;
  std::array<int, TargetClasses> bands{};  // hit on a fire die showing <= band, per target class
};

// Every number of Part F. [book] and [assumed] defaults as in docs/rules.md.
struct Ruleset {
  std::string name{firefight_key("ruleset.name").text};
  // F-4 fire
  int fire_die = firefight_key("ruleset.fire_die").integer();
  bool natural_one_hits = firefight_key("ruleset.natural_one_hits").boolean();
  Fraction kill_chance{1, 4};
  bool fire_into_melee = firefight_key("ruleset.fire_into_melee").boolean();  // units in melee may be targeted [assumed: they may not]
  Coord tie_distance = firefight_key("ruleset.tie_distance").coord();         // F-4 "Measuring": distances closer than this are a tie
  std::vector<Weapon> weapons;
  // F-1 / F-6 native and imperial defaults (a unit may override each)
  int native_move_dice = firefight_key("ruleset.native_move_dice").integer(),
      imperial_move_dice = firefight_key("ruleset.imperial_move_dice").integer();
  int native_charge_dice = firefight_key("ruleset.native_charge_dice").integer(),
      imperial_charge_dice = firefight_key("ruleset.imperial_charge_dice").integer();
  int native_melee_bonus = firefight_key("ruleset.native_melee_bonus").integer(),
      imperial_melee_bonus = firefight_key("ruleset.imperial_melee_bonus").integer();
  // F-6 movement and charges
  Coord contact_gap = firefight_key("ruleset.contact_gap").coord();            // an advance stops this far from any enemy marker or unit
  Coord halt_short = firefight_key("ruleset.halt_short").coord();              // a charger failing to go in halts this far short
  Coord contact_distance = firefight_key("ruleset.contact_distance").coord();  // a charger in contact stands this far from its target
  int go_in_leader = firefight_key("ruleset.go_in_leader").integer(),
      go_in_no_leader = firefight_key("ruleset.go_in_no_leader").integer();  // d6 >= to go in
  int stand_leader = firefight_key("ruleset.stand_leader").integer(),
      stand_no_leader = firefight_key("ruleset.stand_no_leader").integer();  // d6 >= to stand
  // F-7 melee
  int melee_die = firefight_key("ruleset.melee_die").integer();
  int melee_kill_face = firefight_key("ruleset.melee_kill_face").integer();  // a loser's die at or below this: killed
  int melee_morale_modifier = firefight_key("ruleset.melee_morale_modifier").integer();
  // F-8 prone and morale
  int prone_threshold = firefight_key("ruleset.prone_threshold").integer();  // d6 + burst casualties >= this: prone
  int prone_fire_modifier = firefight_key("ruleset.prone_fire_modifier").integer();
  int prone_target_class = firefight_key("ruleset.prone_target_class").integer();
  int prone_move_dice = firefight_key("ruleset.prone_move_dice").integer();
  int morale_leader = firefight_key("ruleset.morale_leader").integer(),
      morale_no_leader = firefight_key("ruleset.morale_no_leader").integer();  // d6 >= to stay
  double morale_fraction =
      firefight_key("ruleset.morale_fraction").fallback;  // F-8b: a unit tests at or below this fraction of its figures
  // SF (seed numbers, kept as data)
  int sf_dice_multiplier = firefight_key("ruleset.sf_dice_multiplier").integer();
  int sf_fire_modifier = firefight_key("ruleset.sf_fire_modifier").integer();
  int sf_keep_hidden_max = firefight_key("ruleset.sf_keep_hidden_max").integer();  // SF-H: min(3, n / 4)
  int sf_keep_hidden_divisor = firefight_key("ruleset.sf_keep_hidden_divisor").integer();
};

struct Policy {
  WhenPolicy when = WhenPolicy::Never;
  std::vector<uint8_t> turns;  // Turns: turns[t] != 0 for each listed turn (size turns + 1)
  int min_targets = 1;         // MinTargets: k
  // range:R, alone or with the others (min-targets:2&range:12): declare only when the group's nearest
  // target is within R inches (squared, in coordinate units); -1: no such condition.
  int64_t range_squared = -1;
  WhichPolicy which = WhichPolicy::Force;
  int subgroup = 0;                                                           // Subgroup: index into Side::subgroups
  bool charge_after = firefight_key("<side>.charge_after").boolean();         // charge orders act only in the reload turn
  bool reconceal = firefight_key("<side>.reconceal").boolean();               // SF-F
  int reconceal_blanks = firefight_key("<side>.reconceal_blanks").integer();  // SF-F: 2 or 3 markers, the unit among them
  KeepHiddenChoice keep_hidden = declared_choice<KeepHiddenChoice>(firefight_key("<side>.keep_hidden"));  // SF-H
  SfhSight sfh_sight = declared_choice<SfhSight>(firefight_key("<side>.sfh_sight"));                      // SF-H
};

// Where a unit or decoy starts: a point, or a zone in which it is placed uniformly each trial.
struct Placement {
  bool zone = false;
  Point position;
  Rect area;  // the zone, when zone
};

struct UnitSpec {
  std::string name;
  int figures = 1;
  int weapon = 0;  // index into Ruleset::weapons
  int target_class = 1;
  Placement placement;
  bool hidden = false;
  int subgroup = 0;
  Orders orders = Orders::Hold;
  bool leader = true;
  int move_dice = 2;
  int charge_dice = 3;
  int melee_bonus = 0;  // added to its melee dice in a turn it charged (F-7)
  Coord charge_reach = 18 * CoordPerInch;
  // Derived by FirefightScenario::finalize() (read only by the kernel):
  int side = 0;
  Coord reach = 0;           // F-4 / F-5: min(weapon range, visibility)
  bool sf_member = false;    // in the group its side's policy declares schnellfeuer for
  int morale_figures = 0;    // F-8b: tests morale at or below this many figures
  int placement_cover = -1;  // F-1: the cover class everywhere in its placement; -1: it varies
};

struct DecoySpec {
  std::string name;
  Placement placement;
  int subgroup = 0;
  int entry = -1;  // the scenario entry it comes from (decoys of one entry share a Placement
                   // stream); -1: an entry of its own
};

struct Side {
  std::string name;
  bool fast_fire = firefight_key("<side>.fast_fire").boolean();
  bool native = firefight_key("<side>.native").boolean();
  bool prone_rule = firefight_key("<side>.prone_rule").boolean();
  HiddenFire hidden_fire = declared_choice<HiddenFire>(firefight_key("<side>.hidden_fire"));  // F-3
  Policy policy;
  double break_fraction = firefight_key("<side>.break_fraction").fallback;
  int break_figures = 0;  // F-9: defeated at or below this many figures in action
  std::vector<std::string> subgroups{"main"};
  std::vector<UnitSpec> units;
  std::vector<DecoySpec> decoys;
  int start_figures = 0;
};

struct Terrain {
  std::string name;
  Rect area;
  bool blocks_sight = false;
  int cover_class = 0;  // 0: none; else the target class a unit standing in it has at least
};

struct FirefightScenario {
  std::string title;
  int turns = 8;
  Rect table{0, 0, 72 * CoordPerInch, 48 * CoordPerInch};
  Coord visibility = 12 * CoordPerInch;  // F-5
  Coord spot_range = 6 * CoordPerInch;   // F-5
  Ruleset ruleset;
  std::array<Side, SideCount> sides;
  std::vector<Terrain> terrain;

  // Derived once by finalize(): units' first global index per side, and the terrain split by what
  // it does (line of sight looks only at the rectangles that block it).
  int unit_offset[SideCount + 1] = {0, 0, 0};
  std::vector<Rect> sight_blockers;
  // The smallest rectangle holding every sight blocker (with none, an empty one, x0 > x1, that no
  // segment meets): a sight line that misses it needs no look at the blockers one by one.
  Rect sight_bounds;
  std::vector<Terrain> cover_terrain;
  std::vector<UnitSpec> flat_units;  // every unit in global index order, with its derived fields
  int total_units() const noexcept { return unit_offset[SideCount]; }
  const UnitSpec& unit(int global) const noexcept { return flat_units[global]; }
  int side_of(int global) const noexcept { return flat_units[global].side; }

  // F-1: the cover class at every point of a placement, or -1 if it varies (a zone that a cover
  // rectangle holds only in part): setup then looks it up where the unit is placed.
  int placement_cover_class(const Placement& p) const noexcept {
    const Rect area = p.zone ? p.area : Rect{p.position.x, p.position.y, p.position.x, p.position.y};
    int c = 0;
    for (const Terrain& t : cover_terrain) {
      if (disjoint(t.area, area)) continue;
      if (!contains(t.area, area)) return -1;
      c = std::max(c, t.cover_class);
    }
    return c;
  }

  // Fill the derived fields (offsets, starting figures, break thresholds). Call after editing.
  void finalize() {
    unit_offset[0] = 0;
    unit_offset[1] = static_cast<int>(sides[0].units.size());
    unit_offset[2] = unit_offset[1] + static_cast<int>(sides[1].units.size());
    sight_blockers.clear();
    cover_terrain.clear();
    sight_bounds = {std::numeric_limits<Coord>::max(), std::numeric_limits<Coord>::max(), std::numeric_limits<Coord>::min(),
                    std::numeric_limits<Coord>::min()};
    for (const auto& t : terrain) {
      if (t.blocks_sight) {
        sight_blockers.push_back(t.area);
        sight_bounds = {std::min(sight_bounds.x0, t.area.x0), std::min(sight_bounds.y0, t.area.y0), std::max(sight_bounds.x1, t.area.x1),
                        std::max(sight_bounds.y1, t.area.y1)};
      }
      if (t.cover_class > 0) cover_terrain.push_back(t);
    }
    flat_units.clear();
    for (int s = 0; s < SideCount; ++s) {
      const Policy& p = sides[s].policy;
      for (UnitSpec u : sides[s].units) {
        u.side = s;
        u.reach = std::min(ruleset.weapons[u.weapon].range, visibility);
        u.sf_member = p.which == WhichPolicy::Force || u.subgroup == p.subgroup;
        u.morale_figures = figures_at_fraction(ruleset.morale_fraction, u.figures);
        u.placement_cover = placement_cover_class(u.placement);
        flat_units.push_back(u);
      }
    }
    for (auto& side : sides) {
      side.start_figures = 0;
      for (const auto& u : side.units) side.start_figures += u.figures;
      // F-9: figures in action <= break_fraction x start.
      side.break_figures = figures_at_fraction(side.break_fraction, side.start_figures);
    }
  }
};

}  // namespace volley::firefight
