#pragma once
// Table geometry in fixed point (docs/architecture.md, "The kernel"): positions in hundredths of an inch
// (int32), squared distances and areas in int64. The resolution is a compile-time constant chosen
// by the CMake cache option VOLLEY_COORD_PER_INCH: 100 in the product, 1000 (thousandths) in the
// `fine-grid` build, whose only use is to show that answers do not depend on it
// (scripts/grid-independence). Comments call a grid step "a hundredth". Every test made here is exact integer arithmetic,
// so a kernel's decisions are the same on every compiler and flag set.
//
// Rectangles are axis-aligned and closed: a point on the edge is inside, and a segment that touches
// an edge or a corner meets the rectangle.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

namespace volley {

#ifndef VOLLEY_COORD_PER_INCH
#define VOLLEY_COORD_PER_INCH 100
#endif
using Coord = int32_t;  // hundredths of an inch (CoordPerInch per inch)
inline constexpr Coord CoordPerInch = VOLLEY_COORD_PER_INCH;
static_assert(CoordPerInch == 100 || CoordPerInch == 1000, "the grid is hundredths or thousandths of an inch");

// Inches, as a scenario file writes them, to the grid: the nearest grid unit. The one conversion
// with the scale in it: both scenario readers, every report and every narration go through these,
// so the `fine-grid` build reads and writes the same scenarios in the same inches.
inline Coord to_coord(double inches) noexcept { return static_cast<Coord>(std::llround(inches * CoordPerInch)); }

// The grid back to inches (a default written back, a map, a measured range): a whole number of grid
// units converts to double exactly, so this is the one rounding of the division.
inline double to_inches(double coord) noexcept { return coord / CoordPerInch; }

// A length or coordinate as text, "12.5" for 12.5 inches: trailing zeros dropped, so that the same
// position reads the same on either grid. CoordPerInch is a power of ten, so the decimals are exact.
inline std::string inches(int64_t coord) {
  static_assert(
      [] {
        int64_t p = 1;
        while (p < CoordPerInch) p *= 10;
        return p == CoordPerInch;
      }(),
      "inches() writes a coordinate's decimals: CoordPerInch must be a power of ten");
  const bool negative = coord < 0;
  const int64_t v = negative ? -coord : coord;
  std::string s = (negative ? "-" : "") + std::to_string(v / CoordPerInch);
  const int64_t frac = v % CoordPerInch;
  if (frac == 0) return s;
  std::string digits = std::to_string(CoordPerInch + frac).substr(1);  // leading zeros kept
  while (digits.back() == '0') digits.pop_back();
  return s + "." + digits;
}

struct Point {
  Coord x = 0;
  Coord y = 0;
  friend bool operator==(const Point&, const Point&) = default;
};

struct Rect {
  Coord x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // x0 <= x1, y0 <= y1
  friend bool operator==(const Rect&, const Rect&) = default;
};

// "(12.5, 20)": a point as narrations, reports and error messages write it.
inline std::string point_text(Point p) { return "(" + inches(p.x) + ", " + inches(p.y) + ")"; }

inline int64_t distance_squared(Point a, Point b) noexcept {
  const int64_t dx = int64_t{a.x} - b.x, dy = int64_t{a.y} - b.y;
  return dx * dx + dy * dy;
}

// The smallest rectangle holding both points (a segment's bounding box).
inline Rect bounding_box(Point a, Point b) noexcept {
  return {std::min(a.x, b.x), std::min(a.y, b.y), std::max(a.x, b.x), std::max(a.y, b.y)};
}

inline bool contains(const Rect& r, Point p) noexcept { return p.x >= r.x0 && p.x <= r.x1 && p.y >= r.y0 && p.y <= r.y1; }

// Does r hold every point of inner?
inline bool contains(const Rect& r, const Rect& inner) noexcept {
  return inner.x0 >= r.x0 && inner.x1 <= r.x1 && inner.y0 >= r.y0 && inner.y1 <= r.y1;
}

// Do the two rectangles have no point in common? The four tests are combined without short cuts:
// one branch for the caller.
inline bool disjoint(const Rect& a, const Rect& b) noexcept { return (a.x0 > b.x1) | (a.x1 < b.x0) | (a.y0 > b.y1) | (a.y1 < b.y0); }

// Do the two rectangles overlap with positive area (more than an edge or a corner in common)? The
// test of the barrage's templates (B-5, PF-RB), the hot test of a fire for effect: the four
// comparisons are combined without branches, as which of them fails is unpredictable and the answer
// mostly "no".
inline bool overlaps(const Rect& a, const Rect& b) noexcept {
  return static_cast<bool>(static_cast<int>(a.x0 < b.x1) & static_cast<int>(b.x0 < a.x1) & static_cast<int>(a.y0 < b.y1) &
                           static_cast<int>(b.y0 < a.y1));
}

inline int64_t area(const Rect& r) noexcept { return int64_t{r.x1 - r.x0} * (r.y1 - r.y0); }

// Area common to both rectangles (0 when they only touch or are apart).
inline int64_t overlap_area(const Rect& a, const Rect& b) noexcept {
  const int64_t dx = int64_t{std::min(a.x1, b.x1)} - std::max(a.x0, b.x0);
  const int64_t dy = int64_t{std::min(a.y1, b.y1)} - std::max(a.y0, b.y0);
  return dx > 0 && dy > 0 ? dx * dy : 0;
}

// Does the closed segment ab meet the closed rectangle r? The segment is its line cut to its own
// bounding box, so it meets r iff its line meets the box common to r and that bounding box, i.e.
// iff that box's corners are not all strictly on one side of the line. Exact in int64 for any
// coordinates of magnitude below 2^30.
inline bool segment_meets_rect(Point a, Point b, const Rect& r) noexcept {
  const Rect box = bounding_box(a, b);
  const Coord x0 = std::max(r.x0, box.x0), x1 = std::min(r.x1, box.x1);
  const Coord y0 = std::max(r.y0, box.y0), y1 = std::min(r.y1, box.y1);
  if (x0 > x1 || y0 > y1) return false;
  const int64_t dx = int64_t{b.x} - a.x, dy = int64_t{b.y} - a.y;
  auto side = [&](Coord x, Coord y) {
    const int64_t s = dx * (int64_t{y} - a.y) - dy * (int64_t{x} - a.x);
    return (s > 0) - (s < 0);
  };
  const int s0 = side(x0, y0), s1 = side(x1, y0), s2 = side(x0, y1), s3 = side(x1, y1);
  return !((s0 > 0 && s1 > 0 && s2 > 0 && s3 > 0) || (s0 < 0 && s1 < 0 && s2 < 0 && s3 < 0));
}

// floor(sqrt(v)) = k for v >= 0, exact (v < 2^62). Below 2^52 (every squared distance on a table)
// the truncated double square root is exact already: v converts exactly, and its correctly rounded
// (IEEE) root is at least k (a double) and more than 1 / (2(k + 1)) >= 2^-27 below k + 1, at least
// twice the half unit in the last place there (k + 1 <= 2^26). Above, it is only a first guess that
// integer corrections make exact whatever the rounding.
inline int64_t integer_sqrt(int64_t v) noexcept {
  if (v <= 0) return 0;
  auto r = static_cast<int64_t>(__builtin_sqrt(static_cast<double>(v)));
  if (v < int64_t{1} << 52) return r;
  while (r * r > v) --r;
  while ((r + 1) * (r + 1) <= v) ++r;
  return r;
}

}  // namespace volley
