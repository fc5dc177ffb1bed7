#pragma once
// The files a result document is written to (--json, --csv, --plot, --report): what the writers need
// to know of a command's settings, and nothing else (empty: not asked).
#include <string>

namespace volley {

struct ResultFiles {
  std::string json, csv, plot, report;
};

}  // namespace volley
