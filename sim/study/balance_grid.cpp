#include "sim/study/balance_grid.hpp"

#include "analysis/did_you_mean.hpp"
#include "analysis/number_parsing.hpp"
#include "analysis/text_format.hpp"
#include "sim/run/parameter_axis.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
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

// "lo:hi" with both parts numbers and no step: a number key's continuous range.
bool continuous_range(const std::string& spec) {
  const auto colon = spec.find(':');
  if (colon == std::string::npos || spec.find(':', colon + 1) != std::string::npos || spec.find(',') != std::string::npos) return false;
  double v = 0;
  return read_finite_number(spec.substr(0, colon), v) && read_finite_number(spec.substr(colon + 1), v);
}

// KEY=lo:hi on a number key: the range searched continuously, its coarse values as a grid's.
FreeKey read_continuous_key(const KeyDescription& d, const std::string& text) {
  const ParameterAxis axis = parse_axis(text, "--free", true);
  if (!(axis.lo < axis.hi))
    throw std::invalid_argument("--free '" + text + "': " + d.key + "'s range is empty (lo = hi); give lo < hi, or the one value as " +
                                d.key + "=" + format_value(axis.lo, false) + ",");
  for (const double v : {axis.lo, axis.hi})
    if (d.has_range && (v < d.lo || v > d.hi))
      throw std::invalid_argument("--free '" + text + "': " + format_value(v, false) + " lies outside " + d.key +
                                  format_text("'s range [%g, %g]", d.lo, d.hi));
  FreeKey free{d.key, d.type, d.value, {}, {}, true, axis.lo, axis.hi};
  return free;
}

FreeKey read_free_key(const KeyCatalog& catalog, const std::string& text) {
  const auto eq = text.find('=');
  const std::string key = text.substr(0, eq);
  const auto d = std::find_if(catalog.begin(), catalog.end(), [&](const KeyDescription& k) { return k.key == key; });
  if (eq == std::string::npos && d != catalog.end() && free_type(*d))
    throw std::invalid_argument("--free '" + text + "': give " + key + " (a " + d->type + ") the values to try: " + key +
                                (d->type == "integer"  ? "=lo:hi"
                                 : d->type == "number" ? "=lo:hi (searched continuously) or " + key + "=lo:hi:step"
                                                       : "=a,b,c"));
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
  if (d->type == "number" && continuous_range(text.substr(eq + 1))) return read_continuous_key(*d, text);
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

SettingChange BalanceGrid::change(uint64_t i) const { return change(point(i)); }

bool BalanceGrid::continuous() const {
  return std::any_of(keys.begin(), keys.end(), [](const FreeKey& k) { return k.continuous; });
}

uint64_t BalanceGrid::lattice_steps() const { return (ContinuousCoarseValues - 1) << refinements; }

uint64_t BalanceGrid::lattice_size() const {
  // Saturating: many continuous keys could pass 2^64, and a caller bounding the work must see a big
  // number, not a wrapped one.
  uint64_t n = 1;
  for (const auto& k : keys) {
    const uint64_t factor = k.continuous ? lattice_steps() + 1 : k.values.size();
    if (factor != 0 && n > std::numeric_limits<uint64_t>::max() / factor) return std::numeric_limits<uint64_t>::max();
    n *= factor;
  }
  return n;
}

LatticePoint BalanceGrid::point(uint64_t i) const {
  const auto index = at(i);
  LatticePoint p(index.begin(), index.end());
  for (size_t k = 0; k < keys.size(); ++k)
    if (keys[k].continuous) p[k] <<= refinements;
  return p;
}

double BalanceGrid::number(size_t k, uint64_t position) const {
  const FreeKey& key = keys[k];
  if (!key.continuous) return key.numbers.empty() ? static_cast<double>(position) : key.numbers[position];
  // Scaled by powers of two only, so that a coarse value is the same number at every refinement.
  return key.lo + (key.hi - key.lo) * static_cast<double>(position) / static_cast<double>(lattice_steps());
}

std::vector<std::string> BalanceGrid::assignments(const LatticePoint& p) const {
  std::vector<std::string> sets;
  for (size_t k = 0; k < keys.size(); ++k)
    sets.push_back(keys[k].key + "=" + (keys[k].continuous ? format_value(number(k, p[k]), false) : keys[k].values[p[k]]));
  return sets;
}

SettingChange BalanceGrid::change(const LatticePoint& p) const {
  SettingChange change;
  for (size_t k = 0; k < keys.size(); ++k) {
    const FreeKey& key = keys[k];
    const std::string value = key.continuous ? std::string() : key.values[p[k]];
    double v = 0, v0 = 0;
    const bool numeric = (key.continuous || !key.numbers.empty()) && read_finite_number(key.file_value, v0);
    if (numeric) {
      v = number(k, p[k]);
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

BalanceGrid balance_grid(const ScenarioDocument& doc, const std::vector<std::string>& free, int refinements) {
  if (free.empty()) throw std::invalid_argument("--free: name at least one key to move (KEY=lo:hi, KEY=lo:hi:step or KEY=a,b,c)");
  if (refinements < 0 || refinements > MaxBalanceRefinements)
    throw std::invalid_argument(format_text("--refine: expected 0 to %d bisection stages", MaxBalanceRefinements));
  const KeyCatalog catalog = describe_keys(doc);
  BalanceGrid grid;
  double combinations = 1;
  for (const auto& text : free) {
    FreeKey key = read_free_key(catalog, text);
    if (key.continuous) {
      grid.refinements = refinements;
      // The finest lattice's neighbours must print as two values, or one setting would play twice.
      const double step = (key.hi - key.lo) / static_cast<double>((ContinuousCoarseValues - 1) << refinements);
      if (format_value(key.lo, false) == format_value(key.lo + step, false) ||
          format_value(key.hi - step, false) == format_value(key.hi, false))
        throw std::invalid_argument("--free '" + text + "': " + key.key +
                                    "'s range is too narrow for its printed precision; widen it or lower --refine");
    }
    for (const auto& k : grid.keys)
      if (k.key == key.key) throw std::invalid_argument("--free '" + text + "': " + key.key + " is free twice");
    combinations *= static_cast<double>(key.continuous ? ContinuousCoarseValues : key.values.size());
    if (combinations > static_cast<double>(MaxBalanceCandidates))
      throw std::invalid_argument(format_text("--free: more than %llu settings to try; narrow a range or give a coarser step",
                                              static_cast<unsigned long long>(MaxBalanceCandidates)));
    grid.keys.push_back(std::move(key));
  }
  for (size_t k = 0; k < grid.keys.size(); ++k) {
    FreeKey& key = grid.keys[k];
    if (!key.continuous) continue;
    for (uint64_t i = 0; i < ContinuousCoarseValues; ++i) {
      key.numbers.push_back(grid.number(k, i << grid.refinements));
      key.values.push_back(format_value(key.numbers.back(), false));
    }
  }
  return grid;
}

}  // namespace volley
