#pragma once
// The barrage's narrators (`volley replay --trace`), on the firefight's contract
// (engine/firefight/narrator.hpp): `static constexpr bool enabled` says whether say() is wanted, and
// the kernel builds a line only under `if constexpr (Ctx::Narrator::enabled)`. A barrage narrator
// also indents the lines of a step under its heading.
#include "engine/barrage/template_geometry.hpp"

#include <cstdint>
#include <string>

namespace volley::barrage {

// A run's: says nothing, and the kernel compiled with it formats nothing.
struct SilentNarrator {
  static constexpr bool enabled = false;
  void say(const std::string&) noexcept {}
  void indent() noexcept {}
  void outdent() noexcept {}
};

// A replay's: collects the narration as indented text, one line per event.
class BarrageNarrator {
 public:
  static constexpr bool enabled = true;
  void say(const std::string& line) {
    text_.append(static_cast<size_t>(depth_) * 2, ' ');
    text_ += line;
    text_ += '\n';
  }
  void indent() noexcept { ++depth_; }
  void outdent() noexcept { depth_ = depth_ > 0 ? depth_ - 1 : 0; }
  const std::string& text() const noexcept { return text_; }

 private:
  std::string text_;
  int depth_ = 0;
};

}  // namespace volley::barrage
