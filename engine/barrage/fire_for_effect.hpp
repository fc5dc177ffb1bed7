#pragma once
// B-5 Fire for effect: one battery's (or one multi-battery mission's) fire on everything under its
// template.
//
// Streams: the battery's dice for every attack of this fire come from Purpose::Barrage, the targets'
// reaction dice from Purpose::Reaction, both per (turn, lead battery): a battery fires at most once a
// turn, so each fire owns its two streams. Army morale D3 comes from Purpose::Morale_loss per
// (turn, unit): a unit is dispersed once.
#include "engine/barrage/barrage_context.hpp"
#include "engine/rng.hpp"

#include <array>
#include <string>

namespace volley::barrage {

// Moves a unit `forced_back` straight toward its side's home edge, stopping with its footprint at the
// edge (B-5).
inline void force_back(const BarrageScenario& scenario, UnitState& unit, const UnitSpec& spec) noexcept {
  const Coord distance = scenario.ruleset.forced_back;
  Point p = unit.position;
  switch (scenario.sides[spec.side].home_edge) {
    case Edge::South:
      p.y -= distance;
      break;
    case Edge::North:
      p.y += distance;
      break;
    case Edge::West:
      p.x -= distance;
      break;
    case Edge::East:
      p.x += distance;
      break;
  }
  move_unit(unit, spec, keep_on_table(p, spec.footprint, scenario.table));
}

// A Blind's units leave it and stand at their offsets from its centre (B-1, B-5).
inline void reveal_blind(const BarrageScenario& scenario, BarrageState& state, int blind) noexcept {
  BlindState& b = state.blinds[blind];
  b.standing = false;
  for (int u : scenario.blinds[blind].units) {
    const UnitSpec& spec = scenario.units[u];
    UnitState& unit = state.units[u];
    unit.in_blind = false;
    move_unit(unit, spec, keep_on_table({b.position.x + spec.offset.x, b.position.y + spec.offset.y}, spec.footprint, scenario.table));
  }
}

template <class Ctx>
void fire_for_effect(Ctx& c, int mission, int fire_dice, int lead_battery, const Rect& fire_template, int turn) {
  const BarrageScenario& sc = c.sc;
  const Ruleset& rules = sc.ruleset;
  BarrageState& st = c.st;
  const int firing_side = sc.missions[mission].side;
  st.attacks.clear();
  st.dispersed_now.clear();

  // Step 1: what lies under the template with positive area (B-5). A standing Blind is hit with its
  // own footprint; each real unit in it is attacked with that footprint (its box while the Blind
  // stands, barrage_state.hpp). Fire on a dummy is wasted.
  BlindState* const blinds = st.blinds.data();
  const int blind_count = static_cast<int>(st.blinds.size());
  for (int b = 0; b < blind_count; ++b) {
    BlindState& blind = blinds[b];
    if (!blind.standing || !overlaps(blind.box, fire_template)) continue;
    const BlindSpec& spec = sc.blinds[b];
    if (!blind.hit) {
      blind.hit = true;
      ++st.sides[spec.side].blinds_hit;
      if (spec.dummy()) ++st.sides[spec.side].dummies_hit;
    }
    if constexpr (Ctx::Narrator::enabled)
      c.narr.say([&] {
        return "Blind " + spec.name + " (" + c.side_name(spec.side) + ") under the template" +
               (spec.dummy() ? ": a dummy, the fire on it is wasted" : "");
      }());
  }
  // Every unit by its box: its footprint, its Blind's, or none once dispersed.
  const UnitState* const units = st.units.data();
  const int unit_count = static_cast<int>(st.units.size());
  for (int u = 0; u < unit_count; ++u) {
    const Coverage cov = coverage(units[u].box, fire_template);
    if (cov == Coverage::None) continue;
    Attack attack;
    attack.unit = u;
    attack.partial = cov == Coverage::Partial;
    attack.in_blind = units[u].in_blind;
    st.attacks.push_back(attack);
  }
  if (st.attacks.empty()) {
    if constexpr (Ctx::Narrator::enabled) c.narr.say("no unit under the template");
    return;
  }

  // Step 2: the battery's dice for each attack, at 4+, its sixes counted apart (B-5).
  const std::array<int, 2> battery_groups{1, success_faces(rules.hit_target) - 1};
  std::array<int, 2> counts{};
  c.dice.restart(Purpose::Barrage, static_cast<uint32_t>(turn), static_cast<uint32_t>(lead_battery));
  for (Attack& attack : st.attacks) {
    c.dice.d6_categories(fire_dice, battery_groups, counts);
    attack.battery_sixes = counts[0];
    attack.battery_hits = counts[0] + counts[1];
  }

  // Step 3: each target's reaction dice (+ cover, + partial cover) at 4+, 5+ while suppressed;
  // attacker successes beyond the target's are Disruption Points; suppressed unless the target
  // rolled more sixes; forced back once for a Disruption; dispersed at its cohesion (B-5).
  c.dice.restart(Purpose::Reaction, static_cast<uint32_t>(turn), static_cast<uint32_t>(lead_battery));
  for (Attack& attack : st.attacks) {
    const UnitSpec& spec = sc.units[attack.unit];
    UnitState& unit = st.units[attack.unit];
    SideState& side = st.sides[spec.side];
    const int target = unit.suppressed() ? rules.suppressed_target : rules.hit_target;
    const int reaction =
        spec.reaction_dice + rules.cover_dice[static_cast<size_t>(spec.cover)] + (attack.partial ? rules.partial_cover_dice : 0);
    const std::array<int, 2> reaction_groups{1, success_faces(target) - 1};
    c.dice.d6_categories(reaction, reaction_groups, counts);
    const int reaction_sixes = counts[0];
    const int reaction_hits = counts[0] + counts[1];
    const bool was_suppressed = unit.suppressed();

    if (unit.first_hit == 0) {
      unit.first_hit = turn;
      ++side.units_hit;
    }
    unit.last_hit = turn;
    if (spec.side == firing_side && !unit.hit_by_own_side) {
      unit.hit_by_own_side = true;
      ++side.friendly_hit;
    }
    const bool suppress = !(reaction_sixes > attack.battery_sixes);
    if (suppress) {
      unit.suppressed_until = turn + rules.suppression_turns;
      if (st.next_recovery == 0 || unit.suppressed_until < st.next_recovery) st.next_recovery = unit.suppressed_until;
      if (!unit.ever_suppressed) {
        unit.ever_suppressed = true;
        ++side.suppressed;
      }
    }
    attack.disruption = attack.battery_hits > reaction_hits ? attack.battery_hits - reaction_hits : 0;
    unit.disruption += attack.disruption;
    bool forced = false;
    if (unit.disruption >= spec.cohesion) {
      unit.dispersed = true;
      ++side.dispersed;
      move_unit(unit, spec, unit.in_blind ? st.blinds[spec.blind].position : unit.position);  // where the map shows it; no box
      st.dispersed_now.push_back(attack.unit);
    } else if (attack.disruption > 0 && rules.forced_back > 0 && !unit.in_blind) {
      force_back(sc, unit, spec);
      forced = true;
    }
    if constexpr (Ctx::Narrator::enabled)
      c.narr.say([&] {
        std::string line = spec.name + " (" + c.side_name(spec.side) + (attack.in_blind ? ", in Blind " + sc.blinds[spec.blind].name : "") +
                           ", " + word_of(spec.cover) + " cover" + (attack.partial ? ", less than half covered" : "") + "): battery " +
                           std::to_string(fire_dice) + " dice at " + std::to_string(rules.hit_target) +
                           "+: " + std::to_string(attack.battery_hits) + " successes (" + std::to_string(attack.battery_sixes) +
                           " sixes); reaction " + std::to_string(reaction) + " dice at " + std::to_string(target) + "+" +
                           (was_suppressed ? " (suppressed)" : "") + ": " + std::to_string(reaction_hits) + " successes (" +
                           std::to_string(reaction_sixes) + " sixes) -> " + std::to_string(attack.disruption) + " Disruption (" +
                           std::to_string(unit.disruption) + "/" + std::to_string(spec.cohesion) + ")";
        line += suppress ? ", suppressed until the end of turn " + std::to_string(unit.suppressed_until) : ", not suppressed (more sixes)";
        if (unit.dispersed) line += ", DISPERSED";
        if (forced) line += ", forced back to " + point_text(unit.position);
        return line;
      }());
  }

  // Step 4: each dispersed unit costs its side D3 army morale points (B-5).
  for (int u : st.dispersed_now) {
    const UnitSpec& spec = sc.units[u];
    c.dice.restart(Purpose::Morale_loss, static_cast<uint32_t>(turn), static_cast<uint32_t>(u));
    const int loss = c.dice.die(rules.morale_loss_die);
    st.sides[spec.side].morale_lost += loss;
    if constexpr (Ctx::Narrator::enabled)
      c.narr.say(spec.name + " dispersed: " + c.side_name(spec.side) + " loses " + std::to_string(loss) + " army morale (D" +
                 std::to_string(rules.morale_loss_die) + ")");
  }

  // Step 5: after the whole fire, a Blind any of whose units took a Disruption or was dispersed is
  // revealed (a unit is only dispersed by an attack that inflicted a Disruption, so the Disruption
  // alone decides); its units stand at their offsets and those with a Disruption are forced back
  // from there.
  for (const Attack& attack : st.attacks) {
    if (!attack.in_blind || attack.disruption == 0) continue;
    const int blind = sc.units[attack.unit].blind;
    if (!st.blinds[blind].standing) continue;
    reveal_blind(sc, st, blind);
    if constexpr (Ctx::Narrator::enabled) c.narr.say("Blind " + sc.blinds[blind].name + " revealed");
  }
  for (const Attack& attack : st.attacks) {
    UnitState& unit = st.units[attack.unit];
    if (!attack.in_blind || attack.disruption == 0 || unit.dispersed || rules.forced_back == 0) continue;
    force_back(sc, unit, sc.units[attack.unit]);
    if constexpr (Ctx::Narrator::enabled) c.narr.say(sc.units[attack.unit].name + " forced back to " + point_text(unit.position));
  }
}

}  // namespace volley::barrage
