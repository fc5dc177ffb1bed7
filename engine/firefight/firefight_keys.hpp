#pragma once
// The firefight kernel's keys (docs/scenario-firefight.md): every top-level, table, ruleset and side
// key with its default, range, rule id and provenance, written once (engine/key_declaration.hpp).
// The order is the order `volley sensitivity` plays the stepped ones in.
#include "engine/key_declaration.hpp"

namespace volley::firefight {

// clang-format off
inline constexpr KeyDeclaration FirefightKeys[] = {
    // key                                  type               default  lo    hi    text                     rule    provenance            stepped
    {"turns",                               KeyType::Integer,  8,       1,    500,  "",                      "F-2",  Provenance::Unmarked},
    {"visibility",                          KeyType::Inches,   12,      0,    1000, "",                      "F-5",  Provenance::Assumed,  true},
    {"spot_range",                          KeyType::Inches,   6,       0,    1000, "",                      "F-5",  Provenance::Assumed,  true},
    {"table.width",                         KeyType::Inches,   72,      1,    1000, "",                      "",     Provenance::Book},
    {"table.depth",                         KeyType::Inches,   48,      1,    1000, "",                      "",     Provenance::Unmarked},

    {"ruleset.name",                        KeyType::Choice,   0,       0,    0,    "tsatf20",               "F-4",  Provenance::Unmarked},
    {"ruleset.fire_die",                    KeyType::Integer,  20,      2,    20,   "",                      "F-4",  Provenance::Unmarked},
    {"ruleset.natural_one_hits",            KeyType::Boolean,  0,       0,    0,    "",                      "F-4",  Provenance::Assumed},
    {"ruleset.fire_into_melee",             KeyType::Boolean,  0,       0,    0,    "",                      "F-4",  Provenance::Assumed},
    {"ruleset.kill_chance",                 KeyType::Fraction, 0.25,    0,    1,    "1/4",                   "F-4",  Provenance::Assumed},
    {"ruleset.tie_distance",                KeyType::Inches,   0.25,    0,    1000, "",                      "F-4",  Provenance::Assumed,  true},
    {"ruleset.weapons.<entry>.bands",       KeyType::List,     0,       0,    0,    "the table above",       "F-4",  Provenance::Assumed},
    {"ruleset.native_move_dice",            KeyType::Integer,  3,       0,    100,  "",                      "F-6",  Provenance::Book},
    {"ruleset.imperial_move_dice",          KeyType::Integer,  2,       0,    100,  "",                      "F-6",  Provenance::Book},
    {"ruleset.native_charge_dice",          KeyType::Integer,  4,       0,    100,  "",                      "F-6",  Provenance::Book},
    {"ruleset.imperial_charge_dice",        KeyType::Integer,  3,       0,    100,  "",                      "F-6",  Provenance::Book},
    {"ruleset.native_melee_bonus",          KeyType::Integer,  1,       -6,   6,    "",                      "F-7",  Provenance::Book},
    {"ruleset.imperial_melee_bonus",        KeyType::Integer,  0,       -6,   6,    "",                      "F-7",  Provenance::Book},
    {"ruleset.contact_gap",                 KeyType::Inches,   1,       0,    1000, "",                      "F-6",  Provenance::Assumed,  true},
    {"ruleset.halt_short",                  KeyType::Inches,   1,       0,    1000, "",                      "F-6",  Provenance::Assumed,  true},
    {"ruleset.contact_distance",            KeyType::Inches,   0.5,     0,    1000, "",                      "F-6",  Provenance::Assumed,  true},
    {"ruleset.go_in_leader",                KeyType::Integer,  3,       1,    7,    "",                      "F-6",  Provenance::Assumed,  true},
    {"ruleset.go_in_no_leader",             KeyType::Integer,  4,       1,    7,    "",                      "F-6",  Provenance::Assumed,  true},
    {"ruleset.stand_leader",                KeyType::Integer,  3,       1,    7,    "",                      "F-6",  Provenance::Assumed,  true},
    {"ruleset.stand_no_leader",             KeyType::Integer,  4,       1,    7,    "",                      "F-6",  Provenance::Assumed,  true},
    {"ruleset.melee_die",                   KeyType::Integer,  6,       2,    100,  "",                      "F-7",  Provenance::Assumed,  true},
    {"ruleset.melee_kill_face",             KeyType::Integer,  1,       0,    100,  "",                      "F-7",  Provenance::Assumed,  true},
    {"ruleset.melee_morale_modifier",       KeyType::Integer,  -1,      -6,   6,    "",                      "F-7",  Provenance::Assumed,  true},
    {"ruleset.prone_threshold",             KeyType::Integer,  6,       0,    1000, "",                      "F-8a", Provenance::Book},
    {"ruleset.prone_fire_modifier",         KeyType::Integer,  -1,      -20,  20,   "",                      "F-8a", Provenance::Book},
    {"ruleset.prone_target_class",          KeyType::Integer,  4,       1,    4,    "",                      "F-8a", Provenance::Book},
    {"ruleset.prone_move_dice",             KeyType::Integer,  1,       0,    100,  "",                      "F-8a", Provenance::Book},
    {"ruleset.morale_leader",               KeyType::Integer,  3,       1,    7,    "",                      "F-8b", Provenance::Assumed,  true},
    {"ruleset.morale_no_leader",            KeyType::Integer,  4,       1,    7,    "",                      "F-8b", Provenance::Assumed,  true},
    {"ruleset.morale_fraction",             KeyType::Number,   0.5,     0,    1,    "",                      "F-8b", Provenance::Assumed,  true},
    {"ruleset.sf_dice_multiplier",          KeyType::Integer,  2,       1,    10,   "",                      "SF-B", Provenance::Seed},
    {"ruleset.sf_fire_modifier",            KeyType::Integer,  -1,      -20,  20,   "",                      "SF-B", Provenance::Seed},
    {"ruleset.sf_keep_hidden_max",          KeyType::Integer,  3,       0,    1000, "",                      "SF-H", Provenance::Seed},
    {"ruleset.sf_keep_hidden_divisor",      KeyType::Integer,  4,       1,    1000, "",                      "SF-H", Provenance::Seed},

    {"<side>.fast_fire",                    KeyType::Boolean,  0,       0,    0,    "",                      "F-1",  Provenance::Unmarked},
    {"<side>.native",                       KeyType::Boolean,  0,       0,    0,    "",                      "F-1",  Provenance::Unmarked},
    {"<side>.prone_rule",                   KeyType::Boolean,  0,       0,    0,    "",                      "F-8a", Provenance::Book},
    {"<side>.hidden_fire",                  KeyType::Choice,   0,       0,    0,    "always",                "F-3",  Provenance::Assumed},
    {"<side>.break_fraction",               KeyType::Number,   0.5,     0,    1,    "",                      "F-9",  Provenance::Assumed,  true},
    {"<side>.policy",                       KeyType::Text,     0,       0,    0,    "never",                 "",     Provenance::Unmarked},
    {"<side>.which",                        KeyType::Text,     0,       0,    0,    "force",                 "SF-A", Provenance::Unmarked},
    {"<side>.charge_after",                 KeyType::Boolean,  0,       0,    0,    "",                      "",     Provenance::Unmarked},
    {"<side>.reconceal",                    KeyType::Boolean,  1,       0,    0,    "",                      "SF-F", Provenance::Unmarked},
    {"<side>.reconceal_blanks",             KeyType::Integer,  3,       2,    3,    "",                      "SF-F", Provenance::Unmarked},
    {"<side>.keep_hidden",                  KeyType::Choice,   0,       0,    0,    "units-first",           "SF-H", Provenance::Unmarked},
    {"<side>.sfh_sight",                    KeyType::Choice,   0,       0,    0,    "reveal",                "SF-H", Provenance::Assumed},
};
// clang-format on

consteval const KeyDeclaration& firefight_key(std::string_view key) { return find_key(FirefightKeys, key); }

}  // namespace volley::firefight
