#pragma once
// The in-memory barrage scenario (docs/rules.md Part B): plain structs the kernel reads. The loader
// (sim/scenario/barrage_reader.cpp) fills them from a scenario file and checks them; tests build them directly.
// Every [assumed] number of Part B is a field here with its default, and so is every [book] and
// [seed] number, so that a sweep changes data, never code (docs/architecture.md, "The kernel").
//
// Indices: units, Blinds, batteries and missions of both sides live in one list each (the first
// side's entries first, in file order); a side's lists name them by these global indices. Positions
// are in engine/geometry.hpp's fixed point (CoordPerInch to the inch).
#include "engine/barrage/barrage_keys.hpp"
#include "engine/barrage/mission_kind.hpp"
#include "engine/barrage/sheaf.hpp"
#include "engine/enum_words.hpp"
#include "engine/barrage/template_geometry.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace volley::barrage {

inline constexpr int SideCount = 2;

// Capacity (docs/architecture.md: a documented limit is refused, never overrun). Random-stream actors are 16
// bits (rng.hpp): units and Blinds together, and twice the batteries, must stay below 65536.
inline constexpr int MaxUnits = 30000;     // both sides together
inline constexpr int MaxBlinds = 30000;    // both sides together (units + Blinds <= 65535)
inline constexpr int MaxBatteries = 8000;  // both sides together
inline constexpr int MaxMissions = 8000;   // both sides together
inline constexpr int MaxPoolDice = 1000;   // any one pool (command, comms, supply, fire, reaction)

enum class Cover : uint8_t { None, Light, Medium, Heavy };                  // B-1
enum class CommsRule : uint8_t { Opposed, AnySuccess };                     // B-6
enum class RestockRule : uint8_t { Chains, None, Fixed };                   // B-2
enum class CancelPolicy : uint8_t { Never, FriendlyUnder };                 // B-3 step 2
enum class AdjustPolicy : uint8_t { None, NearestEnemy };                   // B-3 step 3
enum class MaintainPolicy : uint8_t { WhileStockLasts, Never };             // B-2
enum class Edge : uint8_t { South, North, West, East };                     // B-1: south is y = 0
enum class Nation : uint8_t { Commonwealth, Germany, Soviet, Usa, Other };  // B-3 supply dice
enum class PulseTie : uint8_t { Attacker, Defender };                       // B-2
enum class UnpaidStart : uint8_t { Delay, Cancel };                         // B-4

// The words a scenario file uses for each (engine/enum_words.hpp).
constexpr EnumWords<Cover, 4> words_of(Cover) {
  return {{{Cover::None, "none"}, {Cover::Light, "light"}, {Cover::Medium, "medium"}, {Cover::Heavy, "heavy"}}};
}
constexpr EnumWords<CommsRule, 2> words_of(CommsRule) {
  return {{{CommsRule::Opposed, "opposed"}, {CommsRule::AnySuccess, "any-success"}}};
}
constexpr EnumWords<CancelPolicy, 2> words_of(CancelPolicy) {
  return {{{CancelPolicy::Never, "never"}, {CancelPolicy::FriendlyUnder, "friendly-under"}}};
}
constexpr EnumWords<AdjustPolicy, 2> words_of(AdjustPolicy) {
  return {{{AdjustPolicy::None, "none"}, {AdjustPolicy::NearestEnemy, "nearest-enemy"}}};
}
constexpr EnumWords<MaintainPolicy, 2> words_of(MaintainPolicy) {
  return {{{MaintainPolicy::WhileStockLasts, "while-stock-lasts"}, {MaintainPolicy::Never, "never"}}};
}
constexpr EnumWords<Edge, 4> words_of(Edge) {
  return {{{Edge::South, "south"}, {Edge::North, "north"}, {Edge::West, "west"}, {Edge::East, "east"}}};
}
constexpr EnumWords<Nation, 5> words_of(Nation) {
  return {{{Nation::Commonwealth, "commonwealth"},
           {Nation::Germany, "germany"},
           {Nation::Soviet, "soviet"},
           {Nation::Usa, "usa"},
           {Nation::Other, "other"}}};
}
constexpr EnumWords<PulseTie, 2> words_of(PulseTie) { return {{{PulseTie::Attacker, "attacker"}, {PulseTie::Defender, "defender"}}}; }
constexpr EnumWords<UnpaidStart, 2> words_of(UnpaidStart) { return {{{UnpaidStart::Delay, "delay"}, {UnpaidStart::Cancel, "cancel"}}}; }
static_assert(lists_values_in_order(words_of(Cover{})) && lists_values_in_order(words_of(CommsRule{})) &&
              lists_values_in_order(words_of(CancelPolicy{})) && lists_values_in_order(words_of(AdjustPolicy{})) &&
              lists_values_in_order(words_of(MaintainPolicy{})) && lists_values_in_order(words_of(Edge{})) &&
              lists_values_in_order(words_of(Nation{})) && lists_values_in_order(words_of(PulseTie{})) &&
              lists_values_in_order(words_of(UnpaidStart{})));

