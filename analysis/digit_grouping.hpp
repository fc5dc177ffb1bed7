#pragma once
// Numbers for people: "552,114 trials/s", not "5.52e+05". Whole numbers with a comma between
// groups of three digits, the form the terminal, the report tables and the progress bar share.
#include <cstdint>
#include <string>

namespace volley {

// 552114 -> "552,114"; -1234 -> "-1,234".
std::string grouped(int64_t value);
// Rounded to the nearest whole number first (a rate, a trial count read as a double).
std::string grouped(double value);

}  // namespace volley
