#pragma once
// What a trial tells as it goes (`volley replay --trace`, docs/architecture.md "Randomness"), for
// both kernels. A kernel is a template over its narrator: a run uses NullNarrator, whose `enabled`
// is false, so every line of narration is compiled out (`if constexpr`) and a replay goes through
// the very same code path.
//
// A narrator has:
//   static constexpr bool enabled            whether say() is wanted (text is only built when it is)
//   say(std::string)                         one line of narration
//   indent() / outdent()                     the lines of a step under its heading (the barrage's)
//   setup_done(state) / turn_end(state, t)   snapshots for maps (no-ops in a run; the firefight's)
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

namespace volley {

// A run's: says nothing, and the kernel compiled with it formats nothing.
struct NullNarrator {
  static constexpr bool enabled = false;
  void say(const std::string&) noexcept {}
  void indent() noexcept {}
  void outdent() noexcept {}
  template <class State>
  void setup_done(const State&) noexcept {}
  template <class State>
  void turn_end(const State&, int) noexcept {}
};

// A replay's: collects the narration as text, one line per event, each step's lines indented under
// its heading.
class TextNarrator {
 public:
  static constexpr bool enabled = true;
  void say(const std::string& line) {
    text_.append(static_cast<size_t>(depth_) * 2, ' ');
    text_ += line;
    text_ += '\n';
  }
  void indent() noexcept { ++depth_; }
  void outdent() noexcept { depth_ = depth_ > 0 ? depth_ - 1 : 0; }
  template <class State>
  void setup_done(const State&) noexcept {}
  template <class State>
  void turn_end(const State&, int) noexcept {}
  const std::string& text() const noexcept { return text_; }

 private:
  std::string text_;
  int depth_ = 0;
};

// Concatenate words and numbers into one line of narration.
inline void append_text(std::string& out, std::string_view s) { out += s; }
inline void append_text(std::string& out, const char* s) { out += s; }
inline void append_text(std::string& out, const std::string& s) { out += s; }
template <class T>
requires std::is_arithmetic_v<T>
inline void append_text(std::string& out, T v) {
  if constexpr (std::is_same_v<T, bool>) out += v ? "yes" : "no";
  else out += std::to_string(v);
}
template <class... Args>
std::string text(const Args&... args) {
  std::string out;
  (append_text(out, args), ...);
  return out;
}

}  // namespace volley
