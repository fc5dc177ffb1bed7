#pragma once
// Barrage geometry in fixed point (DESIGN.md, "The kernel"): positions in hundredths of an inch
// (int32), areas in ten-thousandths of a square inch (int64). Every test the barrage rules make is
// exact here: whether a footprint lies under a Fire Template with positive area, whether less than
// half of it is covered (B-5), whether a template still overlaps the table (PF-RB), how far a unit is
// forced back before its footprint reaches its home edge (B-5).
//
// Rectangles are axis-aligned (templates stay axis-aligned whatever a barrage's direction, PF-RB).
// A rectangle of size (w, d) around a centre c spans [c.x - w/2, c.x - w/2 + w] (integer halves:
// an odd size in hundredths puts the extra hundredth on the high side).
#include <algorithm>
#include <cstdint>

namespace volley::barrage {

using Coord = int32_t;  // hundredths of an inch

struct Point {
  Coord x = 0;
  Coord y = 0;
  friend bool operator==(const Point&, const Point&) = default;
};

// Width along x, depth along y.
struct Size {
  Coord w = 0;
  Coord d = 0;
  friend bool operator==(const Size&, const Size&) = default;
};

struct Rect {
  Coord x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  friend bool operator==(const Rect&, const Rect&) = default;
};

inline Rect rect_around(Point centre, Size size) noexcept {
  const Coord x0 = centre.x - size.w / 2, y0 = centre.y - size.d / 2;
  return {x0, y0, x0 + size.w, y0 + size.d};
}

inline int64_t area(const Rect& r) noexcept { return int64_t{r.x1 - r.x0} * (r.y1 - r.y0); }
inline int64_t area(Size s) noexcept { return int64_t{s.w} * s.d; }

// Area common to both rectangles (0 when they only touch or are apart).
inline int64_t overlap_area(const Rect& a, const Rect& b) noexcept {
  const int64_t dx = int64_t{std::min(a.x1, b.x1)} - std::max(a.x0, b.x0);
  const int64_t dy = int64_t{std::min(a.y1, b.y1)} - std::max(a.y0, b.y0);
  return dx > 0 && dy > 0 ? dx * dy : 0;
}

// Positive-area overlap without the multiplication (the hot test of a fire for effect). The four
// comparisons are combined without branches: which of them fails is unpredictable, the answer is
// mostly "no".
inline bool overlaps(const Rect& a, const Rect& b) noexcept {
  return static_cast<bool>(static_cast<int>(a.x0 < b.x1) & static_cast<int>(b.x0 < a.x1) & static_cast<int>(a.y0 < b.y1) &
                           static_cast<int>(b.y0 < a.y1));
}

inline bool contains(const Rect& outer, const Rect& inner) noexcept {
  return inner.x0 >= outer.x0 && inner.y0 >= outer.y0 && inner.x1 <= outer.x1 && inner.y1 <= outer.y1;
}

inline bool contains(const Rect& outer, Point p) noexcept {
  return p.x >= outer.x0 && p.x <= outer.x1 && p.y >= outer.y0 && p.y <= outer.y1;
}

// How a footprint lies under a template (B-5).
enum class Coverage : uint8_t {
  None,     // no overlap with positive area: not hit
  Partial,  // under the template, less than half its area covered: +1 reaction die
  Full,     // at least half covered (exactly half is not less)
};

inline Coverage coverage(const Rect& footprint, const Rect& fire_template) noexcept {
  if (!overlaps(footprint, fire_template)) return Coverage::None;  // the common case, without products
  return 2 * overlap_area(footprint, fire_template) < area(footprint) ? Coverage::Partial : Coverage::Full;
}

inline int64_t distance_squared(Point a, Point b) noexcept {
  const int64_t dx = int64_t{a.x} - b.x, dy = int64_t{a.y} - b.y;
  return dx * dx + dy * dy;
}

// Moves a footprint `box` (around `centre`) by `delta`, stopping at the table edge: the same as
// keep_on_table(centre + delta, size, table) for box == rect_around(centre, size), without
// recomputing the box.
inline void shift_on_table(Point& centre, Rect& box, Point delta, Size table) noexcept {
  Coord dx = delta.x, dy = delta.y;
  if (box.x0 + dx < 0) dx = -box.x0;
  else if (box.x1 + dx > table.w) dx = table.w - box.x1;
  if (box.y0 + dy < 0) dy = -box.y0;
  else if (box.y1 + dy > table.d) dy = table.d - box.y1;
  centre = {centre.x + dx, centre.y + dy};
  box = {box.x0 + dx, box.y0 + dy, box.x1 + dx, box.y1 + dy};
}

// The table as a rectangle with its corner at the origin.
inline Rect table_rect(Size table) noexcept { return {0, 0, table.w, table.d}; }

// The centre nearest to c that keeps a footprint of `size` on the table (units and Blinds stop at
// the table edge when they move or are forced back).
inline Point keep_on_table(Point c, Size size, Size table) noexcept {
  const Rect r = rect_around(c, size);
  Point out = c;
  if (r.x0 < 0) out.x += -r.x0;
  else if (r.x1 > table.w) out.x -= r.x1 - table.w;
  if (r.y0 < 0) out.y += -r.y0;
  else if (r.y1 > table.d) out.y -= r.y1 - table.d;
  return out;
}

}  // namespace volley::barrage