struct Ruleset {
  // Switches that isolate effects (B-2, B-3, B-5).
  bool command_failures = barrage_key("ruleset.command_failures").boolean();             // B-2
  bool supply_checks = barrage_key("ruleset.supply_checks").boolean();                   // B-3 step 5
  CommsRule comms_rule = declared_choice<CommsRule>(barrage_key("ruleset.comms_rule"));  // B-6
  Coord forced_back = barrage_key("ruleset.forced_back").coord();                        // B-5; 0 switches it off

  // Templates and footprints (B-1, B-5) [assumed].
  Size regular_template{6 * CoordPerInch, 6 * CoordPerInch};
  Size converged_template{6 * CoordPerInch, 3 * CoordPerInch};
  Size unit_footprint{24 * CoordPerInch / 10, 16 * CoordPerInch / 10};  // 2.4" x 1.6"
  Size blind_footprint{6 * CoordPerInch, 4 * CoordPerInch};

  // Staff Orders (B-2, B-4).
  int maintain_cost = barrage_key("ruleset.maintain_cost").integer();  // per battery, on a friendly Command Failure
  int start_cost = barrage_key("ruleset.start_cost").integer();        // to order a planned mission to fire
  UnpaidStart unpaid_start = declared_choice<UnpaidStart>(barrage_key("ruleset.unpaid_start"));  // a planned mission short of start_cost
  int call_cost = barrage_key("ruleset.call_cost").integer();                                    // to call a pre-registered barrage
  int supply_bonus_cost = barrage_key("ruleset.supply_bonus_cost").integer();                    // B-3 step 5
  int supply_bonus_dice = barrage_key("ruleset.supply_bonus_dice").integer();                    // B-3 step 5

  // Missions (B-4); the loader checks them.
  Coord min_rolling_speed = barrage_key("ruleset.min_rolling_speed").coord();          // PF-RB
  int max_registered_points = barrage_key("ruleset.max_registered_points").integer();  // PF-PR
  int call_comms_bonus = barrage_key("ruleset.call_comms_bonus").integer();            // PF-PR: +1D to the comms dice
  Coord trigger_radius = barrage_key("ruleset.trigger_radius").coord();                // PF-PR call policy default
  Coord adjust_range = barrage_key("ruleset.adjust_range").coord();                    // B-3 step 3 policy nearest-enemy
  Coord tie_distance =
      barrage_key("ruleset.tie_distance").coord();  // docs/rules.md F-4 "Measuring": nearer than this is a tie (PF-PR, B-3)

  // Dice (B-3, B-5, B-6): a die succeeds at `hit_target`+ on a d6.
  int hit_target = barrage_key("ruleset.hit_target").integer();                      // battery, reaction, comms and supply dice
  int suppressed_target = barrage_key("ruleset.suppressed_target").integer();        // reaction dice of a suppressed unit
  int supply_opposition = barrage_key("ruleset.supply_opposition").integer();        // the 3D a supply check rolls against
  int comms_opposition = barrage_key("ruleset.comms_opposition").integer();          // the 3D a comms check rolls against
  std::array<int, 4> cover_dice{0, 1, 2, 3};                                         // none, light, medium, heavy [book]
  int partial_cover_dice = barrage_key("ruleset.partial_cover_dice").integer();      // less than half covered
  int morale_loss_die = barrage_key("ruleset.morale_loss_die").integer();            // D3 army morale per dispersed unit
  int suppression_turns = barrage_key("ruleset.suppression_turns").integer();        // recovers at the end of turn (suppressed + this)
  PulseTie pulse_tie = declared_choice<PulseTie>(barrage_key("ruleset.pulse_tie"));  // B-2

  // Defaults of per-entry fields (the loader applies them; the kernel reads the entries).
  int fire_dice = barrage_key("ruleset.fire_dice").integer();          // battery
  int reaction_dice = barrage_key("ruleset.reaction_dice").integer();  // unit
  int cohesion = barrage_key("ruleset.cohesion").integer();            // unit
};

