// What `volley best` prints, from its result documents (sim/output/best_text.hpp): documents written
// here by hand, so that each case (a local search whose last race was won by another candidate than
// the best it kept, a cycle's paired cells, an equilibrium) is shown whatever a search would find.
#include "sim/output/best_text.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

using namespace volley;

namespace {

nlohmann::json interval(double estimate, double low, double high) { return {{"estimate", estimate}, {"low", low}, {"high", high}}; }

nlohmann::json candidate(const std::vector<std::string>& assignments, const std::string& label, int eliminated, bool indistinguishable) {
  return {{"label", label},
          {"assignments", assignments},
          {"trials", 4096},
          {"target", interval(0.5, 0.48, 0.52)},
          {"versus_best", interval(-0.01, -0.02, 0.0)},
          {"eliminated_round", eliminated},
          {"in_zone", false},
          {"indistinguishable", indistinguishable}};
}

// A local search whose last race kept its incumbent (a.x=1; b.y=1: the best) although another
// candidate (a.x=2) led the race without beating it significantly; a.x=3 left in round 2.
nlohmann::json kept_incumbent() {
  const std::vector<std::string> best = {"a.x=1", "b.y=1"};
  nlohmann::json race = {{"race", 1},
                         {"rounds", 3},
                         {"trials", 3 * 4096},
                         {"equal_allocation", 4 * 4096},
                         {"finished", true},
                         {"complete", true},
                         {"winner", 1},
                         {"candidates",
                          {candidate(best, "", 0, true), candidate({"a.x=2", "b.y=1"}, "a.x=2", 0, true),
                           candidate({"a.x=3", "b.y=1"}, "a.x=3", 2, false), candidate({"a.x=1", "b.y=2"}, "b.y=2", 0, true)}}};
  return {
      {"format", "volley-best"},
      {"title", "t"},
      {"side", "a"},
      {"target", "a.win"},
      {"target_is_probability", true},
      {"minimise", false},
      {"delta", 0.01},
      {"level", 0.95},
      {"seed", 1},
      {"search", "local"},
      {"starts", 1},
      {"ending", "no one-step deviation is significantly better"},
      {"space", {{"size", 900}, {"keys", nlohmann::json::array()}, {"default_target", "a.win"}, {"target_words", "its win probability"}}},
      {"best", {{"assignments", best}, {"target", interval(0.6, 0.59, 0.61)}}},
      {"file", {{"assignments", {"a.x=0", "b.y=1"}}, {"target", interval(0.5, 0.49, 0.51)}}},
      {"difference", interval(0.1, 0.09, 0.11)},
      {"confirm_trials", 20480},
      {"races", {race}},
      {"partial", false},
      {"budget_ended", false},
      {"seconds", 1.0}};
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace

TEST_CASE("best text: the candidates not distinguishable from the best are listed by what they change, never the best itself",
          "[sim][best][output]") {
  for (const bool quiet : {false, true}) {
    const std::string text = format_best(kept_incumbent(), quiet);
    const auto lines = lines_of(text);
    const auto at = std::find(lines.begin(), lines.end(), "  not distinguishable from the best (last race):");
    REQUIRE(at != lines.end());
    // The race's leader and the other survivor, each by its change from the best; the best (the
    // incumbent, which differs from itself in nothing) gives no line, and no line is blank.
    CHECK(*(at + 1) == "    a.x=2");
    CHECK(*(at + 2) == "    b.y=2");
    CHECK((at + 3)->rfind("search: local", 0) == 0);
    for (auto line = at; line != lines.end(); ++line) CHECK(line->find_first_not_of(' ') != std::string::npos);
    for (size_t i = 1; i < lines.size(); ++i) CHECK_FALSE((lines[i].empty() && lines[i - 1].empty()));
  }
}

TEST_CASE("best text: a search's headline lines come from its document", "[sim][best][output]") {
  const std::string text = format_best(kept_incumbent(), true);
  CHECK(text.find("target: a.win, side a's default (its win probability)\n") != std::string::npos);
  CHECK(text.find("best policy of a (maximises a.win): --set a.x=1 --set b.y=1\n") != std::string::npos);
  CHECK(text.find("  changes from the file: a.x=1\n") != std::string::npos);
  CHECK(text.find("  the file's policy gives up 0.1000 [0.0900, 0.1100] against the best (paired)\n") != std::string::npos);
  CHECK(text.find("1 race, 12288 trials (equal allocation 16384), 1.0 s, seed 1\n") != std::string::npos);
}

TEST_CASE("best text: a cycle's matrix gives each cell and each two cells of a column or a row paired", "[sim][best][output]") {
  nlohmann::json step = kept_incumbent(), other = kept_incumbent();
  other["side"] = "b";
  nlohmann::json cycle = {
      {"rows", {{"a.x=1"}, {"a.x=2"}}},
      {"columns", {{"b.y=1"}, {"b.y=2"}}},
      {"matrix", {{interval(0.7, 0.69, 0.71), interval(0.9, 0.89, 0.91)}, {interval(0.8, 0.79, 0.81), interval(0.75, 0.74, 0.76)}}},
      {"differences",
       {{{"row", 0}, {"column", 0}, {"other_row", 1}, {"other_column", 0}, {"difference", interval(-0.1, -0.11, -0.09)}},
        {{"row", 0}, {"column", 0}, {"other_row", 0}, {"other_column", 1}, {"difference", interval(-0.2, -0.21, -0.19)}}}},
      {"trials", 20480}};
  const nlohmann::json responses = {
      {"format", "volley-best-respond"}, {"ending", "cycle"}, {"partial", false}, {"steps", {step, other}}, {"cycle", cycle}};
  const std::string text = best_text(responses, false);
  CHECK(text.find("best responses: cycle after 2 steps\n") != std::string::npos);
  CHECK(text.find("  a 2 against b 1: 0.8000 [0.7900, 0.8100]\n") != std::string::npos);
  CHECK(text.find("  against b 1: a 1 minus a 2: -0.1000 [-0.1100, -0.0900]\n") != std::string::npos);
  CHECK(text.find("  a 1: against b 1 minus against b 2: -0.2000 [-0.2100, -0.1900]\n") != std::string::npos);
}
