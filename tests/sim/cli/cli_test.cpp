// The command line as a user meets it: help, version, exit codes, the dice table, the bench's
// signature at 1 and 2 threads, and refusing bad input before any work.
#include "tests/support/cli_runner.hpp"
#include "sim/record/build_identity.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <regex>

using namespace volley::testing;

TEST_CASE("volley --help lists every command and --version prints the version", "[sim][cli]") {
  const auto help = run_volley("--help");
  CHECK(help.exit_code == 0);
  for (const char* command : {"run", "compare", "sweep", "tune", "best", "sensitivity", "replay", "show", "validate", "bench", "merge",
                              "dice", "fire", "serve", "new"})
    CHECK(help.out.find(std::string("  ") + command) != std::string::npos);
  const auto version = run_volley("--version");
  CHECK(version.exit_code == 0);
  CHECK(version.out.rfind("volley ", 0) == 0);
  for (const char* command : {"run", "compare", "sweep", "tune", "best", "sensitivity", "replay", "show", "validate", "bench", "merge",
                              "dice", "fire", "serve", "new"}) {
    const auto sub = run_volley(std::string(command) + " --help");
    INFO(command);
    CHECK(sub.exit_code == 0);
    CHECK(sub.out.find("Example") != std::string::npos);
  }
}

TEST_CASE("Commands but serve load no web, TLS or compression library; serve runs the server's executable", "[sim][cli]") {
  // The dynamic loader lists what the binary loads (LD_TRACE_LOADED_OBJECTS, what ldd does) without
  // running it. cpp-httplib and what it brings cost every command 9 million instructions at start.
  const std::string listing = scratch_directory() + "/loaded_objects.txt";
  REQUIRE(std::system(("LD_TRACE_LOADED_OBJECTS=1 '" VOLLEY_BINARY "' >'" + listing + "'").c_str()) == 0);
  const std::string loaded = read_file(listing);
  CHECK_THAT(loaded, Catch::Contains("libtbb"));  // the listing is there
  for (const char* library : {"libcpp-httplib", "libssl", "libcrypto", "libbrotli"}) CHECK_THAT(loaded, !Catch::Contains(library));
  const auto serve = run_volley("serve --help");
  CHECK(serve.exit_code == 0);
  CHECK_THAT(serve.out, Catch::Contains("--token"));
}

namespace {

// A shell command's first line of output ("" when it fails or prints nothing).
std::string first_line_of(const std::string& command) {
  std::string line;
  if (FILE* pipe = popen(command.c_str(), "r")) {
    char buffer[256];
    if (std::fgets(buffer, sizeof buffer, pipe) != nullptr) line = buffer;
    pclose(pipe);
  }
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
  return line;
}

}  // namespace

TEST_CASE("volley --version and the bench and result files name the build and its commit", "[sim][cli]") {
  // The commit is taken when the binary is built, not when it is configured: after a new commit and
  // a build, the binary names that commit (a stale binary would name an older one and fail here).
  const std::string source = VOLLEY_SOURCE_DIR;
  const std::string head = first_line_of("git -C '" + source + "' rev-parse --short=12 HEAD 2>/dev/null");
  const std::string version = run_volley("--version").out;
  const std::string identity = volley::build_identity_text();
  CHECK(version == "volley " VOLLEY_VERSION "\n" + identity + "\n");
  if (head.empty()) {
    CHECK(identity.rfind("commit unknown", 0) == 0);
  } else {
    const bool changed =
        !first_line_of("git --no-optional-locks -C '" + source + "' status --porcelain --untracked-files=no 2>/dev/null").empty();
    INFO("the binary names " << identity << "; the source tree is at " << head << (changed ? " with changes" : "")
                             << ": a binary built before the latest commit or edit fails here; build again (scripts/test builds first)");
    CHECK(identity.rfind("commit " + head + (changed ? "+changes, " : ", "), 0) == 0);
  }
  // The compiler with its version, and the flags without the warnings.
  CHECK(std::string(volley::build_identity().compiler).find('.') != std::string::npos);
  CHECK(std::string(volley::build_identity().flags).find("-W") == std::string::npos);

  const auto bench = expect_success("bench --threads 1 --divisor 2000 --repeat 1 --json bench-identity.json");
  CHECK(bench.out.rfind("volley " VOLLEY_VERSION ", " + identity + "\nmachine: ", 0) == 0);
  CHECK(bench.out.find("logical cores; 1 worker thread\n") != std::string::npos);
  CHECK(read_file(scratch_directory() + "/bench-identity.json").find("\"build\": \"" + identity + "\"") != std::string::npos);

  REQUIRE(run_volley("run --trials 100 --json run-identity.json").exit_code == 0);
  CHECK(read_file(scratch_directory() + "/run-identity.json").find("\"volley_build\": \"" + identity + "\"") != std::string::npos);
}

