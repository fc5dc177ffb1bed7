#pragma once
// The barrage kernel's keys (docs/scenario-barrage.md): every top-level, table, ruleset and side key
// with its default, range, rule id and provenance, written once (engine/key_declaration.hpp). The
// order is the order `volley sensitivity` plays the stepped ones in.
#include "engine/key_declaration.hpp"

namespace volley::barrage {

// clang-format off
inline constexpr KeyDeclaration BarrageKeys[] = {
    // key                                  type               default  lo    hi       text                 rule     provenance            stepped
    {"turns",                               KeyType::Integer,  8,       1,    1023,    "",                  "",      Provenance::Unmarked},
    {"table.width",                         KeyType::Inches,   72,      1,    10000,   "",                  "",      Provenance::Unmarked},
    {"table.depth",                         KeyType::Inches,   48,      1,    10000,   "",                  "",      Provenance::Unmarked},

    {"ruleset.command_failures",            KeyType::Boolean,  1,       0,    0,       "",                  "B-2",   Provenance::Unmarked},
    {"ruleset.supply_checks",               KeyType::Boolean,  1,       0,    0,       "",                  "B-3",   Provenance::Unmarked},
    {"ruleset.comms_rule",                  KeyType::Choice,   0,       0,    0,       "opposed",           "B-6",   Provenance::Assumed},
    {"ruleset.forced_back",                 KeyType::Inches,   6,       0,    10000,   "",                  "B-5",   Provenance::Assumed,  true},
    {"ruleset.suppression_turns",           KeyType::Integer,  1,       0,    1023,    "",                  "B-5",   Provenance::Assumed,  true},
    {"ruleset.template",                    KeyType::Size,     0,       0,    0,       "[6, 6]",            "B-5",   Provenance::Assumed},
    {"ruleset.converged_template",          KeyType::Size,     0,       0,    0,       "[6, 3]",            "B-5",   Provenance::Assumed},
    {"ruleset.unit_footprint",              KeyType::Size,     0,       0,    0,       "[2.4, 1.6]",        "B-1",   Provenance::Assumed},
    {"ruleset.blind_footprint",             KeyType::Size,     0,       0,    0,       "[6, 4]",            "B-1",   Provenance::Assumed},
    {"ruleset.maintain_cost",               KeyType::Integer,  1,       0,    1000,    "",                  "B-2",   Provenance::Assumed,  true},
    {"ruleset.start_cost",                  KeyType::Integer,  2,       0,    1000,    "",                  "B-4",   Provenance::Seed},
    {"ruleset.unpaid_start",                KeyType::Choice,   0,       0,    0,       "delay",             "B-4",   Provenance::Assumed},
    {"ruleset.call_cost",                   KeyType::Integer,  2,       0,    1000,    "",                  "PF-PR", Provenance::Seed},
    {"ruleset.call_comms_bonus",            KeyType::Integer,  1,       0,    1000,    "",                  "PF-PR", Provenance::Seed},
    {"ruleset.supply_bonus_cost",           KeyType::Integer,  1,       0,    1000,    "",                  "B-3",   Provenance::Book},
    {"ruleset.supply_bonus_dice",           KeyType::Integer,  1,       0,    1000,    "",                  "B-3",   Provenance::Book},
    {"ruleset.hit_target",                  KeyType::Integer,  4,       2,    6,       "",                  "",      Provenance::Book},
    {"ruleset.suppressed_target",           KeyType::Integer,  5,       2,    6,       "",                  "B-5",   Provenance::Book},
    {"ruleset.supply_opposition",           KeyType::Integer,  3,       0,    1000,    "",                  "B-3",   Provenance::Book},
    {"ruleset.comms_opposition",            KeyType::Integer,  3,       0,    1000,    "",                  "B-6",   Provenance::Assumed,  true},
    {"ruleset.cover_dice",                  KeyType::List,     0,       0,    1000,    "[0, 1, 2, 3]",      "B-1",   Provenance::Book},
    {"ruleset.partial_cover_dice",          KeyType::Integer,  1,       0,    1000,    "",                  "B-5",   Provenance::Book},
    {"ruleset.morale_loss_die",             KeyType::Integer,  3,       1,    20,      "",                  "B-5",   Provenance::Book},
    {"ruleset.min_rolling_speed",           KeyType::Inches,   4,       4,    10000,   "",                  "PF-RB", Provenance::Seed},
    {"ruleset.max_registered_points",       KeyType::Integer,  2,       0,    1000,    "",                  "PF-PR", Provenance::Seed},
    {"ruleset.trigger_radius",              KeyType::Inches,   6,       0,    10000,   "",                  "PF-PR", Provenance::Assumed,  true},
    {"ruleset.adjust_range",                KeyType::Inches,   12,      0,    10000,   "",                  "B-3",   Provenance::Assumed,  true},
    {"ruleset.tie_distance",                KeyType::Inches,   0.25,    0,    10000,   "",                  "F-4",   Provenance::Assumed,  true},
    {"ruleset.pulse_tie",                   KeyType::Choice,   0,       0,    0,       "attacker",          "B-2",   Provenance::Assumed},
    {"ruleset.fire_dice",                   KeyType::Integer,  4,       0,    1000,    "",                  "B-5",   Provenance::Book},
    {"ruleset.reaction_dice",               KeyType::Integer,  4,       0,    1000,    "",                  "B-1",   Provenance::Book},
    {"ruleset.cohesion",                    KeyType::Integer,  3,       1,    1000000, "",                  "B-1",   Provenance::Book},

    {"<side>.nation",                       KeyType::Choice,   0,       0,    0,       "other",             "",      Provenance::Unmarked},
    {"<side>.command_dice",                 KeyType::Integer,  6,       0,    1000,    "",                  "B-2",   Provenance::Assumed},
    {"<side>.staff_orders",                 KeyType::Integer,  0,       0,    1000,    "the command dice",  "B-2",   Provenance::Assumed},
    {"<side>.restock",                      KeyType::Text,     0,       0,    0,       "chains",            "B-2",   Provenance::Book},
    {"<side>.comms_dice",                   KeyType::Integer,  4,       0,    1000,    "",                  "B-6",   Provenance::Assumed},
    {"<side>.supply_dice",                  KeyType::Integer,  4,       0,    1000,    "by nation",         "B-3",   Provenance::Assumed},
    {"<side>.home_edge",                    KeyType::Choice,   0,       0,    0,       "attacker south",    "B-5",   Provenance::Unmarked},
    {"<side>.policies.cancel",              KeyType::Choice,   0,       0,    0,       "never",             "B-3",   Provenance::Unmarked},
    {"<side>.policies.adjust",              KeyType::Choice,   0,       0,    0,       "none",              "B-3",   Provenance::Unmarked},
    {"<side>.policies.supply_bonus",        KeyType::Boolean,  0,       0,    0,       "",                  "B-3",   Provenance::Unmarked},
    {"<side>.policies.maintain",            KeyType::Choice,   0,       0,    0,       "while-stock-lasts", "B-2",   Provenance::Unmarked},
};
// clang-format on

consteval const KeyDeclaration& barrage_key(std::string_view key) { return find_key(BarrageKeys, key); }

}  // namespace volley::barrage
