// TEMPORARY: commands not built yet. Each moves to its own command_*.cpp file.
#include "sim/commands.hpp"
#include "sim/scenario_model.hpp"
#include <iostream>
namespace volley {
static int pending(const char* name) { std::cerr << "volley " << name << ": not built yet\n"; return ExitFailure; }
int command_sweep(const Args&) { return pending("sweep"); }
int command_tune(const Args&) { return pending("tune"); }
int command_sensitivity(const Args&) { return pending("sensitivity"); }
int command_merge(const Args&) { return pending("merge"); }
}  // namespace volley
