#pragma once
// `--report FILE.html`: one self-contained page (inline CSS and SVG plots, no network) with the
// scenario summary, the tables and the plots. Each figure records its rendered size on load
// (data-rendered="WxH"), which the report test reads back from headless Chromium.
#include <string>
#include <vector>

namespace volley {

struct ReportSection {
  std::string heading;
  std::string text;               // preformatted (tables as volley prints them)
  std::vector<std::string> svgs;  // inline SVG documents
};

std::string html_report(const std::string& title, const std::string& subtitle, const std::vector<ReportSection>& sections);

}  // namespace volley
