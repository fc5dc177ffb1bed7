#pragma once
// Which side is ahead in a barrage, turn by turn (docs/methods.md, "Balance measures"): a barrage has
// no winner, and army morale is what its fire takes from a side (B-5: D3 per dispersed unit), so the
// side that has lost less army morale is ahead, neither when both lost the same. Read at each turn's
// end for the balance measures lead_changes, behind_after_turn1 and comeback (barrage_metrics.hpp).
#include "engine/barrage/barrage_state.hpp"

namespace volley::barrage {

// The side ahead on army morale now, or -1 when level.
inline int morale_leader(const BarrageState& st) noexcept {
  const int lost0 = st.sides[0].morale_lost, lost1 = st.sides[1].morale_lost;
  return lost0 == lost1 ? -1 : (lost0 < lost1 ? 0 : 1);
}

// At the end of `turn`: a lead change when a side is ahead and the last side ahead was the other; after
// turn 1, the side behind (if any) is remembered.
inline void record_morale_standing(BarrageState& st, int turn) noexcept {
  const int ahead = morale_leader(st);
  if (ahead >= 0) {
    st.lead_changes += st.leader >= 0 && ahead != st.leader;
    st.leader = ahead;
  }
  if (turn == 1 && ahead >= 0) st.behind_after_turn1 = 1 - ahead;
}

}  // namespace volley::barrage
