// The rounds a page draws (StudyControl::tell_documents, sim/study/page_rounds.hpp): a run told to
// give its documents reports each round's record, of ever more blocks, before its last; the rounds
// change nothing of the result, whose tally is that of the same run told nothing, bit for bit; and a
// run's setup refuses a bad --precision before anything is played.
#include "sim/study/compare_study.hpp"
#include "sim/study/run_study.hpp"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <atomic>
#include <stdexcept>

using namespace volley;

namespace {

// Nine blocks of the default scenario: rounds end at 1, 2, 4 and 8 blocks, then the last.
RunSettings nine_blocks() {
  RunSettings s;
  s.trials_option = 9 * uint64_t{DefaultBlockSize};
  s.threads = 2;
  s.seed = "11";
  s.quiet = true;
  return s;
}

StudyControl page(std::vector<nlohmann::json>& rounds, const std::atomic<bool>& never) {
  StudyControl control;
  control.stop = &never;
  control.tell_documents = true;
  control.progress = [&rounds](const std::string& step, const nlohmann::json& piece) {
    if (step == "round") rounds.push_back(piece.at("result"));
  };
  return control;
}

}  // namespace

TEST_CASE("study: a run told to give its documents reports rounds of 1, 2, 4 and 8 blocks, and its tally is the run's told nothing",
          "[sim][study][serve]") {
  const std::atomic<bool> never{false};
  std::vector<nlohmann::json> rounds;
  const RunStudy told = run_study(nine_blocks(), scenario_argument(""), page(rounds, never));
  StudyControl quiet;
  quiet.stop = &never;
  const RunStudy plain = run_study(nine_blocks(), scenario_argument(""), quiet);

  REQUIRE(rounds.size() == 4);
  for (size_t i = 0; i < rounds.size(); ++i) {
    CAPTURE(i);
    CHECK(rounds[i]["tally"]["trials"].get<uint64_t>() == (uint64_t{1} << i) * DefaultBlockSize);
    CHECK(rounds[i]["partial"].get<bool>());
    CHECK(rounds[i]["trials_planned"].get<uint64_t>() == 9 * uint64_t{DefaultBlockSize});
    // What the page draws: the headline and distributions every round; the map from the second on.
    CHECK(rounds[i].contains("headline"));
    CHECK(!rounds[i]["distributions"].empty());
    CHECK(rounds[i]["map_svg"].get<std::string>().empty() == (i == 0));
  }
  CHECK(told.record.tally.trials() == 9 * uint64_t{DefaultBlockSize});
  CHECK(told.record.tally.to_words() == plain.record.tally.to_words());
  CHECK(!told.record.partial);
  // The result a page gets has the presentation; one no file holds does not.
  CHECK(told.record.presentation.contains("map_svg"));
  CHECK(told.record.presentation["map_svg"].get<std::string>().find("<svg") != std::string::npos);
  CHECK(plain.record.presentation.is_null());
}

TEST_CASE("study: a compare told to give its documents reports its rounds with the paired differences, and its tally is unchanged",
          "[sim][study][serve]") {
  const std::atomic<bool> never{false};
  CompareSettings settings{nine_blocks(), {{"herero.policy=never", {"herero.policy=never"}}}};
  std::vector<nlohmann::json> rounds;
  const CompareStudy told = compare_study(settings, scenario_argument(""), page(rounds, never));
  const CompareStudy plain = compare_study(settings, scenario_argument(""), StudyControl{&never, {}, false, false});
  REQUIRE(rounds.size() == 4);
  for (const auto& r : rounds) CHECK(r.contains("comparison"));
  CHECK(told.record.tally.to_words() == plain.record.tally.to_words());
}

TEST_CASE("study: a run's setup refuses a precision on a metric the scenario lacks before anything is played", "[sim][study]") {
  RunSettings s = nine_blocks();
  s.precision = "nobody.win=0.01";
  CHECK_THROWS_AS(run_setup(s, scenario_argument("")), std::invalid_argument);
}
