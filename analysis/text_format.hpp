#pragma once
// printf into a std::string, for the report tables (the figures' formats are printf's).
#include <cstdio>
#include <string>

namespace volley {

template <class... Args>
std::string format_text(const char* format, Args... args) {
  const int size = std::snprintf(nullptr, 0, format, args...);
  std::string out(static_cast<size_t>(size > 0 ? size : 0), '\0');
  std::snprintf(out.data(), out.size() + 1, format, args...);
  return out;
}

}  // namespace volley

namespace volley {

// One field of a CSV row (RFC 4180), the only way text reaches a CSV file (sim/output/text_escaping.hpp):
// a field holding a comma, a double quote, a line break or surrounding spaces is quoted, its quotes
// doubled, so a name such as `a "b", c` never splits or shifts a row. Numbers pass unchanged.
inline std::string csv_field(const std::string& text) {
  const bool quote = text.find_first_of(",\"\r\n") != std::string::npos ||
                     (!text.empty() && (text.front() == ' ' || text.back() == ' '));
  if (!quote) return text;
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

}  // namespace volley