// A unit's or Blind's start: a fixed centre, or a zone (the centre is drawn uniformly inside it at
// the start of each trial, B-1 / F-1).
struct Placement {
  bool zoned = false;
  Point position;
  Rect zone;  // centres, inclusive bounds
};

struct UnitSpec {
  std::string name;
  int side = 0;
  Placement placement;  // unused for a unit in a Blind
  Size footprint;
  int reaction_dice = 4;
  Cover cover = Cover::None;
  int cohesion = 3;
  Point velocity;  // per turn (B-7)
  int blind = -1;  // the Blind that holds it at the start, or -1
  Point offset;    // from the Blind's centre, where it stands when the Blind is revealed
};

struct BlindSpec {
  std::string name;
  int side = 0;
  Placement placement;
  Size footprint;
  Point velocity;
  std::vector<int> units;  // empty: a dummy
  bool dummy() const noexcept { return units.empty(); }
};

struct BatterySpec {
  std::string name;
  int side = 0;
  int fire_dice = 4;
  bool direct_support = true;  // only direct-support batteries have pre-registered points (PF-PR)
};

struct SideSpec {
  std::string name;
  Nation nation = declared_choice<Nation>(barrage_key("<side>.nation"));
  int command_dice = barrage_key("<side>.command_dice").integer();
  int staff_orders = 0;  // the stock at the start (capped at command_dice, B-2)
  RestockRule restock = RestockRule::Chains;
  int restock_fixed = 0;
  int comms_dice = barrage_key("<side>.comms_dice").integer();
  int supply_dice = barrage_key("<side>.supply_dice").integer();
  Edge home_edge = Edge::South;
  CancelPolicy cancel = declared_choice<CancelPolicy>(barrage_key("<side>.policies.cancel"));
  AdjustPolicy adjust = declared_choice<AdjustPolicy>(barrage_key("<side>.policies.adjust"));
  bool supply_bonus = barrage_key("<side>.policies.supply_bonus").boolean();
  MaintainPolicy maintain = declared_choice<MaintainPolicy>(barrage_key("<side>.policies.maintain"));

  // Filled by index_scenario().
  std::vector<int> units, blinds, batteries;
  std::vector<int> missions;        // in battery index order (B-3 step 4)
  std::vector<int> pre_registered;  // its PF-PR missions, in the same order (the Command Pulse's calls)
  std::vector<int> movers;          // units with a velocity, index order
  std::vector<int> moving_blinds;   // Blinds with a velocity, index order

  // Nothing to do in its Friendly Logistics Phase or Command Pulse: no fire missions, nothing that
  // moves. Such a side's phases change nothing, whenever they come.
  bool idle() const noexcept { return missions.empty() && movers.empty() && moving_blinds.empty(); }
};

struct BarrageScenario {
  std::string title;
  int turns = 8;
  Size table{72 * CoordPerInch, 48 * CoordPerInch};
  Ruleset ruleset;
  std::array<SideSpec, SideCount> sides;
  int attacker = 0;
  std::vector<UnitSpec> units;
  std::vector<BlindSpec> blinds;
  std::vector<BatterySpec> batteries;
  std::vector<MissionSpec> missions;
  std::string headline;  // metric name; empty: "<defender>.dispersed"
  // The defender's units that get a `<defender>.first_hit.<unit>` metric, in unit order. Per-unit
  // metrics grow the result files with the scenario (30,000 units made a 214 MB JSON), so they are
  // kept for the units a scenario names, or all of them up to a bound (sim/scenario/barrage_reader.cpp).
  std::vector<int> first_hit_units;

  int defender() const noexcept { return 1 - attacker; }
};

// A d6 succeeds at `target`+: how many of its faces that is, clamped to [0, 6].
constexpr int success_faces(int target) noexcept { return target <= 1 ? 6 : (target > 6 ? 0 : 7 - target); }

// Fills the derived lists of each side (units, Blinds, batteries, missions in battery index order,
// movers) and the Blinds' unit lists from the units' `blind`. Call after the entries are complete.
void index_scenario(BarrageScenario& scenario);

// The per-turn move of a rolling barrage: `speed` along the direction (dx, dy), rounded to whole
// coordinates once, here, so the kernel moves in integers (PF-RB); never shorter than `speed`.
Point rolling_step(double dx, double dy, Coord speed);

}  // namespace volley::barrage
