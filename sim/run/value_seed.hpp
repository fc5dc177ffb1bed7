#pragma once
// The seed of one parameter value that a command runs on its own (tune's evaluated values): a mix of
// the run's seed and the value's --set text. Different values then play independent random numbers,
// which is what tune's fit assumes of its points (docs/methods.md, "Sweeps and tuning"), while the
// same seed still gives the same output for any thread count, since the seed depends on nothing else.
#include <cstdint>
#include <string_view>

namespace volley {

uint64_t value_seed(uint64_t seed, std::string_view assignment) noexcept;

}  // namespace volley
