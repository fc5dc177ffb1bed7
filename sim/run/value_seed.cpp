#include "sim/run/value_seed.hpp"

#include "sim/scenario/scenario_document.hpp"

namespace volley {

namespace {

// SplitMix64's finaliser (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
// OOPSLA 2014): a bijection of 64-bit words that flips about half the output bits for each input
// bit, so that neighbouring seeds (1, 2, 3) and texts that differ in one character give unrelated keys.
uint64_t mix(uint64_t x) noexcept {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

}  // namespace

uint64_t value_seed(uint64_t seed, std::string_view assignment) noexcept {
  return mix(mix(seed) ^ ScenarioDocument::hash_text(assignment));
}

}  // namespace volley
