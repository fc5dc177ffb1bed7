// The small questions a designer asks before writing a scenario (tune with several keys,
// sweep lists of any --set value, sensitivity ranked before it is limited, replay --where, volley new,
// show --toml), and the empty questions, each refused or named as such before any work.
#include "tests/support/cli_runner.hpp"
#include "tests/support/single_volley.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sys/wait.h>

using namespace volley::testing;

namespace {

// What a user gets from `volley ... > FILE` (run_volley sends stdout to its own file).
void save(const std::string& name, const std::string& text) { std::ofstream(scratch_directory() + "/" + name) << text; }

// P(Binomial(n, p) >= k), from the exact law.
double binomial_at_least(int n, int k, double p) {
  const auto pmf = volley::binomial_law(n, p);
  double s = 0;
  for (int i = k; i <= n; ++i) s += pmf[static_cast<size_t>(i)];
  return s;
}

}  // namespace

TEST_CASE("sweep takes every value --set takes, colons and bracketed lists included", "[sim][sweep]") {
  const auto r = expect_success("sweep herero-ambush --param 'herero.policy=never,min-targets:3,turns:[1,3]' --trials 300 --quiet");
  CHECK(r.out.find("min-targets:3") != std::string::npos);
  CHECK(r.out.find("turns:[1,3]") != std::string::npos);
}

TEST_CASE("tune and sweep move several keys together and name every key", "[sim][tune][sweep]") {
  // Both keys set to n: one volley of n dice at a German unit of n figures, which is defeated (F-9:
  // at or below half) when the volley hits at least n/2: P(herero.win) = P(Binomial(n, 0.3) >= n/2).
  // Had the second key not moved, the unit of 40 could not be defeated: P = 0.
  const int trials = 20000;
  const auto r =
      run_volley("sweep '" + SingleVolley + "' --param 'herero.units.H.figures,german.units.Z.figures=4,8' --target herero.win --trials " +
                 std::to_string(trials) + " --quiet --csv both.csv");
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("herero.units.H.figures,german.units.Z.figures") != std::string::npos);
  const std::string csv = read_file(scratch_directory() + "/both.csv");
  for (int n : {4, 8}) {
    std::smatch m;
    REQUIRE(std::regex_search(csv, m, std::regex(std::to_string(n) + ",herero\\.win,([0-9.e-]+),")));
    const double exact = binomial_at_least(n, n / 2, 0.3);
    INFO("n = " << n << ": exact " << exact << ", seen " << m[1]);
    CHECK(std::abs(std::stod(m[1]) - exact) <= 5 * std::sqrt(exact * (1 - exact) / trials) + 1e-9);
  }
  const auto t = run_volley(
      "tune herero-ambush --param 'german.units.Z1.figures,german.units.Z2.figures=4:20' --target 'herero.win=0.5' --trials 500 --quiet");
  INFO(t.out << t.err);
  CHECK(t.out.find("tune german.units.Z1.figures,german.units.Z2.figures over [4, 20]") != std::string::npos);
}

TEST_CASE("sensitivity ranks every parameter before --limit keeps the largest", "[sim][sensitivity]") {
  const std::string common = "sensitivity '" + SingleVolley + "' --target 'herero.hits>=5' --trials 2000";
  expect_success(common + " --csv all.csv");
  const auto one = expect_success(common + " --limit 1 --csv one.csv");
  // The largest |change| of the full run is the one row of the limited run (same seed, same trials).
  const std::string csv = read_file(scratch_directory() + "/all.csv");
  std::string largest;
  double magnitude = -1;
  const std::regex row("([^,\n]+),[^,]*,[01],(down|up),[^,]*,([-0-9.e]+),");
  for (auto it = std::sregex_iterator(csv.begin(), csv.end(), row); it != std::sregex_iterator(); ++it)
    if (std::abs(std::stod((*it)[3])) > magnitude) magnitude = std::abs(std::stod((*it)[3])), largest = (*it)[1];
  const std::string limited = read_file(scratch_directory() + "/one.csv");
  INFO("largest: " << largest << "\n" << limited);
  CHECK(limited.find("\n" + largest + ",") != std::string::npos);
  CHECK(one.out.find("the 1 largest of") != std::string::npos);
}

