// What the terminal shows: the progress bar is erased when the run ends or is
// interrupted and never wraps; rates are grouped; --quiet prints only the headline estimates; the
// per-turn table says which side scored.
#include "tests/support/cli_runner.hpp"
#include "tests/support/single_volley.hpp"
#include "sim/output/progress_line.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <regex>
#include <sstream>
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
    else if (c == '\n') {
      rows.emplace_back();
      column = 0;
    } else if (c == '\033' && stream.compare(i, 3, "\033[K") == 0) {
      rows.back().resize(std::min(rows.back().size(), column));
      i += 2;
    } else {
      if (column == columns) {
        rows.emplace_back();
        column = 0;
      }
      if (rows.back().size() <= column) rows.back().resize(column + 1, ' ');
      rows.back()[column++] = c;
    }
  }
  return rows;
}

// volley's stderr on a pseudo-terminal 80 columns wide (util-linux `script`); stdout is discarded.
std::string stderr_on_terminal(const std::string& arguments) {
  const std::string log = scratch_directory() + "/terminal.log";
  const std::string command =
      "script -qfec \"stty cols 80 rows 24; '" VOLLEY_BINARY "' " + arguments + " >/dev/null\" /dev/null >'" + log + "' 2>&1 </dev/null";
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

// How many herero-ambush trials one thread of this build plays in `seconds`, from the rate its own run
// header gives. The bar first draws after half a second, so a test of the bar needs a run longer than
// that; a sanitized build plays about twenty times slower than a release one, and a count fixed for the
// release build kept it busy for a minute.
uint64_t trials_lasting(double seconds) {
  const auto r = expect_success("run herero-ambush --trials 20000 --threads 1");
  std::smatch rate;
  REQUIRE(std::regex_search(r.out, rate, std::regex(R"(\(([0-9,]+) trials/s\))")));
  std::string digits = rate[1];
  digits.erase(std::remove(digits.begin(), digits.end(), ','), digits.end());
  return std::max<uint64_t>(20000, static_cast<uint64_t>(std::stod(digits) * seconds));
}

std::vector<std::string> nonempty_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(line);
  return out;
}

// Every line --quiet prints is one the full output prints too: quiet leaves out, it never rewords.
void check_quiet_is_a_subset(const std::string& quiet, const std::string& full) {
  const auto all = nonempty_lines(full);
  for (const auto& line : nonempty_lines(quiet)) {
    INFO(line);
    CHECK(std::find(all.begin(), all.end(), line) != all.end());
  }
}

// The same command without and with --quiet (or -q); the quiet one must succeed.
struct FullAndQuiet {
  CliResult full, quiet;
};
FullAndQuiet full_and_quiet(const std::string& command, const std::string& quiet_flag = " --quiet") {
  FullAndQuiet r{run_volley(command), run_volley(command + quiet_flag)};
  INFO(r.quiet.out << r.quiet.err);
  REQUIRE(r.quiet.exit_code == 0);
  return r;
}

size_t count_of(const std::string& text, const std::regex& pattern) {
  return static_cast<size_t>(std::distance(std::sregex_iterator(text.begin(), text.end(), pattern), std::sregex_iterator()));
}

}  // namespace

TEST_CASE("The progress bar of a finished run is erased, whatever the title's length", "[sim][terminal]") {
  if (std::system("command -v script >/dev/null 2>&1") != 0) {
    WARN("SKIPPED: util-linux `script` is not installed; no pseudo-terminal to draw on");
    return;
  }
  // herero-ambush's title is 62 characters: the old bar was 130 wide, wrapped, and kept "...0s left".
  // The run lasts about two seconds, long enough for the bar to draw.
  check_bar_erased(stderr_on_terminal("run herero-ambush --threads 1 --trials " + std::to_string(trials_lasting(2.0))));
}

TEST_CASE("The progress bar of an interrupted run is erased", "[sim][terminal][interrupt]") {
  if (std::system("command -v script >/dev/null 2>&1") != 0) {
    WARN("SKIPPED: util-linux `script` is not installed; no pseudo-terminal to draw on");
    return;
  }
  // Interrupted after about two seconds of blocks (4,096 trials each), long enough for the bar to draw.
  const uint64_t blocks = std::max<uint64_t>(2, trials_lasting(2.0) / 4096);
  check_bar_erased(stderr_on_terminal("run herero-ambush --trials 100000000 --threads 1 --stop-after-blocks " + std::to_string(blocks)));
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
  const auto r = expect_success("run osona --trials 20000");
  CHECK(std::regex_search(r.out, std::regex(R"(20,000 trials, seed 1, [0-9.]+ s \([0-9]{1,3}(,[0-9]{3})* trials/s\))")));
}

