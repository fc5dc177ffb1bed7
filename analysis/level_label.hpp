#pragma once
// A confidence level as reports print it: "95%", "99.5%", "99.99%". Rounding to a whole percent would
// print --level 0.995 as "100%", an interval that claims certainty.
#include <string>

namespace volley {

std::string level_percent(double level);

}  // namespace volley