TEST_CASE("sensitivity shows one ranking by size, [assumed] rules marked not first, each parameter with its step", "[sim][sensitivity]") {
  // On the ambush, ruleset.stand_leader ([assumed] F-7, about 0.05) used to be listed above
  // ruleset.weapons.mauser.dice_per_figure (1 -> 2, about 0.4) because [assumed] rules came first.
  const auto r = expect_success("sensitivity herero-ambush --target herero.win --trials 1000 --limit 10 --json sens.json");
  const nlohmann::json result = nlohmann::json::parse(read_file(scratch_directory() + "/sens.json"));
  const auto& rows = result["parameters"];
  REQUIRE(rows.size() == 10);
  double previous = 2;
  bool assumed_seen = false, plain_seen = false;
  for (const auto& row : rows) {
    double magnitude = 0;
    for (const char* d : {"down", "up"})
      if (row.contains(d)) magnitude = std::max(magnitude, std::abs(row[d]["change"].get<double>()));
    INFO(row.dump());
    CHECK(magnitude <= previous);
    previous = magnitude;
    (row["assumed"].get<bool>() ? assumed_seen : plain_seen) = true;
    const std::string step = row["step"].get<std::string>();
    if (row.contains("up")) CHECK(step.find("\u2192 " + row["up"]["value"].get<std::string>()) != std::string::npos);
    if (row.contains("down")) CHECK(step.find(row["down"]["value"].get<std::string>() + " \u2190") == 0);
  }
  CHECK(assumed_seen);
  CHECK(plain_seen);
  // The terminal lists the same rows in the same order.
  size_t at = 0;
  for (const auto& row : rows) {
    const auto found = r.out.find("\n" + row["parameter"].get<std::string>() + " ", at);
    INFO(row["parameter"]);
    CHECK(found != std::string::npos);
    at = found == std::string::npos ? at : found + 1;
  }
}

TEST_CASE("Empty question: a compare variant that is the base again is named, not reported as infinite variance reduction",
          "[sim][compare][empty]") {
  const auto r = run_volley(
      "compare river-bed --set herero.policy=always --vs herero.policy=never "
      "--vs 'herero.policy=always;herero.which=subgroup:north' --trials 2000 --quiet");
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.err.find("--vs 'herero.policy=always;herero.which=subgroup:north' gives the same scenario as the base") != std::string::npos);
  CHECK(r.out.find("inf") == std::string::npos);
  CHECK(r.out.find("variant 2") == std::string::npos);
  expect_refused_before_work("compare river-bed --vs herero.policy=always --trials 2000 --quiet", "gives the same scenario as the base");
  // A key the file leaves out, set to its default (F-6 contact_gap, 1"), is no change either.
  expect_refused("compare herero-ambush --vs ruleset.contact_gap=1.0 --trials 2000 --quiet",
                 "--vs 'ruleset.contact_gap=1.0' gives the same scenario as the base");
}

TEST_CASE("Empty question: a misspelled scenario or command gets 'did you mean' and the list", "[sim][cli][empty]") {
  const auto scenario = expect_refused("run osonaa --trials 100 --quiet", "did you mean 'osona'?");
  CHECK(scenario.err.find("shipped scenarios: ") != std::string::npos);
  const auto command = expect_refused("rnu osona", "did you mean 'run'?");
  CHECK(command.err.find("commands: ") != std::string::npos);
}

TEST_CASE("Empty question: an unknown metric lists the valid ones before any header", "[sim][cli][empty]") {
  for (const std::string& command :
       {"sweep '" + SingleVolley + "' --param herero.units.H.figures=4,8 --target herero.wim --trials 100 --quiet",
        "tune '" + SingleVolley + "' --param herero.units.H.figures=4:8 --target herero.wim=0.5 --trials 100 --quiet",
        "sensitivity '" + SingleVolley + "' --target herero.wim --trials 100 --quiet",
        "run '" + SingleVolley + "' --precision herero.wim=0.01 --quiet"}) {
    INFO(command);
    const auto r = expect_refused(command, "did you mean 'herero.win'?");
    CHECK(r.err.find("estimates: ") != std::string::npos);
    CHECK(r.out.empty());
  }
}

