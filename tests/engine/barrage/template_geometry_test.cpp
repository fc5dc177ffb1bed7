// B-1 and B-5 geometry: footprints and templates as integer rectangles.
#include "barrage_fixture.hpp"

#include "engine/barrage/template_geometry.hpp"

#include <catch2/catch.hpp>

using namespace volley;
using namespace volley::barrage;
using volley::barrage::test::pt;

TEST_CASE("B-1: footprints and templates are axis-aligned rectangles around their centres, in hundredths", "[engine][barrage][B-1]") {
  const Rect r = rect_around(pt(36, 30), {240, 160});
  CHECK(r == Rect{3480, 2920, 3720, 3080});
  CHECK(area(r) == 240 * 160);
  CHECK(rect_around({0, 0}, {5, 3}) == Rect{-2, -1, 3, 2});  // odd sizes: the extra hundredth above
}

TEST_CASE("B-5: under the template means overlap with positive area; less than half covered is partial", "[engine][barrage][B-5]") {
  const Rect tmpl = rect_around(pt(36, 30), {600, 600});  // 33..39 x 27..33
  CHECK(coverage(rect_around(pt(36, 30), {240, 160}), tmpl) == Coverage::Full);
  CHECK(coverage(rect_around(pt(39, 30), {240, 160}), tmpl) == Coverage::Full);  // exactly half
  CHECK(coverage(rect_around(pt(39.01, 30), {240, 160}), tmpl) == Coverage::Partial);
  CHECK(coverage(rect_around(pt(40.2, 30), {240, 160}), tmpl) == Coverage::None);  // touching edges
  CHECK(coverage(rect_around(pt(36, 33.8), {240, 160}), tmpl) == Coverage::None);
  CHECK(coverage(rect_around(pt(36, 33.79), {240, 160}), tmpl) == Coverage::Partial);
  CHECK(overlap_area(rect_around(pt(39.01, 30), {240, 160}), tmpl) == 119 * 160);
  CHECK(overlaps(tmpl, table_rect({7200, 4800})));
  CHECK_FALSE(overlaps(rect_around(pt(36, 51), {600, 600}), table_rect({7200, 4800})));  // 48..54: only touches
}

TEST_CASE("B-1: a footprint that would leave the table stops at its edge", "[engine][barrage][B-1]") {
  const Size table{7200, 4800};
  CHECK(keep_on_table(pt(36, 50), {240, 160}, table) == pt(36, 47.2));
  CHECK(keep_on_table(pt(-3, 0), {240, 160}, table) == pt(1.2, 0.8));
  CHECK(keep_on_table(pt(71, 24), {600, 400}, table) == pt(69, 24));
  CHECK(keep_on_table(pt(36, 24), {240, 160}, table) == pt(36, 24));
}

TEST_CASE("B-1: a move by a vector on the footprint itself stops at the edge exactly as keep_on_table", "[engine][barrage][B-1]") {
  const Size table{7200, 4800};
  for (const Size size : {Size{240, 160}, Size{600, 400}, Size{241, 163}, Size{7200, 4800}})
    for (Coord x = -500; x <= 7700; x += 173)
      for (Coord y = -500; y <= 5300; y += 157)
        for (const Point delta : {Point{0, 600}, Point{-450, 0}, Point{300, -700}, Point{0, 0}, Point{9000, -9000}}) {
          Point centre{x, y};
          Rect box = rect_around(centre, size);
          shift_on_table(centre, box, delta, table);
          const Point expected = keep_on_table({x + delta.x, y + delta.y}, size, table);
          INFO("size " << size.w << "x" << size.d << " from (" << x << ", " << y << ") by (" << delta.x << ", " << delta.y << ")");
          REQUIRE(centre == expected);
          REQUIRE(box == rect_around(expected, size));
        }
}
