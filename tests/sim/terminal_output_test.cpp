// What the terminal shows (issue 20): the progress bar is erased when the run ends or is
// interrupted and never wraps; rates are grouped; --quiet prints only the headline estimates; the
// per-turn table says which side scored.
#include "cli_runner.hpp"
#include "sim/run/progress_bar.hpp"

#include <catch2/catch.hpp>

#include <regex>
#include <vector>

using namespace volley::testing;

namespace {

// What a terminal `columns` wide shows after `stream`: carriage return, newline, "erase to the end of
// the line" (ESC [ K) and wrapping at the last column, which is what leaves a long bar behind.
std::vector<std::string> screen(const std::string& stream, size_t columns) {
  std::vector<std::string> rows{""};
  size_t column = 0;
  for (size_t i = 0; i < stream.size(); ++i) {
    const char c = stream[i];
    if (c == '\r') column = 0;
    else if (c == '\n') { rows.emplace_back(); column = 0; }
    else if (c == '\033' && stream.compare(i, 3, "\033[K") == 0) { rows.back().resize(std::min(rows.back().size(), column)); i += 2; }
    else {
      if (column == columns) { rows.emplace_back(); column = 0; }
      if (rows.back().size() <= column) rows.back().resize(column + 1, ' ');
      rows.back()[column++] = c;
    }
  }
  return rows;
}

// volley's stderr on a pseudo-terminal 80 columns wide (util-linux `script`); stdout is discarded.
std::string stderr_on_terminal(const std::string& arguments) {
  const std::string log = scratch_directory() + "/terminal.log";
  const std::string command = "script -qfec \"stty cols 80 rows 24; '" VOLLEY_BINARY "' " + arguments + " >/dev/null\" /dev/null >'" + log +
                              "' 2>&1 </dev/null";
  (void)std::system(command.c_str());
  return read_file(log);
}

void check_bar_erased(const std::string& stream) {
  INFO(stream);
  REQUIRE(stream.find("trials/s") != std::string::npos);  // the bar was drawn
  CHECK(stream.find("e+0") == std::string::npos);         // 46,120 trials/s, not 4.61e+04
  for (const auto& row : screen(stream, 80)) {
    INFO(row);
    CHECK(row.find("left") == std::string::npos);
    CHECK(row.find("trials/s") == std::string::npos);
  }
}

}  // namespace

TEST_CASE("The progress bar of a finished run is erased, whatever the title's length", "[sim][terminal]") {
  if (std::system("command -v script >/dev/null 2>&1") != 0) {
    WARN("SKIPPED: util-linux `script` is not installed; no pseudo-terminal to draw on");
    return;
  }
  // herero-ambush's title is 62 characters: the old bar was 130 wide, wrapped, and kept "...0s left".
  check_bar_erased(stderr_on_terminal("run herero-ambush --trials 120000 --threads 1"));
}

TEST_CASE("The progress bar of an interrupted run is erased", "[sim][terminal][interrupt]") {
  if (std::system("command -v script >/dev/null 2>&1") != 0) {
    WARN("SKIPPED: util-linux `script` is not installed; no pseudo-terminal to draw on");
    return;
  }
  check_bar_erased(stderr_on_terminal("run herero-ambush --trials 100000000 --threads 1 --stop-after-blocks 30"));
}

TEST_CASE("The progress line fits a terminal's width, the title shortened first", "[sim][terminal]") {
  const std::string title(62, 'T');
  for (int columns : {80, 120, 200}) {
    const std::string line = volley::progress_line(title, 0.5, 46123.4, 12.2, columns);
    INFO(line);
    CHECK(line.size() <= static_cast<size_t>(columns - 1));
    CHECK(line.find("46,123 trials/s") != std::string::npos);
  }
  CHECK(volley::progress_line(title, 0.5, 46123.4, 12.2, 30).size() == 29);  // a narrow terminal: what fits
  CHECK(volley::progress_line(title, 0.5, 1, 1, 200).find(title) == 0);
}

TEST_CASE("The run's header gives the rate with its digits grouped", "[sim][terminal]") {
  const auto r = run_volley("run osona --trials 20000");
  REQUIRE(r.exit_code == 0);
  CHECK(std::regex_search(r.out, std::regex(R"(20,000 trials, seed 1, [0-9.]+ s \([0-9]{1,3}(,[0-9]{3})* trials/s\))")));
}

TEST_CASE("A quiet run (--quiet) prints only the headline estimates", "[sim][terminal]") {
  const auto full = run_volley("run herero-ambush --trials 8192");
  const auto quiet = run_volley("run herero-ambush --trials 8192 --quiet");
  REQUIRE(quiet.exit_code == 0);
  CHECK(full.out.find("distribution") != std::string::npos);
  CHECK(quiet.out.find("herero.win") != std::string::npos);
  CHECK(quiet.out.find("german.casualties") != std::string::npos);
  CHECK(quiet.out.find("distribution") == std::string::npos);  // no histograms
  CHECK(quiet.out.find("\nturn ") == std::string::npos);       // no per-turn table
  CHECK(quiet.out.find("Herero ambush") == std::string::npos); // no title block
  CHECK(quiet.out.size() * 3 < full.out.size());
}

TEST_CASE("The per-turn table says which side scored the hits", "[sim][terminal]") {
  const auto r = run_volley("run herero-ambush --trials 4096");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("german.hits: fire dice that hit, scored by german\n") != std::string::npos);
  CHECK(r.out.find("herero.hits: fire dice that hit, scored by herero\n") != std::string::npos);
}

TEST_CASE("The header says which settings differ from the scenario file, with the file's value", "[sim][terminal]") {
  const auto run = run_volley("run herero-ambush --set herero.policy=never --set german.units.Z1.figures=12 --trials 4096");
  REQUIRE(run.exit_code == 0);
  CHECK(run.out.find("settings changed from the scenario file:\n  herero.policy = never (the file: always)\n"
                     "  german.units.Z1.figures = 12 (the file: 10)\n") != std::string::npos);
  const auto compare = run_volley("compare herero-ambush --vs herero.policy=never --trials 4096");
  REQUIRE(compare.exit_code == 0);
  CHECK(compare.out.find("the scenario file has: herero.policy = always\n") != std::string::npos);
}