TEST_CASE("Empty question: a tune goal the estimate cannot take is refused as such", "[sim][tune][empty]") {
  expect_refused_before_work("tune '" + SingleVolley + "' --param herero.units.H.figures=4:8 --target herero.win=1.5 --trials 100 --quiet",
                             "herero.win is a probability, between 0 and 1; no parameter value can bring it to 1.5");
  expect_refused("tune '" + SingleVolley + "' --param herero.units.H.figures=4:8 --target german.casualties=-1 --trials 100 --quiet",
                 "the mean of german.casualties lies between 0 and");
}

TEST_CASE("Empty question: a spread as tune's target is refused, pointing to balance's goal", "[sim][tune][empty]") {
  // turn_decided.sd is a goal volley balance takes (docs/methods.md, "Balance measures"); tune's
  // curve is fitted to one estimate per value, a mean or a probability, which a spread is not.
  expect_refused_before_work("tune herero-ambush --param german.units.Z1.figures=4:20 --target turn_decided.sd=0.9 --trials 100 --quiet",
                             "--target 'turn_decided.sd=0.9': turn_decided.sd is a spread (the standard deviation of turn_decided), "
                             "which --target does not take: it takes a mean or a probability. A spread is a goal of volley balance: "
                             "--goal 'turn_decided.sd=0.9'");
  expect_refused_before_work("sweep herero-ambush --param german.units.Z1.figures=4:8:2 --target turn_decided.sd --trials 100 --quiet",
                             "turn_decided.sd is a spread");
}

TEST_CASE("replay --where narrates the first trial from --trial on where the condition holds", "[sim][replay]") {
  const auto r = expect_success("replay '" + SingleVolley + "' --where 'herero.hits>=5'");
  std::smatch m;
  REQUIRE(std::regex_search(r.out, m, std::regex("^trial ([0-9]+) \\(seed 1\\) is the first from trial 0 where herero.hits>=5 holds")));
  const std::string found = m[1];
  // The narration is that trial's, and its volley scored at least 5 hits.
  const auto same = run_volley("replay '" + SingleVolley + "' --trial " + found);
  CHECK(r.out.find(same.out) != std::string::npos);
  REQUIRE(std::regex_search(same.out, m, std::regex(": ([0-9]+) hits;")));
  CHECK(std::stoi(m[1]) >= 5);
  // Every earlier trial fails it: each replayed, fewer than 5 hits.
  for (int t = 0; t < std::stoi(found); ++t) {
    const auto earlier = run_volley("replay '" + SingleVolley + "' --trial " + std::to_string(t));
    REQUIRE(std::regex_search(earlier.out, m, std::regex(": ([0-9]+) hits;")));
    CHECK(std::stoi(m[1]) < 5);
  }
  // A condition no trial can meet is refused at once; a count needs its values.
  expect_refused("replay '" + SingleVolley + "' --where 'herero.hits>=11'", "no trial can meet it");
  expect_refused("replay '" + SingleVolley + "' --where herero.hits", "herero.hits>=K");
}

TEST_CASE("volley new writes a commented starter that validates and runs", "[sim][new]") {
  for (const std::string kind : {"firefight", "barrage"}) {
    INFO(kind);
    const auto r = expect_success("new " + kind);
    save("starter-" + kind + ".toml", r.out);
    const std::string& text = r.out;
    CHECK(text.rfind("# A starter " + kind, 0) == 0);
    CHECK(run_volley("validate starter-" + kind + ".toml").exit_code == 0);
    const auto run = run_volley("run starter-" + kind + ".toml --trials 2000 --quiet");
    CHECK(run.exit_code == 0);
  }
  expect_refused("new firefigt", "did you mean 'firefight'?");
}