TEST_CASE("A quiet run (--quiet) prints only the headline estimates", "[sim][terminal]") {
  const auto full = run_volley("run herero-ambush --trials 8192");
  const auto quiet = expect_success("run herero-ambush --trials 8192 --quiet");
  CHECK(full.out.find("distribution") != std::string::npos);
  CHECK(quiet.out.find("herero.win") != std::string::npos);
  CHECK(quiet.out.find("german.casualties") != std::string::npos);
  CHECK(quiet.out.find("distribution") == std::string::npos);   // no histograms
  CHECK(quiet.out.find("\nturn ") == std::string::npos);        // no per-turn table
  CHECK(quiet.out.find("Herero ambush") == std::string::npos);  // no title block
  CHECK(quiet.out.size() * 3 < full.out.size());
}

TEST_CASE("The per-turn table says which side scored the hits", "[sim][terminal]") {
  const auto r = expect_success("run herero-ambush --trials 4096");
  CHECK(r.out.find("german.hits: fire dice that hit, scored by german\n") != std::string::npos);
  CHECK(r.out.find("herero.hits: fire dice that hit, scored by herero\n") != std::string::npos);
}

TEST_CASE("The header says which settings differ from the scenario file, with the file's value", "[sim][terminal]") {
  const auto run = expect_success("run herero-ambush --set herero.policy=never --set german.units.Z1.figures=12 --trials 4096");
  CHECK(run.out.find("settings changed from the scenario file:\n  herero.policy = never (the file: always)\n"
                     "  german.units.Z1.figures = 12 (the file: 10)\n") != std::string::npos);
  const auto compare = expect_success("compare herero-ambush --vs herero.policy=never --trials 4096");
  CHECK(compare.out.find("the scenario file has: herero.policy = always\n") != std::string::npos);
}

TEST_CASE("A run's header says the schnellfeuer policy and the charge tactic it played (SF-E)", "[sim][terminal]") {
  const auto file = expect_success("run herero-ambush --trials 1024");
  CHECK(file.out.find("plays herero: schnellfeuer always; charge orders act in the reload turn (SF-E)\n") != std::string::npos);
  const auto never = expect_success("run herero-ambush --set herero.policy=never --set herero.charge_after=false --trials 1024");
  CHECK(never.out.find("plays herero: schnellfeuer never; charge orders act when in reach\n") != std::string::npos);
  CHECK(never.out.find("plays german") == std::string::npos);  // the patrol has no fast fire: no choice to say
}

TEST_CASE("compare with no --vs asks a firefight's fast-fire question like with like (SF-E), elsewhere says what to type",
          "[sim][terminal][compare]") {
  const auto asked = expect_success("compare herero-ambush --trials 1024");
  CHECK(asked.err.find(
            "no --vs: comparing schnellfeuer (charging in the reload turn) against normal fire (charging when in reach) for herero") !=
        std::string::npos);
  CHECK(asked.out.find("  base:      herero.policy=always; herero.charge_after=true\n") != std::string::npos);
  CHECK(asked.out.find("  variant 1: herero.policy=never;herero.charge_after=false\n") != std::string::npos);
  const auto barrage = run_volley("compare rolling-barrage --trials 1024");
  CHECK(barrage.exit_code == 2);
  CHECK(barrage.err.find("volley compare rolling-barrage --vs 'KEY=VALUE;KEY=VALUE'") != std::string::npos);
  CHECK(barrage.out.empty());
}

TEST_CASE("A --set that gives a key the file's own value is not listed as a change", "[sim][terminal][compare]") {
  // herero-ambush.toml has policy = "always" and charge_after = true.
  const auto compare = expect_success(
      "compare herero-ambush --set herero.policy=always --set herero.charge_after=true "
      "--vs 'herero.policy=never;herero.charge_after=false' --trials 1024");
  CHECK(compare.out.find("settings changed from the scenario file") == std::string::npos);
  CHECK(compare.out.find("set as the scenario file already has them:\n  herero.policy = always\n  herero.charge_after = true\n") !=
        std::string::npos);
  const auto run = expect_success(
      "run herero-ambush --set herero.policy=always --set german.units.Z1.figures=10 --set herero.charge_after=false --trials 1024");
  CHECK(run.out.find("settings changed from the scenario file:\n  herero.charge_after = false (the file: true)\n"
                     "set as the scenario file already has them:\n  herero.policy = always\n  german.units.Z1.figures = 10\n") !=
        std::string::npos);
}

