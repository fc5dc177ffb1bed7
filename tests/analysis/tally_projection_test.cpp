// A part of a tally, projected out of a whole whose trials recorded several parts side by side, is the
// tally that part alone records from the same trials: the same integers, bins, moments and control
// cross-moments (values out of range and large values included).
#include "analysis/tally_projection.hpp"
#include "engine/rng.hpp"

#include <catch2/catch.hpp>

#include <memory>
#include <stdexcept>

using namespace volley;

namespace {
// Two parts side by side: part A's metrics (a, pa) and control (ca), part B's metric (b) and controls
// (cb1, cb2). The whole's observations: a, pa, b, then ca, cb1, cb2.
std::shared_ptr<Schema> part_b_schema() {
  auto schema = std::make_shared<Schema>();
  schema->add({"b", MetricKind::Count, -3, 3, "a count whose values also fall outside its range", true});
  schema->controls = {"cb1", "cb2"};
  return schema;
}
std::shared_ptr<Schema> whole_schema() {
  auto schema = std::make_shared<Schema>();
  schema->add({"a", MetricKind::Count, 0, 10, "a count", true});
  schema->add({"pa", MetricKind::Probability, 0, 1, "a probability", true});
  schema->add({"b", MetricKind::Count, -3, 3, "part B's count", true});
  schema->controls = {"ca", "cb1", "cb2"};
  return schema;
}
}  // namespace

TEST_CASE("A projected part of a tally is the tally the part alone records from the same trials", "[analysis][tally]") {
  const auto whole_schema_ptr = whole_schema();
  const auto part_schema = part_b_schema();
  Tally whole(whole_schema_ptr), alone(part_schema);
  Stream s(3, 0, Purpose::Test, 0, 0);
  for (int t = 0; t < 20000; ++t) {
    const int64_t a = s.below(11), pa = s.below(2);
    // b beyond its range now and then; cb2 large now and then (beyond the narrow sums' +-2^20).
    const int64_t b = static_cast<int64_t>(s.below(13)) - 6;
    const int64_t ca = static_cast<int64_t>(s.below(7)) - 3, cb1 = static_cast<int64_t>(s.below(5)) - 2;
    const int64_t cb2 = s.below(50) == 0 ? (int64_t{1} << 24) - static_cast<int64_t>(s.below(1000)) : static_cast<int64_t>(s.below(3)) - 1;
    const int64_t all[6] = {a, pa, b, ca, cb1, cb2};
    const int64_t own[3] = {b, cb1, cb2};
    whole.add(all);
    alone.add(own);
  }
  const Tally projected = project_tally(whole, part_schema, 2, 1);
  CHECK(projected == alone);
  CHECK(projected.signature() == alone.signature());
  CHECK(projected.to_words() == alone.to_words());
  CHECK(projected.overflow(0) > 0);
  CHECK(projected.underflow(0) > 0);
}

TEST_CASE("A part outside the whole, or with another range, is refused", "[analysis][tally]") {
  Tally whole(whole_schema());
  CHECK_THROWS_AS(project_tally(whole, part_b_schema(), 3, 1), std::invalid_argument);
  CHECK_THROWS_AS(project_tally(whole, part_b_schema(), 2, 2), std::invalid_argument);
  CHECK_THROWS_AS(project_tally(whole, part_b_schema(), 0, 1), std::invalid_argument);  // a's range is not b's
}
