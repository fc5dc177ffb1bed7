// Scenarios at the size limits: whatever run can refuse, validate refuses first,
// with file, line and key; what validate calls valid, run runs. The largest histograms come from a
// firefight at the figure limit (100 units of 100,000 figures), whose per-turn metrics each reach the
// widest histogram a metric keeps; the turns then multiply them.
#include "tests/support/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <regex>
#include <string>

using namespace volley::testing;

namespace {

// herero-ambush.toml with 100 Herero units of 100,000 figures each, and `turns` turns (line 26).
std::string figure_limit_scenario(int turns) {
  const std::string base = read_file(std::string(VOLLEY_SOURCE_DIR) + "/scenarios/herero-ambush.toml");
  std::string head = base.substr(0, base.find("[[herero.units]]"));
  head = std::regex_replace(head, std::regex("\nturns = [0-9]+\n"), "\nturns = " + std::to_string(turns) + "\n");
  const std::string decoys = base.substr(base.find("[[herero.decoys]]"), base.find("[german]") - base.find("[[herero.decoys]]"));
  const std::string german = base.substr(base.find("[german]"));
  std::string units;
  for (int i = 0; i < 100; ++i)
    units += "[[herero.units]]\nname = \"U" + std::to_string(i) +
             "\"\nfigures = 100000\nweapon = \"old-rifle\"\ntarget_class = 2\nzone = [2.0, 31.0, 46.0, 36.0]\nhidden = true\n\n";
  return head + units + decoys + german;
}

// The line of `turns = ` in a scenario's text, counted from 1.
int line_of_turns(const std::string& text) {
  const size_t at = text.find("\nturns = ");
  REQUIRE(at != std::string::npos);
  return 2 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
}

// "at most N turns" in an error message, or -1.
int most_turns_named(const std::string& err) {
  std::smatch m;
  return std::regex_search(err, m, std::regex("at most ([0-9]+) turns")) ? std::stoi(m[1]) : -1;
}

}  // namespace

TEST_CASE("What validate calls valid, run accepts: a scenario at the figure limit in every unit", "[sim][validation][heavy]") {
  // 100 units of 100,000 figures were valid to validate and refused by run ("metric 'herero.hits' has
  // an invalid histogram range", no file or line).
  const std::string dir = fresh_directory("validate-is-run");
  std::ofstream(dir + "/many.toml") << figure_limit_scenario(8);
  // One case: a run at this size allocates a histogram of 2^24 values per metric (seconds).
  CHECK(run_volley("validate many.toml", dir).exit_code == 0);
  const auto ran = run_volley("run many.toml --trials 1 --threads 1 --quiet --json out.json", dir);
  CHECK(ran.exit_code == 0);
  CHECK(ran.err.empty());
  CHECK(file_exists(dir + "/out.json"));
}

TEST_CASE("What run cannot hold, validate refuses at `turns`: the histograms of many turns at the figure limit", "[sim][validation]") {
  // With 500 turns the per-turn metrics asked for 8.5e9 histogram bins and both validate and run ended
  // in std::bad_alloc. Now both refuse at the `turns` key, name the most turns that fit, and write nothing.
  const std::string dir = fresh_directory("tally-size");
  for (const int turns : {13, 40, 250, 500}) {
    CAPTURE(turns);
    const std::string text = figure_limit_scenario(turns);
    std::ofstream(dir + "/many.toml") << text;
    const std::string at =
        "many.toml:" + std::to_string(line_of_turns(text)) + ":9: turns: the results of " + std::to_string(turns) + " turns would keep ";
    for (const char* command : {"validate many.toml", "run many.toml --trials 1 --quiet --json out.json --csv out.csv",
                                "compare many.toml --vs seed=1 --trials 1 --quiet --json out.json"}) {
      CAPTURE(command);
      const auto r = run_volley(command, dir);
      CHECK(r.exit_code == 2);
      CHECK(r.err.find(at) != std::string::npos);
      CHECK(r.err.find("bad_alloc") == std::string::npos);
      CHECK_FALSE(file_exists(dir + "/out.json"));
      CHECK_FALSE(file_exists(dir + "/out.csv"));
    }
  }
  // The most turns named is the boundary itself: validate accepts it and refuses one more (validate
  // builds no tally, so this costs no memory).
  std::ofstream(dir + "/many.toml") << figure_limit_scenario(500);
  const int most = most_turns_named(run_volley("validate many.toml", dir).err);
  REQUIRE(most >= 1);
  REQUIRE(most < 500);
  std::ofstream(dir + "/limit.toml") << figure_limit_scenario(most);
  CHECK(run_volley("validate limit.toml", dir).exit_code == 0);
  const auto over = run_volley("validate limit.toml --set turns=" + std::to_string(most + 1), dir);
  CHECK(over.exit_code == 2);
  CHECK(most_turns_named(over.err) == most);
}

TEST_CASE("The tally-size error names the command-line change that caused it", "[sim][validation]") {
  // The same bound reached through --set, --vs and a swept --param: the error names the assignment.
  const std::string dir = fresh_directory("tally-size-set");
  std::ofstream(dir + "/many.toml") << figure_limit_scenario(8);
  const struct {
    std::string command, names;
  } cases[] = {
      {"validate many.toml --set turns=500", "--set turns=500: turns: the results of 500 turns would keep "},
      {"run many.toml --set turns=99 --trials 1 --quiet", "--set turns=99: turns: the results of 99 turns would keep "},
      {"compare many.toml --vs turns=500 --trials 1 --quiet", "--vs turns=500: turns: the results of 500 turns would keep "},
      {"sweep many.toml --param turns=100:101:1 --trials 1 --quiet", "--param turns=100: turns: the results of 100 turns would keep "},
  };
  for (const auto& c : cases) {
    CAPTURE(c.command);
    const auto r = run_volley(c.command, dir);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(c.names) != std::string::npos);
  }
}
