#pragma once
// F-8 prone and morale: the forced-prone test after a burst of the fast-fire side (F-8a), the unit
// morale test of the morale phase (F-8b), and the test and break that F-6 and F-7 use too.
#include "engine/firefight/contacts.hpp"

namespace volley::firefight {

// F-8b numbers: d6 + modifier >= morale_leader (morale_no_leader without a leader). The caller has
// restarted the stream the roll belongs to.
template <class Ctx>
bool passes_morale(Ctx& c, int g, int modifier, const char* what) {
  const int need = c.spec(g).leader ? c.sc.ruleset.morale_leader : c.sc.ruleset.morale_no_leader;
  const int roll = c.dice.die(6);
  const bool pass = roll + modifier >= need;
  c.st.luck.add(LuckKind::Tests, c.side_of(g), (6 * int64_t{pass} - d6_faces_passing(need, modifier)) * c.st.units[g].figures);
  // Both callers (F-7, F-8b) break the unit on a failure.
  c.st.luck.figures.add_break_test(c.side_of(g), c.st.units[g].figures, 6 - static_cast<int>(d6_faces_passing(need, modifier)), !pass);
  if constexpr (Ctx::Narrator::enabled)
    c.narr.say(text("  ", what, ": ", c.name(g), " rolls ", roll, modifier != 0 ? text(" ", modifier < 0 ? "" : "+", modifier) : "",
                    " needing ", need, "+: ", pass ? "holds" : "fails"));
  return pass;
}

// A unit breaks: routed and removed (F-8b, F-6 stand test, F-7). Its contacts end at the next
// refresh_contacts().
template <class Ctx>
void break_unit(Ctx& c, int g, const char* why) {
  UnitState& u = c.st.units[g];
  if (u.out()) return;
  u.broken = true;
  u.gone = true;
  u.hidden = false;
  if constexpr (Ctx::Narrator::enabled) c.narr.say(text("  ", c.name(g), " breaks (", why, "), ", u.figures, " figures rout"));
}

// F-8a: after a burst of the fast-fire side at a unit of a side with the prone rule, the target rolls
// d6 + the burst's casualties (0 included); prone_threshold or more and it goes prone. A target
// already prone or out of action does not test. The die comes from the stream the card fired on
// (the Fire stream of its last volley, after its fire and casualty pools). Inlined in the card's loop
// (fire_phase.hpp, after_card): a call's register saves cost more than the test, and a third of the
// calls end at its first check.
template <class Ctx>
[[gnu::always_inline]] inline void prone_test(Ctx& c, int target, int casualties) {
  UnitState& u = c.st.units[target];
  if (u.out() || u.prone) return;
  const int roll = c.dice.die(6);
  const bool prone = roll + casualties >= c.sc.ruleset.prone_threshold;
  // Staying up is the target side's luck.
  c.st.luck.add(LuckKind::Tests, c.side_of(target), 6 * int64_t{!prone} - (6 - d6_faces_passing(c.sc.ruleset.prone_threshold, casualties)));
  u.prone = prone;  // it was not prone (above)
  if constexpr (Ctx::Narrator::enabled)
    c.narr.say(text("  prone test (F-8a): ", c.name(target), " rolls ", roll, " + ", casualties, " casualties = ", roll + casualties,
                    prone ? ": goes prone" : ": stays up"));
}

// F-8b morale phase: every unit that took casualties this turn and is at or below morale_fraction
// (default half, [assumed]) of its starting figures tests; failing, it breaks. The threshold is an
// integer per unit (UnitSpec::morale_figures, from finalize()), so the loop stays a compare.
template <class Ctx>
void morale_phase(Ctx& c) {
  bool any_broken = false;
  // The units that test, listed first without branches (which units took casualties is a coin toss
  // for the predictor), then tested in index order.
  int* testing = c.st.unit_list.data();
  int count = 0;
  for (int g = 0, g_end = c.sc.total_units(); g < g_end; ++g) {
    const UnitState& u = c.st.units[g];
    testing[count] = g;
    count += u.took_casualties & !u.out() & (u.figures <= c.spec(g).morale_figures);
  }
  for (int i = 0; i < count; ++i) {
    const int g = testing[i];
    c.dice.restart(Purpose::Morale, static_cast<uint32_t>(c.turn()), static_cast<uint32_t>(g));
    if (!passes_morale(c, g, 0, "morale test (F-8b)")) {
      break_unit(c, g, "morale");
      any_broken = true;
    }
  }
  if (any_broken) refresh_contacts(c);
}

}  // namespace volley::firefight
