#pragma once
// F-4: the weapon table of docs/rules.md, the weapons every ruleset starts with. A scenario file
// overrides their numbers or adds weapons ([[ruleset.weapons]]); the reader only reads those in.
#include "engine/firefight/firefight_scenario.hpp"

#include <vector>

namespace volley::firefight {

// The built-in weapons (mauser, maxim, herero-rifle, old-rifle), in the table's order, with their
// bands for a fire die of `fire_die` faces (scaled_band).
std::vector<Weapon> builtin_weapons(int fire_die);

// F-4: the table gives bands for a d10; another fire die scales them by fire_die / 10, rounded to
// nearest with halves up: exactly doubled on the d20 of tsatf20.
int scaled_band(int band_d10, int fire_die) noexcept;

// F-4 [assumed]: the weapon of a unit whose scenario names none: the Herero rifle on a native side,
// the Mauser otherwise.
const char* default_weapon(bool native_side) noexcept;

}  // namespace volley::firefight
