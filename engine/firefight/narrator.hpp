#pragma once
// What a trial tells as it goes (`volley replay --trace`, docs/architecture.md "Randomness"). The kernel is a
// template over its narrator: a run uses NullNarrator, whose `enabled` is false, so every line of
// narration is compiled out (`if constexpr`) and a replay goes through the very same code path.
//
// A narrator has:
//   static constexpr bool enabled       whether say() is wanted (text is only built when it is)
//   say(std::string)                    one line of narration
//   setup_done(state) / turn_end(state, t)  snapshots for maps (no-ops in a run)
#include "engine/geometry.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

namespace volley::firefight {

class FirefightState;

struct NullNarrator {
  static constexpr bool enabled = false;
  void say(const std::string&) noexcept {}
  void setup_done(const FirefightState&) noexcept {}
  void turn_end(const FirefightState&, int) noexcept {}
};

// Collects the narration as text, one line per event.
struct TextNarrator {
  static constexpr bool enabled = true;
  std::string text;
  void say(const std::string& line) {
    text += line;
    text += '\n';
  }
  void setup_done(const FirefightState&) noexcept {}
  void turn_end(const FirefightState&, int) noexcept {}
};

// Concatenate words and numbers into one line of narration.
inline void append_text(std::string& out, std::string_view s) { out += s; }
inline void append_text(std::string& out, const char* s) { out += s; }
inline void append_text(std::string& out, const std::string& s) { out += s; }
template <class T>
  requires std::is_arithmetic_v<T>
inline void append_text(std::string& out, T v) {
  if constexpr (std::is_same_v<T, bool>)
    out += v ? "yes" : "no";
  else
    out += std::to_string(v);
}
template <class... Args>
std::string text(const Args&... args) {
  std::string out;
  (append_text(out, args), ...);
  return out;
}

}  // namespace volley::firefight
