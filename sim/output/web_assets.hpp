#pragma once
// The report page's front end, compiled into the binary (cmake/embed_web.cmake): the files of
// sim/web/ and Chart.js from Debian's libjs-chart.js.
#include <string_view>
#include <vector>

namespace volley {

struct WebAsset {
  const char* name;  // the file's name: "report.js", "chart.min.js"
  std::string_view text;
};

const std::vector<WebAsset>& embedded_web_assets();

}  // namespace volley
