// The HTML report as a reader meets it (issue 5): headless Chromium loads the page with no console
// errors, and every plot in it renders at a non-zero size (the page records each figure's rendered
// size on load; --dump-dom returns the DOM after the load event). Skipped, with a message, where
// Chromium is not installed; .ci/run installs it.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <regex>

using namespace volley::testing;

namespace {

const char* chromium() {
  for (const char* path : {"/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"})
    if (file_exists(path)) return path;
  return nullptr;
}

void check_report_in_chromium(const std::string& report) {
  const char* browser = chromium();
  if (browser == nullptr) {
    WARN("SKIPPED: Chromium is not installed (apt-get install chromium); the report was not rendered");
    return;
  }
  const std::string dir = scratch_directory();
  const std::string profile = dir + "/chromium-profile";
  const std::string command = std::string(browser) +
                              " --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking"
                              " --disable-component-update --disable-sync --user-data-dir=" + profile +
                              " --enable-logging=stderr --v=0 --virtual-time-budget=5000 --dump-dom file://" + dir + "/" + report +
                              " >" + dir + "/dom.html 2>" + dir + "/chromium.log";
  REQUIRE(std::system(command.c_str()) == 0);
  const std::string dom = read_file(dir + "/dom.html");
  const std::string log = read_file(dir + "/chromium.log");
  // Console messages from the page are logged as CONSOLE lines; none may be an error.
  INFO(log.substr(0, 4000));
  CHECK(log.find("Uncaught") == std::string::npos);
  CHECK(std::regex_search(log, std::regex("CONSOLE.*(rror|ERROR)")) == false);
  std::smatch m;
  REQUIRE(std::regex_search(dom, m, std::regex("data-plots=\"([0-9]+)\"")));
  const int plots = std::stoi(m[1]);
  CHECK(plots >= 1);
  int rendered = 0;
  const std::regex size("data-rendered=\"([0-9]+)x([0-9]+)\"");
  for (auto it = std::sregex_iterator(dom.begin(), dom.end(), size); it != std::sregex_iterator(); ++it) {
    CHECK(std::stoi((*it)[1]) > 0);
    CHECK(std::stoi((*it)[2]) > 0);
    ++rendered;
  }
  CHECK(rendered == plots);
  // Self-contained: nothing fetched from a network (SVG namespace names are not fetches).
  const std::string page = read_file(dir + "/" + report);
  CHECK_FALSE(std::regex_search(page, std::regex("(src|href)=\"(https?:)?//")));
}

}  // namespace

TEST_CASE("The run report loads in headless Chromium with every plot rendered", "[sim][report]") {
  const auto r = run_volley("run rolling-barrage --trials 20000 --quiet --report run-report.html");
  REQUIRE(r.exit_code == 0);
  check_report_in_chromium("run-report.html");
}

TEST_CASE("The compare report loads in headless Chromium with every plot rendered", "[sim][report]") {
  const auto r = run_volley("compare herero-ambush --set herero.policy=always --vs herero.policy=never --trials 20000 --quiet --report compare-report.html");
  REQUIRE(r.exit_code == 0);
  check_report_in_chromium("compare-report.html");
}
