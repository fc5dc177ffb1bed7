// F-4: the built-in weapon table, against the two columns of docs/rules.md (tsatf-d10 and tsatf20).
#include "engine/firefight/weapon_table.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <string>

using namespace volley;
using namespace volley::firefight;

namespace {
struct Expected {
  std::string name;
  int range_inches;
  int dice_per_figure;
  std::array<int, TargetClasses> bands;
};
void check_table(int fire_die, const std::array<Expected, 4>& expected) {
  const auto weapons = builtin_weapons(fire_die);
  REQUIRE(weapons.size() == expected.size());
  for (size_t k = 0; k < expected.size(); ++k) {
    INFO(expected[k].name << " on d" << fire_die);
    CHECK(weapons[k].name == expected[k].name);
    CHECK(weapons[k].range == expected[k].range_inches * CoordPerInch);
    CHECK(weapons[k].dice_per_figure == expected[k].dice_per_figure);
    CHECK(weapons[k].bands == expected[k].bands);
  }
}
}  // namespace

TEST_CASE("F-4: the weapon table on tsatf-d10 is docs/rules.md's d10 column", "[engine][firefight][F-4]") {
  check_table(10, {{{"mauser", 24, 1, {4, 3, 2, 2}},
                    {"maxim", 36, 3, {4, 3, 2, 2}},
                    {"herero-rifle", 24, 1, {3, 2, 2, 1}},
                    {"old-rifle", 12, 1, {2, 2, 1, 1}}}});
}

TEST_CASE("F-4: the weapon table on tsatf20 has every band exactly doubled", "[engine][firefight][F-4]") {
  check_table(20, {{{"mauser", 24, 1, {8, 6, 4, 4}},
                    {"maxim", 36, 3, {8, 6, 4, 4}},
                    {"herero-rifle", 24, 1, {6, 4, 4, 2}},
                    {"old-rifle", 12, 1, {4, 4, 2, 2}}}});
}

TEST_CASE("F-4: another fire die scales the d10 bands, rounded to nearest with halves up", "[engine][firefight][F-4]") {
  CHECK(scaled_band(3, 6) == 2);   // 1.8
  CHECK(scaled_band(1, 6) == 1);   // 0.6
  CHECK(scaled_band(1, 5) == 1);   // 0.5: half up
  CHECK(scaled_band(2, 12) == 2);  // 2.4
  CHECK(scaled_band(4, 0) == 0);
}

TEST_CASE("F-4: a unit with no weapon named carries the Herero rifle on a native side, else the Mauser", "[engine][firefight][F-4]") {
  CHECK(std::string(default_weapon(true)) == "herero-rifle");
  CHECK(std::string(default_weapon(false)) == "mauser");
}
