#pragma once
// Contacts between units (F-6 charges make them, F-7 melee fights them): a unit is in melee while it
// has a contact with an enemy unit in action. Contacts of a unit that breaks or loses its last
// figure end; refresh_contacts() drops them and recomputes every unit's in_melee flag.
#include "engine/firefight/trial_context.hpp"

namespace volley::firefight {

template <class Ctx>
void add_contact(Ctx& c, int charger, int defender) {
  c.st.contacts[c.st.contact_count++] = Contact{charger, defender};
  c.st.units[charger].in_melee = true;
  c.st.units[defender].in_melee = true;
}

template <class Ctx>
void refresh_contacts(Ctx& c) {
  auto& st = c.st;
  for (int g = 0, g_end = c.sc.total_units(); g < g_end; ++g) st.units[g].in_melee = false;
  int kept = 0;
  for (int i = 0; i < st.contact_count; ++i) {
    const Contact k = st.contacts[i];
    if (st.units[k.charger].out() || st.units[k.defender].out()) continue;
    st.contacts[kept++] = k;
    st.units[k.charger].in_melee = true;
    st.units[k.defender].in_melee = true;
  }
  st.contact_count = kept;
}

}  // namespace volley::firefight
