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
