#pragma once
// One scenario key as its kernel declares it: its path, type, default, accepted range, rule id and
// where the rule comes from. Each kernel keeps one table of its ruleset and side keys
// (engine/firefight/firefight_keys.hpp, engine/barrage/barrage_keys.hpp); the kernel's structs take
// their defaults from it, and the scenario readers, `--set`, `show --toml`, the live page's form,
// the assumed-parameter list of `volley sensitivity` and the docs' key tables (checked by a test)
// all follow it, so that a default or a range is written once.
#include "engine/enum_words.hpp"
#include "engine/geometry.hpp"

#include <cstddef>
#include <string_view>

namespace volley {

enum class KeyType : unsigned char {
  Integer,   // a whole number in [lo, hi]
  Number,    // a real number in [lo, hi]
  Inches,    // a length in inches in [lo, hi], held on the grid (engine/geometry.hpp)
  Boolean,   // fallback 0 or 1
  Choice,    // one word of an enumeration; `text` is the default word
  Text,      // a string with its own syntax (`policy = "turns:[1,2]"`); `text` is the default
  Size,      // [w, d] in inches; `text` is the default as the docs write it
  List,      // a list; `text` is the default as the docs write it
  Fraction,  // "num/den" or a number; `text` is the default
};

// docs/rules.md marks each rule [seed] (the user's text), [book] (published material) or [assumed]
// (a default chosen for volley); a key whose row carries no mark is Unmarked.
enum class Provenance : unsigned char { Unmarked, Seed, Book, Assumed };

struct KeyDeclaration {
  // The --set path; "<side>." stands for each side's name and "<entry>" for an entry's name.
  std::string_view key;
  KeyType type;
  double fallback;  // Integer, Number, Inches (in inches), Boolean: the default
  double lo, hi;    // Integer, Number, Inches: the accepted range
  // A default that is no plain number (a word, a list), or one that depends on another key, as the
  // docs' default column begins ("the command dice", "20 (10 for tsatf-d10)" begins with 20).
  std::string_view text;
  std::string_view rule;  // the docs/rules.md id it sets, "" when none
  Provenance provenance;
  // `volley sensitivity` steps it from its default even where the file leaves it out (a plain
  // number that an [assumed] rule sets).
  bool stepped = false;

  // The last part of the path: the key as its table writes it.
  constexpr std::string_view name() const noexcept { return key.substr(key.rfind('.') + 1); }
  constexpr int integer() const noexcept { return static_cast<int>(fallback); }
  constexpr bool boolean() const noexcept { return fallback != 0; }
  // The default on the grid, rounded half away from zero as to_coord rounds.
  constexpr Coord coord() const noexcept {
    const double scaled = fallback * CoordPerInch;
    return static_cast<Coord>(scaled < 0 ? scaled - 0.5 : scaled + 0.5);
  }
};

// The declaration of `key` in a kernel's table; a key the table lacks does not compile.
template <std::size_t N>
consteval const KeyDeclaration& find_key(const KeyDeclaration (&table)[N], std::string_view key) {
  for (const auto& k : table)
    if (k.key == key) return k;
  throw "no such key in the kernel's table";
}

// The value of an enumeration that a Choice key's default word names; a word the enumeration lacks
// does not compile.
template <class Enum>
consteval Enum declared_choice(const KeyDeclaration& key) {
  for (const auto& w : words_of(Enum{}))
    if (key.text == w.word) return w.value;
  throw "the default is no word of the enumeration";
}

}  // namespace volley
