#pragma once
// F-9 victory, checked at the end of each turn.
#include "engine/firefight/trial_context.hpp"

namespace volley::firefight {

// Figures of a side in units in action (not broken, not destroyed).
template <class Ctx>
int figures_in_action(const Ctx& c, int side) {
  int figures = 0;
  for (int g = c.first(side), g_end = c.last(side); g < g_end; ++g)
    figures += c.st.units[g].out() ? 0 : c.st.units[g].figures;
  return figures;
}

// A side is defeated when all its units are broken or destroyed, or its figures in action are at or
// below break_fraction x its starting figures. One side defeated: the other wins; both: a draw;
// either way the trial is decided in this turn. Returns whether it is decided.
template <class Ctx>
bool check_victory(Ctx& c) {
  bool defeated[SideCount];
  for (int s = 0; s < SideCount; ++s) {
    const int figures = figures_in_action(c, s);
    defeated[s] = figures == 0 || figures <= c.sc.sides[s].break_figures;
  }
  if (!defeated[0] && !defeated[1]) return false;
  c.st.outcome = defeated[0] && defeated[1] ? Outcome::Draw : (defeated[1] ? Outcome::Win0 : Outcome::Win1);
  c.st.turn_decided = c.turn();
  if constexpr (Ctx::Narrator::enabled) {
    const char* what = c.st.outcome == Outcome::Draw ? "both sides are defeated: a draw" : "";
    c.narr.say(c.st.outcome == Outcome::Draw
                   ? text("victory (F-9): ", what, " in turn ", c.turn())
                   : text("victory (F-9): ", c.sc.sides[c.st.outcome == Outcome::Win0 ? 0 : 1].name, " wins in turn ", c.turn(), " (",
                          c.sc.sides[defeated[0] ? 0 : 1].name, " defeated)"));
  }
  return true;
}

}  // namespace volley::firefight
