#include "sim/run/parameter_axis.hpp"

#include "analysis/number_parsing.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace volley {

namespace {

bool parse_number(const std::string& text, double& value, bool& integer) {
  if (!read_finite_number(text, value)) return false;
  integer = text.find_first_of(".eE") == std::string::npos;
  return true;
}

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    const size_t at = text.find(sep, start);
    parts.push_back(text.substr(start, at == std::string::npos ? std::string::npos : at - start));
    if (at == std::string::npos) return parts;
    start = at + 1;
  }
}

// Whether text reads as a number at all, finite or not (nan, inf, 1e400 included): such a part makes
// a range, which parse_axis then refuses if it is not finite, rather than a --set value.
bool looks_numeric(const std::string& text) {
  if (text.empty()) return false;
  char* end = nullptr;
  (void)std::strtod(text.c_str(), &end);
  return end != text.c_str() && *end == '\0';
}

// "lo:hi" or "lo:hi:step" with every part a number: a range. Anything else with a colon
// (min-targets:3, subgroup:north) is a value.
bool is_range(const std::string& spec) {
  if (spec.find(':') == std::string::npos || spec.find(',') != std::string::npos) return false;
  const auto parts = split(spec, ':');
  if (parts.size() < 2 || parts.size() > 3) return false;
  for (const auto& p : parts)
    if (!looks_numeric(p)) return false;
  return true;
}

}  // namespace

std::vector<std::string> split_values(const std::string& text) {
  std::vector<std::string> parts(1);
  int depth = 0;
  char quote = 0;
  for (const char c : text) {
    if (quote != 0) {
      if (c == quote) quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '[' || c == '{') {
      ++depth;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    } else if (c == ',' && depth == 0) {
      parts.emplace_back();
      continue;
    }
    parts.back() += c;
  }
  return parts;
}

void keep_whole_key_where_accepted(ParameterAxis& axis, const std::function<bool(const std::string& assignment)>& accepts) {
  if (axis.keys.size() < 2) return;
  const std::string value = axis.values.empty() ? format_value(axis.lo, axis.integer) : axis.values.front();
  if (accepts(axis.key + "=" + value)) axis.keys = {axis.key};
}

std::string format_value(double v, bool integer) {
  char buffer[64];
  if (integer) std::snprintf(buffer, sizeof buffer, "%lld", static_cast<long long>(std::llround(v)));
  else std::snprintf(buffer, sizeof buffer, "%.10g", v);
  std::string s = buffer;
  // A TOML float needs a decimal point or exponent.
  if (!integer && s.find_first_of(".eEn") == std::string::npos) s += ".0";
  return s;
}

ParameterAxis parse_axis(const std::string& text, const std::string& option, bool range_only) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    throw std::invalid_argument(option + " '" + text + "': expected KEY=lo:hi" + (range_only ? "" : ":step or KEY=a,b,c"));
  ParameterAxis axis;
  axis.key = text.substr(0, eq);
  for (const auto& k : split(axis.key, ',')) {
    if (k.empty()) throw std::invalid_argument(option + " '" + text + "': an empty key in the list of keys (K1,K2=...)");
    axis.keys.push_back(k);
  }
  const std::string spec = text.substr(eq + 1);
  if (range_only || is_range(spec)) {
    const auto parts = split(spec, ':');
    double lo = 0, hi = 0, step = 1;
    bool int_lo = false, int_hi = false, int_step = true;
    const bool ok = (parts.size() == 2 || (!range_only && parts.size() == 3)) && parse_number(parts[0], lo, int_lo) &&
                    parse_number(parts[1], hi, int_hi) && (parts.size() == 2 || parse_number(parts[2], step, int_step));
    if (!ok) throw std::invalid_argument(option + " '" + text + "': expected numbers in KEY=lo:hi" + (range_only ? "" : ":step"));
    if (hi < lo) throw std::invalid_argument(option + " '" + text + "': hi is below lo");
    // hi - lo and the midpoints of tune's bisection must be finite too (-1e308:1e308 overflows).
    if (!std::isfinite(hi - lo) || !std::isfinite(hi + lo))
      throw std::invalid_argument(option + " '" + text + "': the range is too wide for arithmetic (hi - lo overflows)");
    axis.lo = lo;
    axis.hi = hi;
    axis.integer = int_lo && int_hi && int_step;
    if (range_only) return axis;
    if (parts.size() == 2) step = axis.integer ? 1 : (hi - lo) / 10;
    if (!(step > 0)) throw std::invalid_argument(option + " '" + text + "': step must be positive");
    // The count is bounded as a double before it becomes an integer: (hi - lo) / step can be
    // 1.2e21 (a step of 1e-20) or infinite, and casting such a value is undefined.
    const double steps = std::floor((hi - lo) / step + 1e-9);
    if (!(steps < 1000)) throw std::invalid_argument(option + " '" + text + "': more than 1000 values");
    const auto count = static_cast<long>(steps) + 1;
    for (long i = 0; i < count; ++i) {
      const double v = lo + static_cast<double>(i) * step;
      axis.numbers.push_back(v);
      axis.values.push_back(format_value(v, axis.integer));
      // A step below the values' printed precision (1e9:1e9+1:1e-3) would play one value twice.
      if (i > 0 && axis.values[static_cast<size_t>(i)] == axis.values[static_cast<size_t>(i) - 1])
        throw std::invalid_argument(option + " '" + text + "': the step is too small for the values (two print as " + axis.values.back() +
                                    ")");
    }
    return axis;
  }
  if (range_only) throw std::invalid_argument(option + " '" + text + "': expected KEY=lo:hi");
  axis.integer = true;
  for (const auto& v : split_values(spec)) {
    if (v.empty()) throw std::invalid_argument(option + " '" + text + "': empty value in the list");
    axis.values.push_back(v);
    double number = 0;
    bool integer = false;
    if (parse_number(v, number, integer)) {
      axis.numbers.push_back(number);
      axis.integer = axis.integer && integer;
    }
  }
  if (axis.numbers.size() != axis.values.size()) {
    axis.numbers.clear();
    axis.integer = false;
  }
  return axis;
}

}  // namespace volley
