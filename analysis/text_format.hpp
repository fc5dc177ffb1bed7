#pragma once
// printf into a std::string, for the report tables (the figures' formats are printf's).
#include <cstdio>
#include <string>
#include <string_view>

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

// A cell that is a plain decimal number ("-1", "+2.5", "1e-3"): a spreadsheet reads it as the number
// it is, so csv_field leaves it unprefixed even though it may begin with a sign.
inline bool csv_number(const std::string& text) {
  size_t i = 0, digits = 0;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) ++digits;
  if (i < text.size() && text[i] == '.')
    for (++i; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) ++digits;
  if (digits == 0) return false;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    size_t exponent = 0;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) ++exponent;
    if (exponent == 0) return false;
  }
  return i == text.size();
}

// One field of a CSV row (RFC 4180), the only way text reaches a CSV file (sim/output/text_escaping.hpp):
// a field holding a comma, a double quote, a line break or surrounding spaces is quoted, its quotes
// doubled, so a name such as `a "b", c` never splits or shifts a row. A field that begins with = + - @,
// a tab or a carriage return, and is not a number, gets a leading ' (OWASP's advice against CSV
// injection): a spreadsheet would otherwise run a name such as `=HYPERLINK(...)` as a formula.
// Numbers pass unchanged.
inline std::string csv_field(std::string text) {
  if (!text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos && !csv_number(text))
    text.insert(0, 1, '\'');
  const bool quote = text.find_first_of(",\"\r\n") != std::string::npos || (!text.empty() && (text.front() == ' ' || text.back() == ' '));
  if (!quote) return text;
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

}  // namespace volley
