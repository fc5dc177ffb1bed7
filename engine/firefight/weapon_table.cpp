#include "engine/firefight/weapon_table.hpp"

namespace volley::firefight {

namespace {

// docs/rules.md F-4 [book; the natives' bands assumed], as on the tsatf-d10 ruleset.
struct TableRow {
  const char* name;
  int range_inches;
  int dice_per_figure;
  int bands_d10[TargetClasses];
};
constexpr TableRow WeaponTable[] = {
    {"mauser", 24, 1, {4, 3, 2, 2}},        // German rifle
    {"maxim", 36, 3, {4, 3, 2, 2}},         // German machine gun
    {"herero-rifle", 24, 1, {3, 2, 2, 1}},  // Herero rifle
    {"old-rifle", 12, 1, {2, 2, 1, 1}},     // Herero old rifle / muzzle-loader
};

}  // namespace

int scaled_band(int band_d10, int fire_die) noexcept { return (band_d10 * fire_die * 2 + 10) / 20; }

std::vector<Weapon> builtin_weapons(int fire_die) {
  std::vector<Weapon> weapons;
  for (const TableRow& row : WeaponTable) {
    Weapon w;
    w.name = row.name;
    w.range = row.range_inches * CoordPerInch;
    w.dice_per_figure = row.dice_per_figure;
    for (int k = 0; k < TargetClasses; ++k) w.bands[k] = scaled_band(row.bands_d10[k], fire_die);
    weapons.push_back(w);
  }
  return weapons;
}

const char* default_weapon(bool native_side) noexcept { return native_side ? "herero-rifle" : "mauser"; }

}  // namespace volley::firefight
