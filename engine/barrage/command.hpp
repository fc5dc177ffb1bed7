#pragma once
// B-2 Command dice, Command Failure, Staff Orders and the pulse order [book].
//   - Each side rolls its command dice (d6). More 1s than 6s is a Command Failure (ruleset switch
//     command_failures).
//   - Staff Orders: at the start of each turn, before spending, stock = min(command dice, stock +
//     restocked last turn). Restock `chains`: each face 2-5 rolled c >= 2 times gives c - 1, usable
//     from next turn; also `none` and `fixed:k`.
//   - Spending order when the stock is short: maintenance, starts, supply bonuses, pre-registered
//     calls. The turn spends in that order (maintenance here, starts in B-3 step 4, bonuses in step 5,
//     calls in the Command Pulse), so the stock goes to them in that order by itself.
//   - In a turn of a friendly Command Failure every ongoing mission (a called pre-registered one
//     included) is cancelled unless maintain_cost Staff Orders are paid per battery (policy: pay while
//     the stock lasts); unpaid batteries drop out (B-5), a mission with none left is cancelled.
//   - Pulse order: more 6s first, then more 5s, and so on; a side with a Command Failure never goes
//     first unless both failed; a full tie goes to the attacker (ruleset pulse_tie).
//
// Stream: Purpose::Command per (turn, side). The dice are drawn as a face histogram, counted sixes
// first: one word for up to 8 dice (face_histogram.hpp).
#include "engine/barrage/barrage_context.hpp"
#include "engine/barrage/missions.hpp"
#include "engine/face_histogram.hpp"
#include "engine/rng.hpp"

#include <algorithm>
#include <array>
#include <string>

