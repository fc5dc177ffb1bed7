// The bench study called directly (sim/study/bench_study.hpp): the reduced suite's signature is the
// one bench/expected_signature.txt records, the suite's hash is the FNV-1a fold of its entries'
// signatures, and the build and floor are told before the suite is played.
#include "sim/study/bench_study.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <sstream>

using namespace volley;

TEST_CASE("bench study: the reduced suite gives the recorded signature, told after its start and floor", "[sim][bench]") {
  std::ifstream in(std::string(VOLLEY_SOURCE_DIR) + "/bench/expected_signature.txt");
  std::stringstream recorded;
  recorded << in.rdbuf();
  std::smatch expected;
  const std::string text = recorded.str();
  REQUIRE(std::regex_search(text, expected, std::regex("divisor 200: (0x[0-9a-f]{16})")));

  BenchSettings settings;
  settings.threads = 1;
  settings.divisor = 200;
  settings.repeat = 1;
  std::vector<std::string> steps;
  StudyControl control;
  control.progress = [&](const std::string& step, const nlohmann::json&) { steps.push_back(step); };
  const BenchStudy study = bench_study(settings, control);
  CHECK(steps == std::vector<std::string>{"start", "floor"});
  CHECK(signature_text(study.table.report.signature) == expected[1].str());
  CHECK(study.document["signature"] == expected[1].str());
  CHECK(study.document["format"] == "volley-bench");
  CHECK(study.table.report.raw_draws_per_second > 0);
  // The suite's signature folds its entries' (FNV-1a over their bytes, in suite order).
  uint64_t fold = 0xcbf29ce484222325ull;
  REQUIRE(study.document["entries"].size() == study.table.report.lines.size());
  for (size_t i = 0; i < study.table.report.lines.size(); ++i) {
    const uint64_t s = study.table.report.lines[i].signature;
    CHECK(study.document["entries"][i]["signature"] == signature_text(s));
    for (int byte = 0; byte < 8; ++byte) {
      fold ^= (s >> (8 * byte)) & 0xff;
      fold *= 0x100000001b3ull;
    }
  }
  CHECK(fold == study.table.report.signature);
}
