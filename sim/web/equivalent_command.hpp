#pragma once
// The `volley` command that plays what a request to the server asks (/api/run, /api/sweep, ...), for
// the result's command_line, which the report of that result (/api/report) ends with as a --report
// page does. Built from the request's JSON body, already checked by its parser (sim/web/live_request):
// each key is the command-line option of its name ('_' for its '-': policy_trials is --policy-trials),
// as the live page's form is the command's options.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace volley {

// `command`: run, compare, sweep, tune, best or balance. `scenario` names the scenario (`text`: the
// scenario sent as TOML stands as scenario.toml, the file of the result's scenario text); `sets`,
// `param`, `space`, `fix`, `free` and `goal` give one option per entry; `vs` one --vs of its
// assignments joined by ';'; `minimise` a switch; `client` is the page's, not the study's. `trials`:
// as the study played them (written even where the request gave none, as the server's default cap
// is not always the command's).
std::string equivalent_command(const std::string& command, const nlohmann::json& body, uint64_t trials);

}  // namespace volley
