#pragma once
// A name that a command line addresses: a side, and an entry of a list (a unit, weapon, terrain,
// decoy, battery, mission, Blind, point, target), whose name is a part of --set and --target keys
// (`german.units.Z1.figures=14`). A name holding one of the characters that split those keys or the
// lists of them could be written in the file but never changed, swept or tuned, so the
// readers refuse it at load, in every command.
#include <string>
#include <string_view>

namespace volley {

// . separates a key's parts, = ends the key, ; separates a variant's assignments (--vs 'a=1;b=2'),
// , separates a --param's keys and values, and quotes are the shell's and TOML's.
inline constexpr std::string_view UnaddressableCharacters = ".=;,\"'";

// Whether `name` holds none of UnaddressableCharacters.
inline bool addressable_name(std::string_view name) { return name.find_first_of(UnaddressableCharacters) == std::string_view::npos; }

// The error for a `what` ("unit", "weapon", ...) named `name` that is not addressable.
inline std::string unaddressable_name_message(const std::string& what, const std::string& name) {
  return "a " + what + " name must not contain dots, '=', ';', ',' or quotes (--set and --target keys address the " + what +
         " by its name), got '" + name + "'";
}

}  // namespace volley
