#pragma once
// B-5, the sheaf a fire mission fires: it decides the template's shape (ruleset regular_template or
// converged_template).
#include <cstdint>

namespace volley::barrage {

enum class Sheaf : uint8_t { Regular, Converged };

const char* to_string(Sheaf s) noexcept;

}  // namespace volley::barrage
