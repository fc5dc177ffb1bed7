#pragma once
// Barrage template and footprint geometry (B-1, B-5, PF-RB), on engine/geometry.hpp's fixed point
// (docs/architecture.md, "The kernel"): its points, rectangles, overlap areas and distances. Every test the
// barrage rules make is exact here: whether a footprint lies under a Fire Template with positive
// area, whether less than half of it is covered (B-5), whether a template still overlaps the table
// (PF-RB), how far a unit is forced back before its footprint reaches its home edge (B-5).
//
// Rectangles are axis-aligned (templates stay axis-aligned whatever a barrage's direction, PF-RB).
// A rectangle of size (w, d) around a centre c spans [c.x - w/2, c.x - w/2 + w] (integer halves:
// an odd size in coordinate units puts the extra unit on the high side).
#include "engine/geometry.hpp"

#include <cstdint>

namespace volley::barrage {

// Width along x, depth along y.
struct Size {
  Coord w = 0;
  Coord d = 0;
  friend bool operator==(const Size&, const Size&) = default;
};

inline Rect rect_around(Point centre, Size size) noexcept {
  const Coord x0 = centre.x - size.w / 2, y0 = centre.y - size.d / 2;
  return {x0, y0, x0 + size.w, y0 + size.d};
}

inline int64_t area(Size s) noexcept { return int64_t{s.w} * s.d; }

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
