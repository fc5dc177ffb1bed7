#pragma once
// What `volley balance` shows while its race goes (from the study's progress pieces,
// sim/study/balance_study.hpp) and the files it writes of its result (from the volley-balance
// document, through the writers of balance_report.hpp).
#include "sim/output/result_files.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace volley {

// The "start" piece as the line printed first: "balance: N settings, G goals, seed S".
std::string balance_start_line(const nlohmann::json& start);
// A "look" piece as the terminal's progress line (it starts with a carriage return and ends without a newline).
std::string balance_look_line(const nlohmann::json& look);
// --policies best: how many settings have had their policies searched (a "policies" progress step).
std::string balance_policies_line(const nlohmann::json& step);
// Writes --json, --csv, --plot and --report (those asked for), each attempted even when another
// failed; throws std::runtime_error naming every failure.
void write_balance_files(const nlohmann::json& balance, const ResultFiles& files);

}  // namespace volley
