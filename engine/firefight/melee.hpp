#pragma once
// F-7 melee: each connected group of units in contact fights one round per melee phase.
#include "engine/firefight/contacts.hpp"
#include "engine/firefight/morale.hpp"

namespace volley::firefight {

namespace detail {
inline int find_root(std::vector<int>& parent, int g) {
  while (parent[g] != g) g = parent[g] = parent[parent[g]];
  return g;
}
}  // namespace detail

// One round of one melee group; `root` identifies the group in st.group_of, `lowest` is its lowest
// unit index (the actor of its Melee stream).
template <class Ctx>
void melee_round(Ctx& c, int root, int lowest) {
  auto& st = c.st;
  const int n = c.sc.total_units();
  const Ruleset& rules = c.sc.ruleset;
  auto member = [&](int g) { return st.units[g].in_melee && detail::find_root(st.group_of, g) == root; };
  c.dice.restart(Purpose::Melee, static_cast<uint32_t>(c.turn()), static_cast<uint32_t>(lowest));
  if constexpr (Ctx::Narrator::enabled) {
    std::string who;
    for (int g = 0; g < n; ++g)
      if (member(g)) who += (who.empty() ? "" : ", ") + c.name(g) + " (" + std::to_string(st.units[g].figures) + ")";
    c.narr.say(text("  melee (F-7): ", who));
  }
  // Step 1: figures pair off one against one across the units of the group, in index order; the
  // larger side's extra figures do not fight. Each pair rolls a die each plus its unit's melee bonus
  // (in a turn it charged); the lower total loses a figure, killed on a natural melee_kill_face or
  // less of its die, else wounded; a tie has no effect. Losses land after the round.
  int a = c.first(0), b = c.first(1);
  int a_left = 0, b_left = 0;
  int lost[2] = {0, 0};
  // The bonuses of the two units whose figures pair off now, and on how many of a pair's outcomes
  // each side's figure loses (F-7's value terms): the same for every pair of these two units.
  int bonus_a = 0, bonus_b = 0;
  std::array<int, 2> losing_outcomes{};
  while (true) {
    const bool next_units = a_left == 0 || b_left == 0;
    while (a_left == 0 && a < c.last(0)) {
      if (member(a)) a_left = st.units[a].figures;
      if (a_left == 0) ++a;
    }
    while (b_left == 0 && b < c.last(1)) {
      if (member(b)) b_left = st.units[b].figures;
      if (b_left == 0) ++b;
    }
    if (a_left == 0 || b_left == 0) break;
    if (next_units) {
      bonus_a = st.units[a].charged ? c.spec(a).melee_bonus : 0;
      bonus_b = st.units[b].charged ? c.spec(b).melee_bonus : 0;
      losing_outcomes = {melee_pairs_below(rules.melee_die, bonus_b - bonus_a), melee_pairs_below(rules.melee_die, bonus_a - bonus_b)};
    }
    const int da = c.dice.die(rules.melee_die), db = c.dice.die(rules.melee_die);
    st.luck.add(LuckKind::Melee, 0, 2 * da - (rules.melee_die + 1));
    st.luck.add(LuckKind::Melee, 1, 2 * db - (rules.melee_die + 1));
    const int ta = da + bonus_a, tb = db + bonus_b;
    st.luck.figures.add_melee_pair(rules.melee_die, losing_outcomes, {ta < tb, tb < ta});
    if (ta != tb) {
      const int loser = ta < tb ? a : b;
      const int loser_die = ta < tb ? da : db;
      const int loser_side = ta < tb ? 0 : 1;
      ++st.melee_losses[loser];
      ++lost[loser_side];
      if (loser_die <= rules.melee_kill_face) ++st.tally[loser_side].killed;
      else ++st.tally[loser_side].wounded;
    }
    if (--a_left == 0) ++a;
    if (--b_left == 0) ++b;
  }
  for (int g = 0; g < n; ++g) {
    if (st.melee_losses[g] == 0) continue;
    st.units[g].lose_figures(st.melee_losses[g]);
    st.melee_losses[g] = 0;
  }
  if constexpr (Ctx::Narrator::enabled)
    c.narr.say(text("   losses: ", c.sc.sides[0].name, " ", lost[0], ", ", c.sc.sides[1].name, " ", lost[1]));
  // Step 2: every unit of the side that lost more figures tests morale at melee_morale_modifier,
  // whatever its strength; failing, it breaks.
  if (lost[0] == lost[1]) return;
  const int losing = lost[0] > lost[1] ? 0 : 1;
  for (int g = c.first(losing), g_end = c.last(losing); g < g_end; ++g) {
    if (!member(g) || st.units[g].out()) continue;
    if (!passes_morale(c, g, rules.melee_morale_modifier, "melee morale (F-7)")) break_unit(c, g, "lost the melee");
  }
}

// F-7 melee phase: find the groups (connected through contacts) and fight one round in each, in
// order of their lowest unit index.
template <class Ctx>
void melee_phase(Ctx& c) {
  auto& st = c.st;
  if (st.contact_count == 0) return;
  const int n = c.sc.total_units();
  for (int g = 0; g < n; ++g) st.group_of[g] = g;
  for (int i = 0; i < st.contact_count; ++i) {
    const int ra = detail::find_root(st.group_of, st.contacts[i].charger);
    const int rb = detail::find_root(st.group_of, st.contacts[i].defender);
    if (ra != rb) st.group_of[std::max(ra, rb)] = std::min(ra, rb);
  }
  // With the union above, the root of a group is its lowest unit index.
  for (int g = 0; g < n; ++g)
    if (st.units[g].in_melee && detail::find_root(st.group_of, g) == g) melee_round(c, g, g);
  refresh_contacts(c);
}

}  // namespace volley::firefight
