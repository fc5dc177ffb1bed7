#pragma once
// The numeric [assumed] rules of docs/rules.md (README, "Rules assumed here") as --set keys with their
// defaults, for `volley sensitivity`, which studies them first: an answer that moves with them rests
// on an assumption, not on the rules. They are the keys the kernel's table marks `stepped`
// (engine/key_declaration.hpp). A test checks every default against the kernel's own (the same seed
// gives the same tally with the key set to this default as without it).
#include "sim/scenario/scenario_document.hpp"

#include <string>
#include <vector>

namespace volley {

struct ModelParameter {
  std::string key;
  double value = 0;
  bool integer = true;
  bool assumed = false;
};

// The assumed parameters of a scenario of this kind, each with the document's value where it sets
// one and the default otherwise. Per-side keys are expanded over the document's `sides`.
std::vector<ModelParameter> assumed_parameters(const ScenarioDocument& doc, const std::string& kind);

// The rule id (docs/rules.md) of an [assumed] rule that `key` sets ("F-5" for `visibility`), or empty when
// the key is no assumption, as the kernels' tables declare it, for the form of `volley serve`.
// Per-side and per-entry keys match their declared paths (`herero.hidden_fire` is `<side>.hidden_fire`).
std::string assumed_rule(const std::string& key);

}  // namespace volley