TEST_CASE("show --toml prints every default and --set, and plays exactly as the scenario it came from", "[sim][show]") {
  for (const std::string name : {"herero-ambush", "osona", "river-bed", "rolling-barrage", "designated-targets", "pre-registered"}) {
    INFO(name);
    const auto shown = expect_success("show " + name + " --toml --set turns=5");
    save("full-" + name + ".toml", shown.out);
    const std::string& text = shown.out;
    CHECK(text.find("turns = 5") != std::string::npos);
    // Same seed, same trials: the same figures, line for line after the header.
    const auto a = run_volley("run full-" + name + ".toml --trials 3000 --quiet");
    const auto b = run_volley("run " + name + " --set turns=5 --trials 3000 --quiet");
    REQUIRE(a.exit_code == 0);
    REQUIRE(b.exit_code == 0);
    CHECK(a.out.substr(a.out.find("\n\n")) == b.out.substr(b.out.find("\n\n")));
  }
  // Defaults the file leaves out are written: the ambush gives no ruleset.contact_gap.
  const auto full = run_volley("show herero-ambush --toml");
  CHECK(full.out.find("contact_gap = ") != std::string::npos);
}

TEST_CASE("show --toml writes a file that validates and reads back as the same scenario, whatever its names hold", "[sim][show][cli]") {
  // The text went through the terminal filter, whose \xNN (of a C1 control, U+009B) is no
  // TOML escape: the file did not validate. A title and a unit name with a C0 and a C1 control,
  // a quote (the title only: a unit name cannot hold one), a backslash, a newline, a tab, DEL and
  // bidirectional and invisible format characters.
  std::string text = read_file(SingleVolley);
  const auto replace = [&](const std::string& from, const std::string& to) {
    REQUIRE(text.find(from) != std::string::npos);
    text.replace(text.find(from), from.size(), to);
  };
  replace("title = \"Single volley\"", R"(title = "Ti\"tle \\ back\nline \u0007bell \u009Bcsi \u202Eevil \u2067x \u007F 'q' \t")");
  replace("name = \"H\"", R"(name = "H\u0007\u009B\u202E\\\n\t\u200B\u001B[31m1")");
  save("odd-names.toml", text);
  const auto first = expect_success("show odd-names.toml --toml");
  save("odd-names-shown.toml", first.out);
  CHECK(first.out.find("\\x") == std::string::npos);       // no terminal escape
  CHECK(first.out.find("\u202E") == std::string::npos);    // the format characters escaped, not raw
  CHECK(first.out.find("\xC2\x9B") == std::string::npos);  // nor the C1 control
  CHECK(first.out.find("\\u202E") != std::string::npos);
  expect_success("validate odd-names-shown.toml");
  // Read back, it is the same scenario: shown again, the same TOML after the header; played, the same figures.
  const auto again = expect_success("show odd-names-shown.toml --toml");
  const auto body = [](const std::string& t) { return t.substr(t.find("\n#", 1)); };
  CHECK(body(again.out) == body(first.out));
  const auto a = expect_success("run odd-names.toml --trials 2000 --quiet --json a.json");
  const auto b = expect_success("run odd-names-shown.toml --trials 2000 --quiet --json b.json");
  // The unit's metrics carry its name as the file gave it, and the trials the same tallies.
  const std::string a_json = read_file(scratch_directory() + "/a.json"), b_json = read_file(scratch_directory() + "/b.json");
  const auto unit_metric = [](const std::string& json) {
    const size_t at = json.find("\"herero.units.H");
    return at == std::string::npos ? std::string("(none)") : json.substr(at, json.find(".figures_left", at) - at);
  };
  CHECK(unit_metric(a_json) != "(none)");
  CHECK(unit_metric(a_json) == unit_metric(b_json));
  const auto signature = [](const std::string& json) { return json.substr(json.find("\"signature\""), 40); };
  CHECK(signature(a_json) == signature(b_json));
}

TEST_CASE("show --toml and new refuse a failed write with exit 1, naming the error", "[sim][show][new][cli]") {
  for (const char* command : {"show osona --toml", "new firefight", "new barrage"}) {
    INFO(command);
    const std::string err = scratch_directory() + "/full-err.txt";
    const int status = std::system(("'" VOLLEY_BINARY "' " + std::string(command) + " > /dev/full 2>'" + err + "'").c_str());
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 1);
    check_contains(read_file(err), {"writing standard output: No space left on device"});
  }
}
