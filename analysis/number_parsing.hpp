#pragma once
// Numbers a user types (--level, --precision, tune's --target goal, sweep and tune --param ranges and
// steps) are finite decimal numbers, read whole. std::stod takes "nan", "inf" and a number followed
// by anything ("0.5abc" as 0.5); such values then reached a report as "nan% interval" or an undefined
// cast of a value count. This is the one reader of them; whole numbers (counts, threads)
// are read by parse_whole_number (sim/cli/command_line.hpp).
#include <string>

namespace volley {

// The number `text` spells, or false: empty, trailing characters, NaN, an infinity, or a magnitude
// beyond a double's range (1e400) or below its normal range (1e-400). A leading '+' is allowed.
bool read_finite_number(const std::string& text, double& value);

// read_finite_number, or std::invalid_argument naming `what` (the option and its text, as the
// caller wants it shown): "--level: expected a finite number, got 'nan'".
double parse_finite_number(const std::string& what, const std::string& text);

}  // namespace volley
