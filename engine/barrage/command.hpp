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
// Stream: Purpose::Command per turn (actor 0), both sides' rolls from its first block at fixed
// places: side s's from words 2s and 2s + 1, so up to SharedCommandDice dice a side (one block a
// turn instead of one a side: the barrage draws few words per stream and waits on Philox's
// throughput; 8 blocks fewer a trial made it 8% faster). A side's number of dice never moves the
// other side's roll (common random numbers between variants). A side with more dice rolls from its
// own stream (actor 1 + side). The dice are drawn as a face histogram, counted sixes first: one
// word for up to 8 dice (face_histogram.hpp).
#include "engine/barrage/barrage_context.hpp"
#include "engine/barrage/missions.hpp"
#include "engine/face_histogram.hpp"
#include "engine/rng.hpp"

#include <algorithm>
#include <array>
#include <string>

namespace volley::barrage {

inline constexpr int SharedCommandDice = 2 * MaxHistogramDice;

// Both sides' rolls: how many command dice show each face, packed (D6Histogram,
// face_histogram.hpp). Its sixes are highest, so the larger roll goes first in the pulse order
// (below).
template <class Dice>
std::array<D6Histogram, SideCount> roll_command_dice(Dice& dice, const std::array<int, SideCount>& command_dice, int turn) {
  std::array<D6Histogram, SideCount> rolls{};
  dice.restart(Purpose::Command, static_cast<uint32_t>(turn), 0);
  for (int s = 0; s < SideCount; ++s) {
    if (command_dice[s] > SharedCommandDice) continue;
    dice.skip_to(static_cast<uint64_t>(2 * s));
    rolls[s] = dice.d6_histogram(command_dice[s]);
  }
  for (int s = 0; s < SideCount; ++s) {
    if (command_dice[s] <= SharedCommandDice) continue;
    dice.restart(Purpose::Command, static_cast<uint32_t>(turn), static_cast<uint32_t>(1 + s));
    rolls[s] = dice.d6_histogram(command_dice[s]);
  }
  return rolls;
}

constexpr bool is_command_failure(D6Histogram roll) noexcept { return face_count(roll, 1) > face_count(roll, 6); }

// Staff Orders restocked by this roll, usable from next turn.
constexpr int restocked(D6Histogram roll, RestockRule rule, int fixed) noexcept {
  switch (rule) {
    case RestockRule::Chains: {
      int orders = 0;
      for (int f = 2; f <= 5; ++f) orders += std::max(face_count(roll, f) - 1, 0);  // c >= 2 gives c - 1
      return orders;
    }
    case RestockRule::None:
      return 0;
    case RestockRule::Fixed:
      return fixed;
  }
  return 0;
}

// The side that takes the first Command Pulse. "More 6s first, then more 5s, and so on" is the larger
// packed roll (its sixes are its highest bits).
// (Selections rather than branches: which side goes first is a coin toss.)
constexpr int first_in_pulse(const std::array<D6Histogram, SideCount>& rolls, const std::array<bool, SideCount>& failure, int attacker,
                             PulseTie tie) noexcept {
  const int on_tie = tie == PulseTie::Attacker ? attacker : 1 - attacker;
  const int by_dice = rolls[0] != rolls[1] ? static_cast<int>(rolls[0] < rolls[1]) : on_tie;
  return failure[0] != failure[1] ? static_cast<int>(failure[0]) : by_dice;
}

inline std::string describe_faces(D6Histogram roll) {
  std::string s;
  for (int f = 6; f >= 1; --f)
    for (int i = 0; i < face_count(roll, f); ++i) s += (s.empty() ? "" : " ") + std::to_string(f);
  return s.empty() ? "no dice" : s;
}

// A friendly Command Failure: pay to maintain each ongoing mission's batteries or lose them (B-2),
// in battery index order (B-2's spending order), whatever order a mission lists its batteries in.
template <class Ctx>
void maintain_or_cancel(Ctx& c, int side_index) {
  const BarrageScenario& sc = c.sc;
  BarrageState& st = c.st;
  SideState& side = st.sides[side_index];
  const bool pay = sc.sides[side_index].maintain == MaintainPolicy::WhileStockLasts;
  for (int b : sc.sides[side_index].batteries) {
    const int mission = st.batteries[b].mission;  // a battery serves a mission only while it is ongoing or called
    if (mission < 0) continue;
    if (pay && spend_staff_orders(side, sc.ruleset.maintain_cost)) {
      if constexpr (Ctx::Narrator::enabled)
        c.narr.say(sc.missions[mission].name + ": battery " + sc.batteries[b].name + " maintained (" +
                   std::to_string(sc.ruleset.maintain_cost) + " Staff Orders, " + std::to_string(side.stock) + " left)");
    } else {
      st.batteries[b].mission = -1;
      if constexpr (Ctx::Narrator::enabled)
        c.narr.say(sc.missions[mission].name + ": battery " + sc.batteries[b].name + " not maintained, it drops out");
    }
  }
  for (int mission : sc.sides[side_index].missions) {
    const MissionPhase phase = st.missions[mission].phase;
    if (phase != MissionPhase::Ongoing && phase != MissionPhase::Called) continue;
    if (active_batteries(sc, st, mission) == 0) {
      end_mission(sc, st, mission);
      ++side.missions_cancelled;
      if constexpr (Ctx::Narrator::enabled) c.narr.say(sc.missions[mission].name + " cancelled by the Command Failure");
    }
  }
}

// Step 1 of the turn (B-7): both sides' command dice, Staff Orders, Command Failures and their
// maintenance, and the pulse order.
template <class Ctx>
void command_phase(Ctx& c, int turn) {
  const BarrageScenario& sc = c.sc;
  BarrageState& st = c.st;
  // Step 1: both sides roll their command dice (B-2), from one block, before the rules read them.
  const std::array<D6Histogram, SideCount> rolls = roll_command_dice(c.dice, {sc.sides[0].command_dice, sc.sides[1].command_dice}, turn);
  for (int s = 0; s < SideCount; ++s) {
    const SideSpec& spec = sc.sides[s];
    SideState& side = st.sides[s];
    // Step 2: restock from last turn, capped at the command dice; a Command Failure if more 1s than
    // 6s; this roll's restock, usable next turn (B-2). Decided without branches: a failure is a coin
    // toss the CPU cannot predict.
    side.stock = std::min(spec.command_dice, side.stock + side.restock_next);
    side.failure = static_cast<bool>(static_cast<int>(sc.ruleset.command_failures) & static_cast<int>(is_command_failure(rolls[s])));
    side.command_failures += static_cast<int>(side.failure);
    side.restock_next = restocked(rolls[s], spec.restock, spec.restock_fixed);
    side.roll = rolls[s];
    if constexpr (Ctx::Narrator::enabled)
      c.narr.say([&] {
        return spec.name + " command dice " + describe_faces(side.roll) + (side.failure ? ": COMMAND FAILURE" : "") + "; Staff Orders " +
               std::to_string(side.stock) + ", restocking " + std::to_string(side.restock_next) + " next turn";
      }());
  }
  // Step 3: a Command Failure cancels ongoing missions that are not maintained (B-2).
  // (A side without fire missions has nothing to maintain: tested first, it spares the CPU a guess.)
  for (int s = 0; s < SideCount; ++s)
    if (!sc.sides[s].missions.empty() && st.sides[s].failure) maintain_or_cancel(c, s);
  // Step 4: pulse order (B-2).
  const int first =
      first_in_pulse({st.sides[0].roll, st.sides[1].roll}, {st.sides[0].failure, st.sides[1].failure}, sc.attacker, sc.ruleset.pulse_tie);
  st.pulse_order = {first, 1 - first};
  if constexpr (Ctx::Narrator::enabled) c.narr.say(sc.sides[first].name + " takes the first Command Pulse");
}

}  // namespace volley::barrage