TEST_CASE("Each command's help shows the default confidence level as 0.95, not its binary expansion", "[sim][cli]") {
  for (const char* command : {"run", "compare", "sweep", "tune", "best", "sensitivity", "dice"}) {
    const auto sub = run_volley(std::string(command) + " --help");
    INFO(command);
    CHECK(sub.exit_code == 0);
    CHECK(sub.out.find("--level arg (=0.95)") != std::string::npos);
    CHECK(sub.out.find("0.9499") == std::string::npos);
  }
}

TEST_CASE("An unknown command or option exits with 2 and says why", "[sim][cli]") {
  expect_refused("fly", "unknown command 'fly'");
  expect_refused("dice 3d6 --frobnicate", "frobnicate");
}

TEST_CASE("volley dice prints the exact law beside the simulation, with the -1 modifier applied", "[sim][cli][dice]") {
  const auto r = expect_success("dice 10d20 --hit '<=6' --mod -1 --simulate 200000");
  // Binomial(10, 1/4): P(0) = 0.75^10 = 0.056314
  // In percent beside the simulation too, as the exact table shows a law.
  check_contains(r.out, {"show 1 to 5 (5 of 20 faces)", "         0    5.6314% 100.0000%   5.6314%",
                         "mean 2.500000, standard deviation 1.369306 (exact)", "200000 trials, seed 1, binomial path"});
  const auto ge = run_volley("dice 4d6 --hit '>=4' --simulate 1000 --per-die");
  CHECK(ge.exit_code == 0);
  CHECK(ge.out.find(" 37.5000%") != std::string::npos);  // P(2 of 4 at 1/2) = 6/16
  const auto bad = run_volley("dice 4x6");
  CHECK(bad.exit_code == 2);
}

TEST_CASE("volley dice answers exactly, and simulates only when asked", "[sim][cli][dice]") {
  // 3d6: no --hit sums the pool (the old default counted 1s); P(=10) = 27/216, P(>=16) = 10/216.
  const auto sum = expect_success("dice 3d6");
  check_contains(sum.out, {"the sum of 3d6", "        10   12.5000%  62.5000%  50.0000%", "        16    2.7778%   4.6296%  98.1481%",
                           "mean 10.500000, standard deviation 2.958040 (exact)"});
  CHECK(sum.out.find("trials") == std::string::npos);
  CHECK(sum.out.find("simulated") == std::string::npos);
  // B-2: 6 command dice fail (more 1s than 6s) with P(X >= 1) = 0.356...; the comms check 4D vs 3D.
  const auto failure = expect_success("dice 6d6 --hit '==1' --minus '==6'");
  CHECK(failure.out.find("\n         1   ") != std::string::npos);
  const auto opposed = expect_success("dice 5d6@4+ vs 3d6@4+");
  CHECK(opposed.out.find("the first wins with P(>= 1)") != std::string::npos);
  const auto plus = run_volley("dice 2d6+1");
  CHECK(plus.exit_code == 0);
  CHECK(plus.out.find("mean 8.000000") != std::string::npos);
  expect_refused("dice 2d6+1 --hit '<=3'", "takes no constant");
  expect_refused("dice 4d6kx3", "bad dice '4d6kx3' at character 5 ('x')");
  const auto kept = expect_success("dice 4d6kh3 -q");
  check_contains(kept.out, {"mean 12.244599"});  // 15869/1296
  const auto spelled = expect_success("dice '5d6@4+ vs 3d6@4+'");
  check_contains(spelled.out, {"5d6@4+ wins 63.7%, tie 21.9%, 3d6@4+ wins 14.5%"});
}

