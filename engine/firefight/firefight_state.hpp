#pragma once
// The state of one firefight trial, in scratch that a worker sizes once from the scenario
// (docs/architecture.md "The kernel": no allocation inside a trial). reset() rewrites every field a trial reads,
// so a worker plays any trial index after any other and gets the same result.
//
// Units of both sides share one array in global index order: side 0's units in scenario order, then
// side 1's. The global index is also the unit's actor in the random streams (engine/rng.hpp).
#include "engine/firefight/firefight_scenario.hpp"
#include "engine/firefight/luck_controls.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace volley::firefight {

struct UnitState {
  Point pos;
  int figures = 0;
  int cover_class = 0;       // F-1: the class the terrain under it gives (0: none)
  int reload_turn = 0;       // SF-E: the turn in which it may not fire (0: none)
  int sf_revealed_turn = 0;  // SF-F: the turn a schnellfeuer revealed it (0: none)
  bool hidden = false;       // F-5: a marker to the enemy
  bool broken = false;       // F-8b, F-6, F-7: routed and removed
  bool prone = false;        // F-8a
  bool in_melee = false;     // F-7: in contact with an enemy unit
  bool fired = false;        // F-3: fired (or may no longer fire) this fire phase
  // The flags of one turn, side by side: the start of a turn clears them (clear_turn_flags).
  bool stood_up = false;         // F-8a: stood from prone this movement phase (moves 1d6, no charge)
  bool moved = false;            // SF-F: moved or charged this movement phase
  bool charged = false;          // F-7: charged this turn (melee bonus)
  bool took_casualties = false;  // F-8b: lost figures this turn
  bool kept = false;             // SF-H: chosen to stay hidden (scratch of one declaration)
  bool gone = false;             // out of action: broken or destroyed (kept by lose_figures, break_unit)

  // The start of a turn (firefight_trial.hpp, begin_turn).
  void clear_turn_flags() noexcept { stood_up = moved = charged = took_casualties = false; }
  // Out of action: broken, or no figures left (destroyed).
  bool out() const noexcept { return gone; }
  // Figures lost to fire or melee; a unit with none left is destroyed.
  void lose_figures(int n) noexcept {
    figures -= n;
    if (n > 0) took_casualties = true;
    if (figures <= 0) gone = true;
  }
};

struct DecoyState {
  Point pos;
  int subgroup = 0;
  int label = 0;  // listed decoy index, or -1 - unit for a blank added by that unit's SF-F
  bool alive = true;
  bool kept = false;  // SF-H: chosen to stay hidden (scratch of one declaration)
};

// Contact between two units (F-6 charge, F-7 melee): the charger and the defender.
struct Contact {
  int charger = 0;
  int defender = 0;
};

// Per side tallies of one trial (firefight_metrics.hpp turns them into observations).
struct SideTally {
  int hits = 0;                      // fire dice that hit, scored by this side
  int killed = 0;                    // figures of this side killed
  int wounded = 0;                   // figures of this side wounded
  int schnellfeuer = 0;              // SF-A declarations
  int revealed_by_sf_d = 0;          // SF-D: hidden units and decoys revealed by the muzzle flashes
  int kept_hidden_sf_h = 0;          // SF-H: hidden units and decoys that stayed hidden
  int reconcealed = 0;               // SF-F re-concealments
  int consecutive_declarations = 0;  // invariant (SF-I): a declaration in t + 1 after one in t
  int reloading_fired = 0;           // invariant (SF-E): a reloading unit that fired
  int last_declaration = -1;         // turn of the last declaration (-1: none)
};

enum class Outcome : uint8_t { Undecided, Win0, Win1, Draw };

class FirefightState {
 public:
  FirefightState() = default;
  explicit FirefightState(const FirefightScenario& sc) { size_for(sc); }

  // Size every buffer for the scenario (once, outside the trial loop).
  void size_for(const FirefightScenario& sc) {
    const int n = sc.total_units();
    units.assign(n, UnitState{});
    planned.assign(n, Plan{});
    contacts.assign(n, Contact{});
    group_of.assign(n, 0);
    melee_losses.assign(n, 0);
    for (int s = 0; s < SideCount; ++s) {
      const auto& side = sc.sides[s];
      // SF-F adds reconceal_blanks - 1 decoys per re-concealment; a unit re-conceals at most once
      // every two turns (a declaration, then its reload turn).
      const int blanks = std::max(0, side.policy.reconceal_blanks - 1);
      const size_t cap = side.decoys.size() + static_cast<size_t>(side.units.size()) * blanks * ((sc.turns + 1) / 2 + 1);
      decoys[s].assign(cap, DecoyState{});
      hits_turn[s].assign(sc.turns + 1, 0);
    }
    side1_units = static_cast<int>(sc.sides[1].units.size());
    pair_d2.assign(sc.sides[0].units.size() * static_cast<size_t>(side1_units), 0);
    pair_los.assign(pair_d2.size(), 0);
    candidate_count.assign(n, 0);
    screen.assign(n, 0);
    unit_list.assign(n, 0);
    targets.target_of.assign(n, -1);
    targets.stamp.assign(n, 0);
    burst_casualties.assign(n, -1);
    burst_targets.assign(n + 1, 0);  // record_burst writes one past the listed targets
    deck_order.assign(n, 0);
    ready.assign(n, 0);
    keep_order.assign(n + static_cast<size_t>(decoys[0].size() + decoys[1].size()), KeepCandidate{});
  }

