#pragma once
// The shipped scenarios, compiled into the binary (cmake/embed_scenarios.cmake).
#include <string>
#include <vector>

namespace volley {

struct EmbeddedScenario {
  const char* name;  // file name without .toml
  std::string text;
};

const std::vector<EmbeddedScenario>& embedded_scenarios();

// The commented starters of `volley new KIND` (sim/scenario/starters/KIND.toml): one per scenario kind.
const std::vector<EmbeddedScenario>& starter_scenarios();

inline constexpr const char* DefaultScenarioName = "herero-ambush";

}  // namespace volley