TEST_CASE("volley bench prints the recorded signature at 1 and 2 threads", "[sim][cli][bench]") {
  // bench/expected_signature.txt records the signature of the reduced suite (--divisor 200): a change
  // of behaviour must be deliberate, and its commit says the new full signature (`Bench: ...`).
  const std::string recorded = read_file(std::string(VOLLEY_SOURCE_DIR) + "/bench/expected_signature.txt");
  const std::regex reduced_line("divisor 200: (0x[0-9a-f]{16})");
  std::smatch expected;
  REQUIRE(std::regex_search(recorded, expected, reduced_line));
  const auto one = run_volley("bench --threads 1 --divisor 200");
  const auto two = run_volley("bench --threads 2 --divisor 200");
  REQUIRE(one.exit_code == 0);
  REQUIRE(two.exit_code == 0);
  const std::regex signature("signature: (0x[0-9a-f]{16})");
  std::smatch a, b;
  REQUIRE(std::regex_search(one.out, a, signature));
  REQUIRE(std::regex_search(two.out, b, signature));
  CHECK(a[1] == b[1]);
  CHECK(a[1] == expected[1]);
  CHECK(one.out.find("dice/s") != std::string::npos);
  CHECK(one.out.find("random-number floor") != std::string::npos);
}

TEST_CASE("A scenario that does not exist is refused with its name and exit 2", "[sim][cli]") {
  expect_refused("run no-such-scenario.toml", "no-such-scenario.toml");
  // A directory is said to be one (toml++ alone reported a missing 'kind' at line 1).
  expect_refused("run /tmp --trials 100000000", "/tmp: is a directory, not a scenario file");
}

TEST_CASE("Scale limits: 10^12 trials are refused with a message, not overflowed", "[sim][cli]") {
  expect_refused("run osona --trials 1000000000000 --quiet", "--trials: at most 100000000000");
  const auto zero = run_volley("run osona --trials 0 --quiet");
  CHECK(zero.exit_code == 2);
}

// Bad command-line input: exit 2, the message on stderr, and nothing on stdout (refused before any work).
namespace {
struct Refused {
  const char* arguments;
  const char* message;
};
void check_refused(const Refused& c) { expect_refused_before_work(c.arguments, c.message); }
}  // namespace

TEST_CASE("A negative or fractional count or index is refused with the option and the text, exit 2", "[sim][cli]") {
  // Boost.Program_options read "-5" into an unsigned option as 2^64 - 5: the negative trial count
  // was refused as too large, and a negative divisor, trial index or limit was taken and run.
  for (const Refused& c :
       {Refused{"run osona --trials -5 --quiet", "--trials: expected a whole number, at least 1, got '-5'"},
        Refused{"run osona --trials 1e3 --quiet", "--trials: expected a whole number, at least 1, got '1e3'"},
        Refused{"run osona --trials 100 --threads -2 --quiet", "--threads: expected a whole number from 0 to 1024, got '-2'"},
        Refused{"bench --divisor -1", "--divisor: expected a whole number, at least 1, got '-1'"},
        Refused{"bench --divisor 1000 --repeat 0", "--repeat: expected a whole number, at least 1, got '0'"},
        Refused{"replay osona --trial -1", "--trial: expected a whole number, at least 0, got '-1'"},
        Refused{"show osona --trial 2.5", "--trial: expected a whole number, at least 0, got '2.5'"},
        Refused{"sensitivity osona --limit -1 --trials 10 --quiet", "--limit: expected a whole number, at least 0, got '-1'"},
        Refused{"tune osona --param german.break_fraction=0.5:0.9 --target german.win=0.5 --steps -2 --quiet",
                "--steps: expected a whole number, at least 0, got '-2'"},
        Refused{"dice 3d6 --hit '>=5' --simulate -3", "--simulate: expected a whole number from 1 to 100000000000, got '-3'"},
        Refused{"run osona --threads 3000000000 --quiet", "--threads: expected a whole number from 0 to 1024"}}) {
    check_refused(c);
  }
}