  // Start a trial: every field a trial reads is rewritten here.
  void reset(const FirefightScenario& sc) {
    const int n = sc.total_units();
    for (int g = 0; g < n; ++g) {
      const UnitSpec& spec = sc.unit(g);
      UnitState& u = units[g];
      u = UnitState{};
      u.pos = spec.placement.position;
      u.figures = spec.figures;
      u.hidden = spec.hidden;
    }
    for (int s = 0; s < SideCount; ++s) {
      const auto& side = sc.sides[s];
      decoy_count[s] = static_cast<int>(side.decoys.size());
      for (int d = 0; d < decoy_count[s]; ++d) {
        decoys[s][d] = DecoyState{side.decoys[d].placement.position, side.decoys[d].subgroup, d, true, false};
      }
      tally[s] = SideTally{};
      // Only the turns the last trial reached were written (fire.hpp writes turn `turn` only).
      const int written = std::min(turn, static_cast<int>(hits_turn[s].size()) - 1);
      for (int t = 0; t <= written; ++t) hits_turn[s][t] = 0;
    }
    // The burst record is emptied after every card; a trial stopped between a volley and its
    // card's end leaves only the recorded targets to clear.
    for (int i = 0; i < burst_target_count; ++i) burst_casualties[burst_targets[i]] = -1;
    burst_target_count = 0;
    // Remembered targets need no clearing: the epochs only ever move on (64 bits: they never wrap),
    // so no stamp of an earlier trial equals a current epoch.
    contact_count = 0;
    turn = 0;
    outcome = Outcome::Undecided;
    turn_decided = 0;
    leader = -1;
    lead_changes = 0;
    behind_after_turn1 = -1;
    luck.reset({sc.sides[0].start_figures, sc.sides[1].start_figures}, {sc.sides[0].break_figures, sc.sides[1].break_figures});
  }

  // --- units --------------------------------------------------------------------------------
  std::vector<UnitState> units;

  // --- decoys (markers with no figures), per side; dead ones are compacted away each turn -----
  std::vector<DecoyState> decoys[SideCount];
  int decoy_count[SideCount] = {0, 0};

  // --- contacts (F-6, F-7) --------------------------------------------------------------------
  std::vector<Contact> contacts;
  int contact_count = 0;

  // --- per trial results -------------------------------------------------------------------
  SideTally tally[SideCount];
  std::vector<int> hits_turn[SideCount];  // [turn]: fire dice that hit, scored by the side
  int turn = 0;
  Outcome outcome = Outcome::Undecided;
  int turn_decided = 0;
  // Balance (docs/methods.md, "Balance measures"), kept at each turn's end by check_victory: the side
  // ahead on its share of starting figures in action at the last turn end where one was ahead (-1:
  // none yet), how often that side changed, and the side behind after a turn 1 that decided nothing.
  int leader = -1;
  int lead_changes = 0;
  int behind_after_turn1 = -1;
  // The luck of the chance events so far, as zero-mean control variates (luck_controls.hpp).
  LuckControls luck;

  // --- geometry between the two sides' units at their current positions (F-5) --------------------
  // Squared distance and line of sight of side-0 unit i and side-1 unit j at [i * side1_units + j]
  // (local indices), refreshed wherever positions change (setup, movement phase).
  std::vector<int64_t> pair_d2;
  std::vector<uint8_t> pair_los;
  int side1_units = 0;

  // --- phase scratch --------------------------------------------------------------------------
  // F-6: each unit's plan in the movement phase (written for the units that plan a move or charge).
  struct Plan {
    enum Kind : uint8_t { None, Move, Charge } kind = None;
    Point to;         // Move: the end point
    int target = -1;  // Charge: global unit index, or -1 - decoy index
  };
  std::vector<Plan> planned;
  // F-4: whether each unit may fire and has a possible target this fire phase (an enemy unit in reach
  // and sight, not in melee, not out of action): 1 or 0 (fire.hpp, build_candidates).
  std::vector<int> candidate_count;
  // F-4: what each unit is to the enemy's fire when the phase begins (build_candidates).
  std::vector<uint8_t> screen;
  // Scratch: a list of units a phase works through (movement.hpp, morale.hpp).
  std::vector<int> unit_list;
  // F-4: each unit's target as last found in this fire phase (fire.hpp, target_now), valid while
  // stamp[g] equals the epoch of the enemy side. The one cache of targets, with one invalidate.
  struct TargetMemo {
    std::vector<int> target_of;
    std::vector<uint64_t> stamp;
    uint64_t epoch[SideCount] = {1, 1};
    // What the units of `side` are to the enemy's fire changed (one revealed or put out of action,
    // or a new fire phase): every target remembered among them is stale.
    void invalidate(int side) noexcept { ++epoch[side]; }
  };
  TargetMemo targets;
  // F-3: the order of the phase's deck (the side of each card).
  std::vector<int> deck_order;
  // F-3: per side, the units that may be activated this phase (side 0's from ready[0], side 1's
  // from ready[unit_offset[1]]).
  std::vector<int> ready;
  // F-8a: casualties of the current card's burst per target (-1: not a target of this card).
  std::vector<int> burst_casualties;
  std::vector<int> burst_targets;
  int burst_target_count = 0;
  // SF-H ordering scratch.
  struct KeepCandidate {
    int64_t nearest_enemy = 0;  // squared distance to the nearest enemy unit
    int index = 0;              // global unit index, or decoy index
    bool decoy = false;
  };
  std::vector<KeepCandidate> keep_order;
  // F-7: melee group of each unit (union-find parent) and losses of the current round.
  std::vector<int> group_of;
  std::vector<int> melee_losses;
};

}  // namespace volley::firefight
