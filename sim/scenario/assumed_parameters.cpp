#include "sim/scenario/assumed_parameters.hpp"

#include "engine/barrage/barrage_keys.hpp"
#include "engine/firefight/firefight_keys.hpp"

#include <span>

namespace volley {

namespace {

const toml::node* find(const toml::table& root, const std::string& key) {
  const toml::node* at = &root;
  size_t start = 0;
  while (at != nullptr) {
    const auto dot = key.find('.', start);
    const auto* table = at->as_table();
    if (table == nullptr) return nullptr;
    at = table->get(key.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
    if (dot == std::string::npos) return at;
    start = dot + 1;
  }
  return nullptr;
}

// The kernel's table of keys (engine/key_declaration.hpp); none for a kind without one.
std::span<const KeyDeclaration> declared_keys(const std::string& kind) {
  if (kind == "firefight") return firefight::FirefightKeys;
  if (kind == "barrage") return barrage::BarrageKeys;
  return {};
}

// Whether a --set path is an instance of a declared path: "<side>" and "<entry>" stand for one part
// each (`herero.hidden_fire` is `<side>.hidden_fire`), every other part is itself.
bool key_matches(std::string_view pattern, std::string_view key) {
  while (true) {
    const size_t p = pattern.find('.'), k = key.find('.');
    const std::string_view part = pattern.substr(0, p), given = key.substr(0, k);
    if (part != "<side>" && part != "<entry>" && part != given) return false;
    if (p == std::string_view::npos || k == std::string_view::npos) return p == k;
    pattern.remove_prefix(p + 1);
    key.remove_prefix(k + 1);
  }
}

}  // namespace

std::vector<ModelParameter> assumed_parameters(const ScenarioDocument& doc, const std::string& kind) {
  std::vector<ModelParameter> out;
  std::vector<std::string> sides;
  if (const auto* list = doc.root()["sides"].as_array())
    for (const auto& s : *list)
      if (auto name = s.value<std::string>()) sides.push_back(*name);
  auto add = [&](const std::string& key, const KeyDeclaration& d) {
    ModelParameter p{key, d.fallback, d.type == KeyType::Integer, true};
    if (const toml::node* n = find(doc.root(), key))
      if (auto v = n->value<double>()) p.value = *v;
    out.push_back(p);
  };
  for (const auto& d : declared_keys(kind)) {
    if (!d.stepped) continue;
    const std::string key(d.key);
    if (key.rfind("<side>.", 0) == 0) {
      for (const auto& side : sides) add(side + key.substr(6), d);
    } else {
      add(key, d);
    }
  }
  return out;
}

std::string assumed_rule(const std::string& key) {
  for (const char* kind : {"firefight", "barrage"})
    for (const auto& d : declared_keys(kind))
      if (d.provenance == Provenance::Assumed && key_matches(d.key, key)) return std::string(d.rule);
  return "";
}

}  // namespace volley
