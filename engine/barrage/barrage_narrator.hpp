#pragma once
// The replay's narrator (`volley replay --trace`): the kernel takes an optional narrator and, when it
// has one, says what it rolls and decides, line by line, on the very code path of a run. A run passes
// none, and then nothing is formatted.
#include "engine/barrage/template_geometry.hpp"

#include <cstdint>
#include <string>

namespace volley::barrage {

class BarrageNarrator {
 public:
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

// "12.5" for 1250 hundredths: trailing zeros dropped.
inline std::string inches(Coord hundredths) {
  const bool negative = hundredths < 0;
  const int64_t v = negative ? -int64_t{hundredths} : int64_t{hundredths};
  std::string s = (negative ? "-" : "") + std::to_string(v / 100);
  const int64_t frac = v % 100;
  if (frac != 0) s += (frac % 10 == 0) ? "." + std::to_string(frac / 10) : (frac < 10 ? ".0" : ".") + std::to_string(frac);
  return s;
}

inline std::string at(Point p) { return "(" + inches(p.x) + ", " + inches(p.y) + ")"; }

}  // namespace volley::barrage
