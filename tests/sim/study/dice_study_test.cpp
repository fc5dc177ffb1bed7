// The dice study called directly (sim/study/dice_study.hpp), against laws known without the code:
// the sum of 2d6 is (6 - |k - 7|) / 36, and its simulated mean lies within a bound set by the trials.
#include "sim/study/dice_study.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <cmath>
#include <cstdlib>

using namespace volley;

namespace {

DiceSettings two_d6(uint64_t simulate, bool per_die) {
  DiceSettings settings;
  settings.words = {"2d6"};
  settings.run.trials = settings.run.trials_option = simulate;
  settings.per_die = per_die;
  return settings;
}

}  // namespace

TEST_CASE("dice study: the sum of 2d6 is the triangle (6 - |k - 7|) / 36, in the table and the document", "[sim][dice]") {
  const DiceStudy study = dice_study(two_d6(0, false), StudyControl{});
  REQUIRE(study.table.laws.size() == 1);
  const IntegerLaw& law = study.table.laws.front().law;
  CHECK(law.lowest == 2);
  CHECK(law.highest() == 12);
  const auto& rows = study.document["laws"][0]["distribution"];
  REQUIRE(rows.size() == 11);
  double at_least = 1;
  for (int64_t k = 2; k <= 12; ++k) {
    const double exact = (6.0 - static_cast<double>(std::abs(k - 7))) / 36.0;
    CHECK(law.at(k) == Approx(exact).margin(1e-15));
    const auto& row = rows[static_cast<size_t>(k - 2)];
    CHECK(row["value"] == k);
    CHECK(row["exact"].get<double>() == Approx(exact).margin(1e-15));
    CHECK(row["at_least"].get<double>() == Approx(at_least).margin(1e-15));
    at_least -= exact;
  }
  CHECK(study.document["laws"][0]["mean"].get<double>() == Approx(7.0).margin(1e-12));
  CHECK(study.document["laws"][0]["standard_deviation"].get<double>() == Approx(std::sqrt(35.0 / 6.0)).margin(1e-12));
  CHECK(study.document["format"] == "volley-dice");
  CHECK_FALSE(study.table.simulated);
  CHECK_FALSE(study.document.contains("trials"));
}

TEST_CASE("dice study: 2d6 simulated on both paths has mean 7 within five standard errors of its trials", "[sim][dice]") {
  const uint64_t trials = 20000;
  const double bound = 5 * std::sqrt(35.0 / 6.0 / static_cast<double>(trials));  // sd of the sum sqrt(35/6)
  for (const bool per_die : {false, true}) {
    const DiceStudy study = dice_study(two_d6(trials, per_die), StudyControl{});
    REQUIRE(study.table.simulated);
    CHECK(study.table.trials == trials);
    CHECK_FALSE(study.table.partial);
    CHECK(study.document["path"] == (per_die ? "per-die" : "binomial"));
    CHECK(std::abs(study.table.means.front().estimate - 7.0) < bound);
    // Every value's count adds up to the trials.
    uint64_t counted = 0;
    for (const auto& v : study.table.values.front()) counted += v.count;
    CHECK(counted == trials);
  }
}

TEST_CASE("dice study: a stop flag already raised ends the simulation before its blocks, marked partial", "[sim][dice]") {
  const std::atomic<bool> stop{true};
  StudyControl control;
  control.stop = &stop;
  const DiceStudy study = dice_study(two_d6(1'000'000, false), control);
  CHECK(study.table.partial);
  CHECK(study.table.trials < 1'000'000);
  CHECK(study.document["partial"] == true);
}

TEST_CASE("dice study: a bad question, level or option is refused before any trial", "[sim][dice]") {
  CHECK_THROWS_AS(dice_study(DiceSettings{}, StudyControl{}), std::invalid_argument);
  DiceSettings per_die_alone = two_d6(0, true);
  CHECK_THROWS_AS(dice_study(per_die_alone, StudyControl{}), std::invalid_argument);
  DiceSettings level = two_d6(0, false);
  level.run.level = 0.3;
  CHECK_THROWS_AS(dice_study(level, StudyControl{}), std::invalid_argument);
}

TEST_CASE("dice study: an expression simulated through the kernel's dice has the exact mean within five standard errors", "[sim][dice]") {
  const uint64_t trials = 20000;
  for (const char* words : {"4d6kh3", "d6!", "d6r1+d{1,1,2,3}", "2d20kl1 vs d20"}) {
    INFO(words);
    DiceSettings settings;
    settings.words = {words};
    settings.run.trials = settings.run.trials_option = trials;
    const DiceStudy study = dice_study(settings, StudyControl{});
    const IntegerLaw& law = study.table.laws.front().law;
    const double bound = 5 * law.standard_deviation() / std::sqrt(static_cast<double>(trials));
    CHECK(std::abs(study.table.means.front().estimate - law.mean()) < bound);
  }
}

TEST_CASE("dice study: opposed pools and exploding dice are spelled out in the document", "[sim][dice]") {
  DiceSettings settings;
  settings.words = {"5d6@4+", "vs", "3d6@4+"};
  const DiceStudy opposed = dice_study(settings, StudyControl{});
  const auto& o = opposed.document["opposed"];
  CHECK(o["a"] == "5d6@4+");
  CHECK(o["b"] == "3d6@4+");
  CHECK(o["a_wins"].get<double>() + o["tie"].get<double>() + o["b_wins"].get<double>() == Approx(1.0).margin(1e-12));
  CHECK(dice_text(opposed.table, false).find("5d6@4+ wins 63.7%, tie 21.9%, 3d6@4+ wins 14.5%") != std::string::npos);
  settings.words = {"d6!"};
  settings.explosion_cap = 2;
  const DiceStudy exploding = dice_study(settings, StudyControl{});
  CHECK(exploding.document["explosion_cap"] == 2);
  CHECK(exploding.document["beyond_cap"].get<double>() == Approx(1.0 / 216).epsilon(1e-12));
  CHECK(dice_text(exploding.table, false).find("at most 2 times each; P(a die would explode beyond that) = 0.00463") != std::string::npos);
}