TEST_CASE("sensitivity refuses --precision rather than ignore it under a header that promises the trial cap", "[sim][cli]") {
  // It ran 10000 trials a parameter and printed "1000000000 paired trials per parameter".
  check_refused({"sensitivity osona --precision 0.01 --quiet",
                 "--precision: sensitivity plays a fixed number of paired trials per parameter; give --trials N instead"});
}

TEST_CASE("An empty argument is refused, not read as 'not given'", "[sim][cli]") {
  // 'run ""' ran the default scenario, '--json ""' wrote nothing and said nothing, '--vs ""' played
  // an empty variant.
  for (const Refused& c : {Refused{"run '' --trials 100000000 --quiet", "an empty scenario argument"},
                           Refused{"run osona --trials 100000000 --quiet --json ''", "--json: an empty value"},
                           Refused{"compare osona --vs '' --trials 100000000 --quiet", "--vs: an empty value"},
                           Refused{"merge ''", "an empty file name argument"}, Refused{"bench --csv ''", "--csv: an empty value"}}) {
    check_refused(c);
  }
}

TEST_CASE("A --set on a list or a list entry says what to address instead", "[sim][cli]") {
  // It used to suggest 'british.missions.NAME.RB1' for 'british.missions.RB1=5'.
  check_refused({"run rolling-barrage --trials 100000000 --quiet --set british.missions.RB1=5",
                 "british.missions.RB1: is an entry of a list, not a value: set one of its keys, british.missions.RB1.KEY=VALUE"});
  check_refused({"run rolling-barrage --trials 100000000 --quiet --set british.missions.RB9=5",
                 "british.missions.RB9: is not an entry of the list british.missions (entries: RB1, RB2, RB3)"});
}

TEST_CASE("An error in a --vs or --param value names that option, and every grid point is checked before any is run", "[sim][cli]") {
  // They were all labelled '--set', and a sweep played its grid up to the point the rules refused.
  check_refused({"compare osona --vs german.break_fraction=2 --trials 100000000 --quiet",
                 "--vs german.break_fraction=2: german.break_fraction: expected a number in"});
  check_refused({"compare osona --vs 'herero.policy=always;german.units.Z9.figures=3' --trials 100000000 --quiet",
                 "--vs german.units.Z9.figures=3: german.units.Z9: no entry named 'Z9'"});
  // The last grid point is refused: with 10^8 trials a point, playing the first would not end.
  check_refused({"sweep herero-ambush --param german.units.Z1.figures=10:100010:100000 --trials 100000000 --quiet",
                 "--param german.units.Z1.figures=100010: german.units.Z1.figures: expected an integer in [1, 100000], got 100010"});
  check_refused({"tune herero-ambush --param german.units.Z1.figures=4:100001 --target herero.win=0.5 --trials 100000000 --quiet",
                 "--param german.units.Z1.figures=100001: german.units.Z1.figures: expected an integer in [1, 100000]"});
  // The base's own --set keeps its label.
  check_refused({"compare osona --set german.break_fraction=2 --vs herero.policy=never --trials 100000000 --quiet",
                 "--set german.break_fraction=2: german.break_fraction: expected a number in"});
}

TEST_CASE("An empty title or headline is refused (leaving the key out gives the default)", "[sim][cli]") {
  check_refused({"run osona --set title= --trials 100000000 --quiet", "--set title=: title: expected a title, got an empty string"});
  check_refused({"run rolling-barrage --set headline= --trials 100000000 --quiet",
                 "--set headline=: headline: expected a metric name, got an empty string"});
}

