// The report page: the front end of sim/web/ with Chart.js inlined and the result JSON
// frozen in, escaped so that no text from the scenario can end the script element. What the page
// draws is checked in a real browser by tests/sim/web/report_browser_test.py.
#include "tests/support/cli_runner.hpp"
#include "sim/output/report_page.hpp"

#include <catch2/catch.hpp>

using namespace volley;

TEST_CASE("The report page is self-contained: Chart.js and the front end inlined, volley.render called once", "[sim][report]") {
  const std::string page = report_page({{"format", "volley-result"}, {"scenario", {{"title", "t"}}}});
  CHECK(page.find("Chart.js v3") != std::string::npos);
  CHECK(page.find("volley.render(JSON.parse(") != std::string::npos);
  CHECK(page.find("/*volley:") == std::string::npos);  // every marker filled
  CHECK(page.find("<pre>") == std::string::npos);      // not the terminal's text
  CHECK(page.find("src=\"http") == std::string::npos);
}

TEST_CASE("Text from a scenario reaches the page escaped: no title can end the script or the title element", "[sim][report][escaping]") {
  const std::string evil = "</script><script>alert(1)</script><!-- & </title>";
  const std::string page = report_page({{"format", "volley-result"}, {"scenario", {{"title", evil}}}});
  CHECK(page.find("alert(1)</script>") == std::string::npos);
  CHECK(page.find("<!-- &") == std::string::npos);
  CHECK(page.find("&lt;/script&gt;&lt;script&gt;alert(1)") != std::string::npos);  // in <title>
  CHECK(json_for_script({{"t", evil}}).find('<') == std::string::npos);
  CHECK(nlohmann::json::parse(json_for_script({{"t", evil}}))["t"] == evil);  // still the same JSON
}

TEST_CASE("A run writes its report page with its result, and its --json carries what the page draws", "[sim][report]") {
  const auto r = volley::testing::run_volley("run herero-ambush --trials 4096 --quiet --json page.json --report page.html");
  REQUIRE(r.exit_code == 0);
  const auto json = nlohmann::json::parse(volley::testing::read_file(volley::testing::scratch_directory() + "/page.json"));
  CHECK(json["headline"] == "herero.win");
  CHECK(json["map_svg"].get<std::string>().find("<g class=\"mark\"") != std::string::npos);
  CHECK(!json["distributions"].empty());
  const std::string page = volley::testing::read_file(volley::testing::scratch_directory() + "/page.html");
  CHECK(page.find("\"headline\":\"herero.win\"") != std::string::npos);
}
