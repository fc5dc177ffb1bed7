#pragma once
// B-5, the sheaf a fire mission fires: it decides the template's shape (ruleset regular_template or
// converged_template).
#include "engine/enum_words.hpp"

#include <cstdint>

namespace volley::barrage {

enum class Sheaf : uint8_t { Regular, Converged };

constexpr EnumWords<Sheaf, 2> words_of(Sheaf) { return {{{Sheaf::Regular, "regular"}, {Sheaf::Converged, "converged"}}}; }
static_assert(lists_values_in_order(words_of(Sheaf{})));

}  // namespace volley::barrage
