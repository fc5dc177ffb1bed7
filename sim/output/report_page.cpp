#include "sim/output/report_page.hpp"

#include "sim/output/map_svg.hpp"
#include "sim/output/web_assets.hpp"

#include <stdexcept>

namespace volley {

namespace {

// Replaces the marker at or after `from` and returns where the inserted text ends: the markers are
// filled in their order in the template and no inserted text (a title, Chart.js) is searched again.
size_t fill(std::string& page, size_t from, const std::string& marker, const std::string& content) {
  const auto at = page.find(marker, from);
  if (at == std::string::npos) throw std::logic_error("report.html has no " + marker + " in its place");
  page.replace(at, marker.size(), content);
  return at + content.size();
}

}  // namespace

std::string web_asset(const std::string& name) {
  for (const auto& asset : embedded_web_assets())
    if (name == asset.name) return std::string(asset.text);
  return {};
}

std::string report_page(const nlohmann::json& result) {
  std::string page = web_asset("report.html");
  std::string title = "volley report";
  if (result.contains("title") && result["title"].is_string()) title = result["title"].get<std::string>();
  else if (result.contains("scenario") && result["scenario"].contains("title")) title = result["scenario"]["title"].get<std::string>();
  size_t at = fill(page, 0, "<!--volley:title-->", xml_escape(title));
  at = fill(page, at, "/*volley:style*/", web_asset("report.css"));
  at = fill(page, at, "/*volley:chart.js*/", web_asset("chart.min.js"));
  at = fill(page, at, "/*volley:report.js*/", web_asset("report.js"));
  fill(page, at, "/*volley:result*/", json_for_script(result));
  return page;
}

}  // namespace volley
