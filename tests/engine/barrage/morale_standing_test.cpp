// The barrage's balance measures (docs/methods.md, "Balance measures"): the side ahead is the one that
// has lost less army morale (B-5: D3 per dispersed unit), read at each turn's end; the metrics
// morale_margin, close, lead_changes, behind_after_turn1 and comeback follow from the standing and the
// morale each side lost, set here by hand turn by turn.
#include "engine/barrage/barrage_metrics.hpp"
#include "tests/engine/barrage/barrage_fixture.hpp"

using namespace volley;
using namespace volley::barrage;
using namespace volley::barrage::test;

namespace {

// Red (the attacker) and Blue each with two units, and a state whose morale losses the test sets.
struct Standing {
  Fixture f;
  std::unique_ptr<BarrageState> st;
  Standing() {
    f.unit(Red, "R1", pt(10, 5));
    f.unit(Red, "R2", pt(20, 5));
    f.unit(Blue, "B1", pt(10, 40));
    f.unit(Blue, "B2", pt(20, 40));
    f.sc.turns = 4;
    index_scenario(f.sc);
    st = std::make_unique<BarrageState>(f.sc);
    st->reset(f.sc);
  }
  // Ends turn `turn` with these totals of army morale lost.
  void end_turn(int turn, int red_lost, int blue_lost) {
    st->sides[Red].morale_lost = red_lost;
    st->sides[Blue].morale_lost = blue_lost;
    record_morale_standing(*st, turn);
  }
  // The balance metrics observed at the end of the trial, by name.
  int64_t observed(const std::string& name) const {
    const Schema schema = make_schema(f.sc);
    std::vector<int64_t> obs(schema.observations());
    observe(f.sc, *st, obs.data());
    const long i = schema.find(name);
    REQUIRE(i >= 0);
    return obs[static_cast<size_t>(i)];
  }
};

}  // namespace

TEST_CASE("B-5 balance measures: the side that lost less army morale is ahead; level turns change nothing", "[engine][barrage][B-5]") {
  Standing s;
  CHECK(morale_leader(*s.st) == -1);
  s.end_turn(1, 0, 2);  // Blue lost 2: Red ahead, Blue behind after turn 1
  s.end_turn(2, 3, 3);  // level
  s.end_turn(3, 3, 5);  // Red ahead again: the same side, no change
  s.end_turn(4, 6, 5);  // Blue ahead: one change
  CHECK(s.st->behind_after_turn1 == Blue);
  CHECK(s.observed("lead_changes") == 1);
  CHECK(s.observed("behind_after_turn1") == 1);
  CHECK(s.observed("comeback") == 1);           // Blue, behind after turn 1, ends ahead
  CHECK(s.observed("morale_margin") == 5 - 6);  // the defender's loss minus the attacker's
  CHECK(s.observed("close") == 1);              // within the morale loss die (D3)
}

TEST_CASE("B-5 balance measures: no comeback for a side that ends level or still behind; close is within the D3",
          "[engine][barrage][B-5]") {
  Standing s;
  s.end_turn(1, 2, 0);  // Red behind
  s.end_turn(2, 2, 3);  // Blue behind: a change
  s.end_turn(3, 4, 3);  // Red behind: a second change
  s.end_turn(4, 6, 2);  // still Red behind, by 4 > 3
  CHECK(s.observed("lead_changes") == 2);
  CHECK(s.observed("comeback") == 0);
  CHECK(s.observed("morale_margin") == 2 - 6);
  CHECK(s.observed("close") == 0);
  Standing level;
  level.end_turn(1, 3, 0);
  level.end_turn(4, 3, 3);  // Red was behind and ends level: not ahead, no comeback
  CHECK(level.observed("comeback") == 0);
  CHECK(level.observed("close") == 1);
}

TEST_CASE("B-5 balance measures: a turn 1 that leaves the sides level has nobody behind", "[engine][barrage][B-5]") {
  Standing s;
  s.end_turn(1, 0, 0);
  s.end_turn(2, 0, 2);
  CHECK(s.observed("behind_after_turn1") == 0);
  CHECK(s.observed("comeback") == 0);
  CHECK(s.observed("lead_changes") == 0);  // the first side ahead is no change
}

TEST_CASE("B-5 balance measures: the schema bounds the morale margin by each side's most D3s", "[engine][barrage][B-5]") {
  Standing s;
  const Schema schema = make_schema(s.f.sc);
  const auto& margin = schema.metrics[static_cast<size_t>(schema.find("morale_margin"))];
  CHECK(margin.min_value == -2 * s.f.sc.ruleset.morale_loss_die);
  CHECK(margin.max_value == 2 * s.f.sc.ruleset.morale_loss_die);
  CHECK(schema.metrics[static_cast<size_t>(schema.find("lead_changes"))].max_value == 3);
}
