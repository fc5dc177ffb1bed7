#include "sim/study/balance_grid.hpp"

#include "analysis/did_you_mean.hpp"
#include "analysis/number_parsing.hpp"
#include "analysis/text_format.hpp"
#include "sim/run/parameter_axis.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace volley {

namespace {

// A string key moves among listed words (a policy: never, always, range:12); names and titles do not
// move, since other keys address units by name.
bool free_type(const KeyDescription& k) {
  if (k.type == "string") {
    const std::string leaf = k.key.substr(k.key.rfind('.') + 1);
    return leaf != "name" && leaf != "title" && leaf != "kind";
  }
  return k.type == "integer" || k.type == "number" || k.type == "choice" || k.type == "boolean";
}

FreeKey read_free_key(const KeyCatalog& catalog, const std::string& text) {
  const auto eq = text.find('=');
  const std::string key = text.substr(0, eq);
  const auto d = std::find_if(catalog.begin(), catalog.end(), [&](const KeyDescription& k) { return k.key == key; });
  if (eq == std::string::npos || key.empty())
    throw std::invalid_argument("--free '" + text + "': expected KEY=lo:hi, KEY=lo:hi:step or KEY=a,b,c");
  if (d == catalog.end() || !free_type(*d)) {
    std::vector<std::string> names;
    for (const auto& k : catalog)
      if (free_type(k)) names.push_back(k.key);
    throw std::invalid_argument(
        "--free '" + text + "': '" + key + "' is " +
        (d == catalog.end() ? "no key of the scenario"
                            : "a " + d->type + " that balance does not move (it moves numbers, choices, booleans and policy words)") +
        "; " + did_you_mean(key, names, "keys"));
  }
  const ParameterAxis axis = parse_axis(text, "--free");
  FreeKey free{key, d->type, d->value, axis.values, {}};
  if (free.values.empty()) throw std::invalid_argument("--free '" + text + "': no value to try");
  if (d->type == "integer" || d->type == "number") {
    if (axis.numbers.size() != axis.values.size()) throw std::invalid_argument("--free '" + text + "': " + key + " takes numbers");
    if (d->type == "integer" && !axis.integer)
      throw std::invalid_argument("--free '" + text + "': " + key + " takes whole numbers (KEY=lo:hi steps by 1)");
    free.numbers = axis.numbers;
    if (d->type == "number")  // a whole number is a valid TOML float only with a decimal point
      for (size_t v = 0; v < free.values.size(); ++v) free.values[v] = format_value(free.numbers[v], false);
    for (const double v : free.numbers)
      if (d->has_range && (v < d->lo || v > d->hi))
        throw std::invalid_argument("--free '" + text + "': " + format_value(v, d->type == "integer") + " lies outside " + key +
                                    format_text("'s range [%g, %g]", d->lo, d->hi));
  } else if (d->type == "string") {
    if (text.find(',', eq) == std::string::npos && !axis.numbers.empty())
      throw std::invalid_argument("--free '" + text + "': " + key + " takes words: list them, KEY=a,b,c");
  } else {
    const std::vector<std::string> words = d->type == "boolean" ? std::vector<std::string>{"true", "false"} : d->choices;
    for (const auto& v : free.values)
      if (std::find(words.begin(), words.end(), v) == words.end())
        throw std::invalid_argument("--free '" + text + "': " + key + " takes none of '" + v + "'; " + did_you_mean(v, words, "values"));
  }
  std::vector<std::string> sorted = free.values;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
    throw std::invalid_argument("--free '" + text + "': a value is listed twice");
  return free;
}

}  // namespace

uint64_t BalanceGrid::size() const {
  uint64_t n = 1;
  for (const auto& k : keys) n *= k.values.size();
  return n;
}

std::vector<size_t> BalanceGrid::at(uint64_t i) const {
  std::vector<size_t> index(keys.size());
  for (size_t k = keys.size(); k-- > 0;) {
    index[k] = static_cast<size_t>(i % keys[k].values.size());
    i /= keys[k].values.size();
  }
  return index;
}

std::vector<std::string> BalanceGrid::assignments(uint64_t i) const {
  const auto index = at(i);
  std::vector<std::string> sets;
  for (size_t k = 0; k < keys.size(); ++k) sets.push_back(keys[k].key + "=" + keys[k].values[index[k]]);
  return sets;
}

std::string BalanceGrid::label(uint64_t i) const {
  std::string text;
  for (const auto& a : assignments(i)) text += (text.empty() ? "" : " ") + a;
  return text;
}

SettingChange BalanceGrid::change(uint64_t i) const {
  const auto index = at(i);
  SettingChange change;
  for (size_t k = 0; k < keys.size(); ++k) {
    const FreeKey& key = keys[k];
    const std::string& value = key.values[index[k]];
    double v = 0, v0 = 0;
    const bool numeric = !key.numbers.empty() && read_finite_number(key.file_value, v0);
    if (numeric) {
      v = key.numbers[index[k]];
      if (v == v0) continue;
      change.relative += v0 != 0 ? std::fabs(v - v0) / std::fabs(v0) : std::fabs(v - v0);
    } else {
      if (value == key.file_value) continue;
      change.relative += 1;
    }
    ++change.keys;
  }
  return change;
}

BalanceGrid balance_grid(const ScenarioDocument& doc, const std::vector<std::string>& free) {
  if (free.empty()) throw std::invalid_argument("--free: name at least one key to move (KEY=lo:hi, KEY=lo:hi:step or KEY=a,b,c)");
  const KeyCatalog catalog = describe_keys(doc);
  BalanceGrid grid;
  double combinations = 1;
  for (const auto& text : free) {
    FreeKey key = read_free_key(catalog, text);
    for (const auto& k : grid.keys)
      if (k.key == key.key) throw std::invalid_argument("--free '" + text + "': " + key.key + " is free twice");
    combinations *= static_cast<double>(key.values.size());
    if (combinations > static_cast<double>(MaxBalanceCandidates))
      throw std::invalid_argument(format_text("--free: more than %llu settings to try; narrow a range or give a coarser step",
                                              static_cast<unsigned long long>(MaxBalanceCandidates)));
    grid.keys.push_back(std::move(key));
  }
  return grid;
}

}  // namespace volley
