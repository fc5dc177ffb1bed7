#include "sim/html_report.hpp"

namespace volley {

namespace {

std::string escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

// gnuplot's SVG starts with an XML declaration and DOCTYPE, which are not allowed inline in HTML.
std::string inline_svg(const std::string& svg) {
  const auto start = svg.find("<svg");
  return start == std::string::npos ? std::string() : svg.substr(start);
}

}  // namespace

std::string html_report(const std::string& title, const std::string& subtitle, const std::vector<ReportSection>& sections) {
  std::string html = R"(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>)" + escape(title) + R"(</title>
<style>
body { font-family: sans-serif; max-width: 1200px; margin: 2em auto; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.15em; border-bottom: 1px solid #ccc; }
pre { background: #f6f6f6; padding: 0.8em; overflow-x: auto; font-size: 0.85em; }
figure { margin: 1em 0; } figure svg { max-width: 100%; height: auto; }
.subtitle { color: #555; }
</style></head><body>
<h1>)" + escape(title) + "</h1>\n<p class=\"subtitle\">" + escape(subtitle) + "</p>\n";
  int figure = 0;
  for (const auto& s : sections) {
    html += "<h2>" + escape(s.heading) + "</h2>\n";
    if (!s.text.empty()) html += "<pre>" + escape(s.text) + "</pre>\n";
    for (const auto& svg : s.svgs) html += "<figure class=\"plot\" id=\"plot" + std::to_string(figure++) + "\">" + inline_svg(svg) + "</figure>\n";
  }
  html += R"(<script>
window.addEventListener('load', function () {
  document.querySelectorAll('figure.plot').forEach(function (f) {
    var svg = f.querySelector('svg');
    var r = svg ? svg.getBoundingClientRect() : { width: 0, height: 0 };
    f.setAttribute('data-rendered', Math.round(r.width) + 'x' + Math.round(r.height));
  });
  document.body.setAttribute('data-plots', String(document.querySelectorAll('figure.plot').length));
});
</script>
</body></html>
)";
  return html;
}

}  // namespace volley
