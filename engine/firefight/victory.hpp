#pragma once
// F-9 victory, checked at the end of each turn.
#include "engine/firefight/trial_context.hpp"

namespace volley::firefight {

// Figures of a side in units in action (not broken, not destroyed).
template <class Ctx>
int figures_in_action(const Ctx& c, int side) {
  int figures = 0;
  for (int g = c.first(side), g_end = c.last(side); g < g_end; ++g) figures += c.st.units[g].out() ? 0 : c.st.units[g].figures;
  return figures;
}

// The side ahead on its share of starting figures in action (f0 / S0 against f1 / S1, compared as
// f0 S1 against f1 S0 in integers), or -1 when the shares are equal.
inline int side_ahead(const FirefightScenario& sc, const int figures[SideCount]) noexcept {
  const int64_t a = int64_t{figures[0]} * sc.sides[1].start_figures, b = int64_t{figures[1]} * sc.sides[0].start_figures;
  return a == b ? -1 : (a > b ? 0 : 1);
}

// A side is defeated when all its units are broken or destroyed, or its figures in action are at or
// below break_fraction x its starting figures. One side defeated: the other wins; both: a draw;
// either way the trial is decided in this turn. Returns whether it is decided.
template <class Ctx>
bool check_victory(Ctx& c) {
  bool defeated[SideCount];
  int figures[SideCount];
  for (int s = 0; s < SideCount; ++s) {
    figures[s] = figures_in_action(c, s);
    defeated[s] = figures[s] == 0 || figures[s] <= c.sc.sides[s].break_figures;
  }
  // Balance: the lead on shares of figures, and who is behind after a turn 1 that decided nothing.
  if (const int ahead = side_ahead(c.sc, figures); ahead >= 0) {
    c.st.lead_changes += c.st.leader >= 0 && ahead != c.st.leader;
    c.st.leader = ahead;
    if (c.turn() == 1 && !defeated[0] && !defeated[1]) c.st.behind_after_turn1 = 1 - ahead;
  }
  if (!defeated[0] && !defeated[1]) return false;
  c.st.outcome = defeated[0] && defeated[1] ? Outcome::Draw : (defeated[1] ? Outcome::Win0 : Outcome::Win1);
  c.st.turn_decided = c.turn();
  if constexpr (Ctx::Narrator::enabled) {
    const char* what = c.st.outcome == Outcome::Draw ? "both sides are defeated: a draw" : "";
    c.narr.say(c.st.outcome == Outcome::Draw ? text("victory (F-9): ", what, " in turn ", c.turn())
                                             : text("victory (F-9): ", c.sc.sides[c.st.outcome == Outcome::Win0 ? 0 : 1].name,
                                                    " wins in turn ", c.turn(), " (", c.sc.sides[defeated[0] ? 0 : 1].name, " defeated)"));
  }
  return true;
}

}  // namespace volley::firefight
