#pragma once
// Reading a key its kernel declares (engine/key_declaration.hpp) from the table that holds it: the
// name, default and range come from the declaration, so that the reader, `--set`, `show --toml` and
// the live page's form (all fed by TableReader) say what the kernel's table says.
#include "engine/key_declaration.hpp"
#include "sim/scenario/scenario_document.hpp"

#include <stdexcept>
#include <string>

namespace volley {

inline int read_integer(TableReader& t, const KeyDeclaration& k, int64_t fallback) {
  return static_cast<int>(t.integer(k.name(), fallback, static_cast<int64_t>(k.lo), static_cast<int64_t>(k.hi)));
}
inline int read_integer(TableReader& t, const KeyDeclaration& k) { return read_integer(t, k, k.integer()); }

inline double read_number(TableReader& t, const KeyDeclaration& k) { return t.number(k.name(), k.fallback, k.lo, k.hi); }

inline Coord read_inches(TableReader& t, const KeyDeclaration& k) { return to_coord(read_number(t, k)); }

inline bool read_boolean(TableReader& t, const KeyDeclaration& k) { return t.boolean(k.name(), k.boolean()); }

// The value a Choice key's default word names; a word the enumeration lacks is a fault of the
// kernel's table, not of the scenario (the test of the docs' key tables reads every one).
template <class Enum>
Enum choice_value(const KeyDeclaration& k) {
  for (const auto& w : words_of(Enum{}))
    if (k.text == w.word) return w.value;
  throw std::logic_error("the default of " + std::string(k.key) + " is no word of its enumeration");
}

template <class Enum>
Enum read_choice(TableReader& t, const KeyDeclaration& k, Enum fallback) {
  return t.choose(k.name(), fallback);
}
template <class Enum>
Enum read_choice(TableReader& t, const KeyDeclaration& k) {
  return read_choice(t, k, choice_value<Enum>(k));
}

inline std::string read_text(TableReader& t, const KeyDeclaration& k) { return t.string(k.name(), std::string(k.text)); }

}  // namespace volley