namespace volley::barrage {

using FaceCounts = D6Histogram;  // [f] = dice showing f, f = 1..6; [0] unused

template <class Dice>
FaceCounts roll_command_dice(Dice& dice, int command_dice, int side, int turn) {
  dice.restart(Purpose::Command, static_cast<uint32_t>(turn), static_cast<uint32_t>(side));
  return dice.d6_histogram(command_dice);
}

constexpr bool is_command_failure(const FaceCounts& faces) noexcept { return faces[1] > faces[6]; }

// Staff Orders restocked by this roll, usable from next turn.
constexpr int restocked(const FaceCounts& faces, RestockRule rule, int fixed) noexcept {
  switch (rule) {
    case RestockRule::Chains: {
      int orders = 0;
      for (int f = 2; f <= 5; ++f) orders += std::max(faces[f] - 1, 0);  // c >= 2 gives c - 1
      return orders;
    }
    case RestockRule::None: return 0;
    case RestockRule::Fixed: return fixed;
  }
  return 0;
}

// A roll as one number, ten bits a face (MaxPoolDice < 1024), sixes in the highest bits: "more 6s
// first, then more 5s, and so on" is then the larger number (B-2), and the turn keeps it in a register
// rather than an array.
constexpr uint64_t pulse_key(const FaceCounts& faces) noexcept {
  uint64_t key = 0;
  for (int f = 6; f >= 1; --f) key = (key << 10) | static_cast<uint64_t>(faces[f]);
  return key;
}

constexpr FaceCounts faces_of(uint64_t key) noexcept {
  FaceCounts faces{};
  for (int f = 1; f <= 6; ++f, key >>= 10) faces[f] = static_cast<int>(key & 1023u);
  return faces;
}

// The side that takes the first Command Pulse, from both rolls' pulse keys.
constexpr int first_in_pulse(uint64_t key0, uint64_t key1, bool failure0, bool failure1, int attacker, PulseTie tie) noexcept {
  if (failure0 != failure1) return failure0 ? 1 : 0;
  if (key0 != key1) return key0 > key1 ? 0 : 1;
  return tie == PulseTie::Attacker ? attacker : 1 - attacker;
}

constexpr int first_in_pulse(const std::array<FaceCounts, SideCount>& faces, const std::array<bool, SideCount>& failure,
                             int attacker, PulseTie tie) noexcept {
  return first_in_pulse(pulse_key(faces[0]), pulse_key(faces[1]), failure[0], failure[1], attacker, tie);
}

inline std::string describe_faces(const FaceCounts& faces) {
  std::string s;
  for (int f = 6; f >= 1; --f)
    for (int i = 0; i < faces[f]; ++i) s += (s.empty() ? "" : " ") + std::to_string(f);
  return s.empty() ? "no dice" : s;
}

// A friendly Command Failure: pay to maintain each ongoing mission's batteries or lose them (B-2).
template <class Dice>
void maintain_or_cancel(BarrageContext<Dice>& ctx, int side_index) {
  const BarrageScenario& sc = ctx.scenario;
  BarrageState& st = ctx.state;
  SideState& side = st.sides[side_index];
  const bool pay = sc.sides[side_index].maintain == MaintainPolicy::WhileStockLasts;
  for (int mission : sc.sides[side_index].missions) {
    const MissionPhase phase = st.missions[mission].phase;
    if (phase != MissionPhase::Ongoing && phase != MissionPhase::Called) continue;
    for (int b : sc.missions[mission].batteries) {
      if (st.batteries[b].mission != mission) continue;
      if (pay && spend_staff_orders(side, sc.ruleset.maintain_cost)) {
        ctx.say([&] { return sc.missions[mission].name + ": battery " + sc.batteries[b].name + " maintained (" +
                             std::to_string(sc.ruleset.maintain_cost) + " Staff Orders, " + std::to_string(side.stock) + " left)"; });
      } else {
        st.batteries[b].mission = -1;
        ctx.say([&] { return sc.missions[mission].name + ": battery " + sc.batteries[b].name + " not maintained, it drops out"; });
      }
    }
    if (active_batteries(sc, st, mission) == 0) {
      end_mission(sc, st, mission);
      ++side.missions_cancelled;
      ctx.say([&] { return sc.missions[mission].name + " cancelled by the Command Failure"; });
    }
  }
}

// Step 1 of the turn (B-7): both sides' command dice, Staff Orders, Command Failures and their
// maintenance, and the pulse order.
template <class Dice>
void command_phase(BarrageContext<Dice>& ctx, int turn) {
  const BarrageScenario& sc = ctx.scenario;
  BarrageState& st = ctx.state;
  for (int s = 0; s < SideCount; ++s) {
    const SideSpec& spec = sc.sides[s];
    SideState& side = st.sides[s];
    // Step 1: restock from last turn, capped at the command dice (B-2).
    side.stock = std::min(spec.command_dice, side.stock + side.restock_next);
    // Step 2: the command dice; a Command Failure if more 1s than 6s (B-2). (Decided on the local
    // roll, in registers, before it is stored.)
    const FaceCounts faces = roll_command_dice(ctx.dice, spec.command_dice, s, turn);
    side.failure = sc.ruleset.command_failures && is_command_failure(faces);
    side.command_failures += side.failure ? 1 : 0;
    side.restock_next = restocked(faces, spec.restock, spec.restock_fixed);
    side.roll = pulse_key(faces);
    ctx.say([&] {
      return spec.name + " command dice " + describe_faces(faces_of(side.roll)) + (side.failure ? ": COMMAND FAILURE" : "") + "; Staff Orders " +
             std::to_string(side.stock) + ", restocking " + std::to_string(side.restock_next) + " next turn";
    });
  }
  // Step 3: a Command Failure cancels ongoing missions that are not maintained (B-2).
  for (int s = 0; s < SideCount; ++s)
    if (st.sides[s].failure) maintain_or_cancel(ctx, s);
  // Step 4: pulse order (B-2).
  const int first = first_in_pulse(st.sides[0].roll, st.sides[1].roll, st.sides[0].failure, st.sides[1].failure, sc.attacker,
                                   sc.ruleset.pulse_tie);
  st.pulse_order = {first, 1 - first};
  ctx.say([&] { return sc.sides[first].name + " takes the first Command Pulse"; });
}

}  // namespace volley::barrage