// --quiet on every command that reports estimates: the headline figures, nothing else.
TEST_CASE("A quiet compare prints the headline metric's paired difference per variant, not the full table", "[sim][terminal][compare]") {
  const std::string common = "compare herero-ambush --vs herero.policy=never --vs german.units.Z1.figures=12 --trials 4096";
  const auto [full, quiet] = full_and_quiet(common);
  INFO(quiet.out);
  CHECK(full.out.find("german.casualties") != std::string::npos);
  CHECK(quiet.out.find("german.casualties") == std::string::npos);  // no other headline metric
  CHECK(quiet.out.find("Pairing made") == std::string::npos);
  CHECK(quiet.out.find("paired comparison") == std::string::npos);  // no title block
  CHECK(std::regex_search(quiet.out, std::regex(R"(^4,096 trials each, seed 1, )")));
  // One line per variant: base, variant and the paired difference, each with its interval.
  const std::regex line(R"(herero\.win: base [0-9.]+ \[[0-9.]+,[0-9.]+\], variant [12] [0-9.]+ \[[0-9.]+,[0-9.]+\], )"
                        R"(difference [+-][0-9.]+ \[[+-][0-9.]+,[+-][0-9.]+\] \(paired, 95%\))");
  CHECK(count_of(quiet.out, line) == 2);
  CHECK(nonempty_lines(quiet.out).size() == 3);
}

TEST_CASE("A quiet sweep prints the target at each point, not the other outcomes", "[sim][terminal][sweep]") {
  const std::string common = "sweep herero-ambush --param german.units.Z1.figures=6,10 --trials 1024";
  const auto [full, quiet] = full_and_quiet(common, " --quiet --csv quiet.csv");
  INFO(quiet.out);
  const std::regex interval(R"(\[[0-9.]+,[0-9.]+\])");
  CHECK(count_of(full.out, interval) > 2);
  CHECK(count_of(quiet.out, interval) == 2);  // two points, one interval each
  CHECK(std::regex_search(quiet.out, std::regex(R"(\ngerman\.units\.Z1\.figures herero\.win \[95%\] *\n)")));
  // The files do not depend on --quiet: the CSV still has every headline probability.
  CHECK(read_file(scratch_directory() + "/quiet.csv").find(",german.win,") != std::string::npos);
}

TEST_CASE("A quiet tune prints the answer, not every value evaluated", "[sim][terminal][tune]") {
  const std::string common = "tune '" + SingleVolley + "' --param herero.units.H.figures=5:30 --target 'herero.hits>=5=0.5' --trials 4096";
  const auto [full, quiet] = full_and_quiet(common);
  INFO(quiet.out);
  CHECK(full.out.find("  herero.units.H.figures = ") != std::string::npos);
  CHECK(quiet.out.find("  herero.units.H.figures = ") == std::string::npos);  // no value on the way
  CHECK(quiet.out.find("bracket:") == std::string::npos);
  CHECK(quiet.out.find("fitted root") == std::string::npos);  // a whole number of figures: whole numbers answer
  CHECK(quiet.out.find("answer: ") != std::string::npos);
  check_quiet_is_a_subset(quiet.out, full.out);
}

TEST_CASE("A quiet sensitivity prints the three levers that move the target most", "[sim][terminal][sensitivity]") {
  const std::string common = "sensitivity '" + SingleVolley + "' --target 'herero.hits>=5' --trials 2000";
  const auto [full, quiet] = full_and_quiet(common);
  INFO(quiet.out);
  const std::regex row(R"(\n\S+ +\S+ .*\[[+-][0-9.]+,[+-][0-9.]+\])");
  CHECK(count_of(full.out, row) > 3);
  CHECK(count_of(quiet.out, row) == 3);
  check_quiet_is_a_subset(quiet.out, full.out);
  // The one lever that matters for this target: the firing unit's figures.
  CHECK(quiet.out.find("herero.units.H.figures") != std::string::npos);
}

TEST_CASE("A quiet fire prints each law's moments and the prone chance, not the tables", "[sim][terminal][fire]") {
  const std::string common = "fire herero-ambush --unit N1 --at Z1 --range 10";
  const auto [full, quiet] = full_and_quiet(common, " -q");
  INFO(quiet.out);
  CHECK(quiet.out.find("dice needing") == std::string::npos);
  CHECK(quiet.out.find("P(=k)") == std::string::npos);
  CHECK(quiet.out.find("schnellfeuer (SF-B): mean ") != std::string::npos);
  CHECK(quiet.out.find("the target goes prone") != std::string::npos);
  check_quiet_is_a_subset(quiet.out, full.out);
  CHECK(quiet.out.size() * 3 < full.out.size());
}

TEST_CASE("A quiet dice prints the exact mean and standard deviation only", "[sim][terminal][dice]") {
  // 3d6: mean 3 * 3.5 = 10.5, standard deviation sqrt(3 * 35/12) = 2.9580399.
  const auto quiet = expect_success("dice 3d6 -q");
  CHECK(quiet.out == "mean 10.500000, standard deviation 2.958040 (exact)\n");
  const auto simulated = expect_success("dice 3d6 -q --simulate 4096");
  CHECK(nonempty_lines(simulated.out).size() == 3);  // the exact moments, the simulated mean, the trials line
  CHECK(simulated.out.find("simulated mean ") != std::string::npos);
}
