#pragma once
// The words for an enumeration's values. Each enumeration a scenario file sets declares, beside
// itself, `constexpr EnumWords<E, N> words_of(E)` listing every value once in declaration order
// (checked there with lists_values_in_order). The scenario reader accepts exactly those words
// (TableReader::choose) and narration and reports write them (word_of), so each value is spelled once.
#include <array>
#include <cstddef>

namespace volley {

template <class Enum>
struct EnumWord {
  Enum value;
  const char* word;
};

template <class Enum, std::size_t N>
using EnumWords = std::array<EnumWord<Enum>, N>;

template <class Enum, std::size_t N>
constexpr bool lists_values_in_order(const EnumWords<Enum, N>& words) {
  for (std::size_t i = 0; i < N; ++i)
    if (static_cast<std::size_t>(words[i].value) != i) return false;
  return true;
}

// The word of a value; words_of is found by argument-dependent lookup in the enumeration's namespace.
template <class Enum>
constexpr const char* word_of(Enum value) noexcept {
  const auto words = words_of(value);
  const auto i = static_cast<std::size_t>(value);
  return i < words.size() ? words[i].word : "?";
}

}  // namespace volley
