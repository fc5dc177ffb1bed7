#pragma once
// One function per `volley` subcommand; each parses its own arguments (Boost.Program_options) and
// returns the process exit code: 0 success, 1 a run-time failure, 2 bad input (a scenario error, an
// unknown option, an unwritable output).
#include <string>
#include <vector>

namespace volley {

using Args = std::vector<std::string>;

int command_run(const Args& args);
int command_best(const Args& args);
int command_balance(const Args& args);
int command_compare(const Args& args);
int command_sweep(const Args& args);
int command_tune(const Args& args);
int command_sensitivity(const Args& args);
int command_replay(const Args& args);
int command_show(const Args& args);
int command_validate(const Args& args);
int command_bench(const Args& args);
int command_merge(const Args& args);
int command_dice(const Args& args);
int command_fire(const Args& args);
int command_serve(const Args& args);
int command_new(const Args& args);

inline constexpr int ExitOk = 0;
inline constexpr int ExitFailure = 1;
inline constexpr int ExitBadInput = 2;

}  // namespace volley
