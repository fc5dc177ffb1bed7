#pragma once
// `--report FILE.html`: one self-contained page that works offline. The page is the front end of
// sim/web/ (report.html, report.css, report.js, embedded at build time, cmake/embed_web.cmake) with
// Chart.js (Debian libjs-chart.js) inlined and the result JSON (docs/json-format.md) frozen in; on
// load it calls volley.render(result), the same entry point `volley serve` calls with streamed
// results. Nothing is computed here: the page draws what the JSON says.
#include "sim/output/text_escaping.hpp"  // json_for_script: the result inside the page's <script>

#include <nlohmann/json.hpp>

#include <string>

namespace volley {

// The page for a result of run, compare, sweep, tune, sensitivity or best (a single search).
std::string report_page(const nlohmann::json& result);

// One of the embedded front-end files by name ("report.html", "report.css", "report.js",
// "chart.min.js"); empty if there is none of that name.
std::string web_asset(const std::string& name);

}  // namespace volley