TEST_CASE("A plot that cannot be drawn is refused before the work, for every command that draws", "[sim][cli]") {
  // A wrong extension used to be found only when drawing, after the run (a long run then ended with
  // exit 2), and show and replay blamed gnuplot for an unwritable place.
  for (const Refused& c :
       {Refused{"run osona --trials 100000000 --quiet --json refused.json --plot map.jpg",
                "--plot map.jpg: expected a .png or .svg file name"},
        Refused{"tune osona --param german.break_fraction=0.3:0.9 --target german.win=0.5 --quiet --plot map.jpg",
                "--plot map.jpg: expected a .png or .svg file name"},
        Refused{"sweep osona --param german.break_fraction=0.3,0.5 --quiet --plot map.gif", "--plot map.gif: expected a .png or .svg"},
        Refused{"show osona --plot /nonexistent-directory/map.png", "--plot /nonexistent-directory/map.png: cannot write there"},
        Refused{"replay osona --trial 3 --plot /nonexistent-directory/map.svg",
                "--plot /nonexistent-directory/map.svg: cannot write there"}}) {
    check_refused(c);
  }
  CHECK_FALSE(file_exists(scratch_directory() + "/refused.json"));
}

TEST_CASE("dice and bench write JSON and CSV too", "[sim][cli]") {
  expect_success("dice 3d6 --hit '>=5' --simulate 10000 --json dice.json --csv dice.csv");
  CHECK(read_file(scratch_directory() + "/dice.json").find("\"volley-dice\"") != std::string::npos);
  CHECK(read_file(scratch_directory() + "/dice.csv").rfind("law,value,exact,at_least,at_most,simulated", 0) == 0);
  expect_success("bench --divisor 400 --json bench.json --csv bench.csv");
  CHECK(read_file(scratch_directory() + "/bench.json").find("\"volley-bench\"") != std::string::npos);
  CHECK(read_file(scratch_directory() + "/bench.csv").find("rolling-barrage") != std::string::npos);
}

TEST_CASE("A run at level 0.995 reports its intervals as 99.5%, not rounded to 100%", "[sim][cli][report]") {
  const std::string single_volley = std::string(VOLLEY_SOURCE_DIR) + "/tests/data/single-volley.toml";
  const auto r = expect_success("run '" + single_volley + "' --level 0.995 --trials 2000 --quiet");
  CHECK(r.out.find("99.5% luck-adjusted") != std::string::npos);
  const auto plain = expect_success("run '" + single_volley + "' --level 0.995 --trials 2000 --quiet --no-control");
  CHECK(plain.out.find("99.5% Wilson interval") != std::string::npos);
  CHECK(r.out.find("100%") == std::string::npos);
}

TEST_CASE("volley show states the [assumed] rule settings a scenario plays with (F-3, F-4, F-8b, B-4)", "[sim][cli]") {
  // They were settable but invisible in the setup text: a designer could not see from `show` that a
  // variant held hidden fire or allowed fire into melee.
  const auto plain = expect_success("show herero-ambush");
  CHECK(plain.out.find("units in melee cannot be fired at, unit morale tested at or below 0.5 of a unit's figures") != std::string::npos);
  CHECK(plain.out.find("hold their fire") == std::string::npos);
  const auto varied =
      run_volley("show herero-ambush --set herero.hidden_fire=hold --set ruleset.fire_into_melee=true --set ruleset.morale_fraction=0.4");
  REQUIRE(varied.exit_code == 0);
  CHECK(varied.out.find("units in melee may be fired at, unit morale tested at or below 0.4") != std::string::npos);
  CHECK(varied.out.find("side herero: 8 units, 64 figures, 6 decoys, fast fire, native, hidden units hold their fire") !=
        std::string::npos);
  const auto barrage = expect_success("show rolling-barrage --set ruleset.unpaid_start=cancel");
  CHECK(barrage.out.find("a planned start without its Staff Orders is cancelled") != std::string::npos);
  CHECK(run_volley("show rolling-barrage").out.find("a planned start without its Staff Orders is delayed") != std::string::npos);
}
