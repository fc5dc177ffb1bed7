// docs/rules.md F-4 "Measuring" for PF-PR: no answer may rest on the order a scenario lists its units in.
// Two barrage scenarios that differ only in that order must play the same games on a seed.
#include "tests/support/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <regex>
#include <string>

using namespace volley::testing;

namespace {

// Red's units X, Y and Z, listed in `order`; blue's pre-registered barrage DF has points 1 (20, 20)
// and 2 (40, 20). Point 1's enemies are X (5.2") and Y (5"), point 2's Z (4.9"): measured by its
// nearest, point 1 ties with point 2 (0.1" apart) and is called, the first listed; measured by the
// enemy the tie rule aims at (X when listed before Y, 0.2" farther than Y), point 2 would be. Nothing
// red has is under either template; blue's own G (heavy cover) stands at point 1, F (none) at point 2,
// so which point is called shows in blue's tallies.
std::string scenario(const std::string& order) {
  std::string units;
  for (const char name : order) {
    const std::string at = name == 'X' ? "[20, 25.2]" : name == 'Y' ? "[20, 15]" : "[40, 24.9]";
    units += "[[red.units]]\nname = \"" + std::string(1, name) + "\"\nposition = " + at + "\n\n";
  }
  return "kind = \"barrage\"\ntitle = \"PF-PR listing order\"\nturns = 4\nsides = [\"red\", \"blue\"]\nattacker = \"red\"\n\n"
         "[red]\nhome_edge = \"south\"\n\n" +
         units +
         "[blue]\nhome_edge = \"north\"\n\n"
         "[[blue.batteries]]\nname = \"S\"\n\n"
         "[[blue.missions]]\nname = \"DF\"\nbattery = \"S\"\ntype = \"pre-registered\"\nmode = \"continuous\"\n"
         "points = [{ at = [20, 20] }, { at = [40, 20] }]\ntrigger_radius = 6\n\n"
         "[[blue.units]]\nname = \"G\"\nposition = [20, 20]\ncover = \"heavy\"\n\n"
         "[[blue.units]]\nname = \"F\"\nposition = [40, 20]\n";
}

// The signature of the tally a run of the scenario writes (every integer of it).
std::string tally_signature(const std::string& order) {
  const std::string dir = fresh_directory("listing-order-" + order);
  write_file(dir + "/s.toml", scenario(order));
  expect_success("run s.toml --trials 8192 --seed 3 --threads 2 --quiet --json s.json", dir);
  const std::string json = read_file(dir + "/s.json");
  std::smatch m;
  REQUIRE(std::regex_search(json, m, std::regex("\"signature\": *\"(0x[0-9a-f]+)\"")));
  return m[1];
}

}  // namespace

TEST_CASE("PF-PR: two scenarios that differ only in the order their units are listed give the same tally for a seed (F-4 Measuring)",
          "[sim][barrage][PF-PR]") {
  const std::string listed = tally_signature("XYZ");
  CHECK(tally_signature("YXZ") == listed);
  CHECK(tally_signature("ZYX") == listed);
}
