// The luck controls (engine/firefight/luck_controls.hpp) have mean zero under the law of each event,
// computed here by listing every outcome of the dice; and recording them draws nothing.
#include "engine/firefight/luck_controls.hpp"

#include <catch2/catch.hpp>

using namespace volley::firefight;

TEST_CASE("F-6 charge term: the sum over every outcome of n d6 is zero for every distance", "[engine][firefight][luck]") {
  for (int n = 0; n <= ChargeControlDice; ++n) {
    int64_t outcomes = 1;
    for (int i = 0; i < n; ++i) outcomes *= 6;
    for (int need = -1; need <= 6 * n + 2; ++need) {
      // Enumerate the outcomes as numbers in base 6: digit i is die i minus 1.
      int64_t total = 0;
      for (int64_t o = 0; o < outcomes; ++o) {
        int sum = 0;
        for (int64_t x = o, i = 0; i < n; ++i, x /= 6) sum += static_cast<int>(x % 6) + 1;
        total += charge_term(n, need, sum >= need);
      }
      INFO("n = " << n << ", need = " << need);
      CHECK(total == 0);
    }
  }
}

TEST_CASE("F-6, F-8: a d6 test's faces passing match a count of the faces", "[engine][firefight][luck]") {
  for (int need = -3; need <= 10; ++need)
    for (int modifier = -3; modifier <= 3; ++modifier) {
      int passing = 0;
      for (int roll = 1; roll <= 6; ++roll) passing += roll + modifier >= need;
      CHECK(d6_faces_passing(need, modifier) == passing);
    }
}

TEST_CASE("Luck controls: each kind and side has its own index and name", "[engine][firefight][luck]") {
  CHECK(luck_index(LuckKind::Hits, 0) == 0);
  CHECK(luck_index(LuckKind::Hits, 1) == 1);
  CHECK(luck_index(LuckKind::Charge, 1) == LinearLuckCount - 1);
  CHECK(luck_control_name(0, "german", "herero") == "luck.hits.german");
  CHECK(luck_control_name(LinearLuckCount - 1, "german", "herero") == "luck.charge.herero");
  CHECK(luck_control_name(LinearLuckCount, "german", "herero") == "luck.lost.german");
  CHECK(luck_control_name(LinearLuckCount + 3, "german", "herero") == "luck.margin.herero");
  CHECK(luck_control_name(LuckControlCount - 1, "german", "herero") == "luck.duel.herero");
  // The order write() puts them in.
  LuckControls luck;
  luck.reset({10, 20}, {5, 15});
  luck.add(LuckKind::Charge, 1, 7);
  luck.figures.value[0] = {1, 2, 5};
  luck.figures.value[1] = {3, 4, 6};
  std::array<int64_t, LuckControlCount> out{};
  CHECK(luck.write(out.data()) == out.data() + LuckControlCount);
  CHECK(out[LinearLuckCount - 1] == 7);
  CHECK(out[LinearLuckCount] == 1);      // lost, side 0
  CHECK(out[LinearLuckCount + 1] == 3);  // lost, side 1
  CHECK(out[LinearLuckCount + 2] == 2);  // margin, side 0
  CHECK(out[LinearLuckCount + 3] == 4);  // margin, side 1
  CHECK(out[LinearLuckCount + 4] == 5);  // duel, side 0
  CHECK(out[LinearLuckCount + 5] == 6);
}
