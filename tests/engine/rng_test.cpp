// Known answers for the random streams: Philox4x32-10 against Random123's published test vectors
// (kat_vectors, "philox4x32 10" lines: counter, key -> output), and the stream's counter layout.
#include "engine/rng.hpp"

#include <catch2/catch.hpp>

#include <set>
#include <vector>

using namespace volley;

TEST_CASE("Philox4x32-10 reproduces Random123's published known-answer vectors", "[engine][rng]") {
  struct Vector {
    uint32_t counter[4];
    uint32_t key[2];
    uint32_t expected[4];
  };
  const Vector vectors[] = {
      {{0, 0, 0, 0}, {0, 0}, {0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}},
      {{0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}, {0xffffffff, 0xffffffff}, {0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}},
      {{0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}, {0xa4093822, 0x299f31d0}, {0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}},
  };
  for (const auto& v : vectors) {
    const PhiloxBlock out = philox4x32_10(v.counter, v.key);
    for (int i = 0; i < 4; ++i) CHECK(out.v[i] == v.expected[i]);
  }
}

TEST_CASE("A stream is Philox of (seed, trial, purpose|turn|actor, block) in that counter layout", "[engine][rng]") {
  const uint64_t seed = 0x299f31d0a4093822ull, trial = 0x85a308d3243f6a88ull;
  Stream s(seed, trial, Purpose::Fire, 7, 300);
  const uint32_t key[2] = {0xa4093822, 0x299f31d0};
  for (uint32_t block = 0; block < 3; ++block) {
    const uint32_t counter[4] = {0x243f6a88, 0x85a308d3, (3u << 26) | (7u << 16) | 300u, block};
    const PhiloxBlock expected = philox4x32_10(counter, key);
    for (int i = 0; i < 4; ++i) CHECK(s.next_u32() == expected.v[i]);
  }
  CHECK(s.words() == 12);
}

TEST_CASE("A stream's blocks, with its round keys computed once per seed, are Random123's Philox for any seed", "[engine][rng]") {
  // Seeds whose key words carry when the Weyl constants are added (all ones, the high bit), and
  // others drawn from a stream; many blocks each, after restarts.
  Stream source(3, 0, Purpose::Test, 0, 0);
  std::vector<uint64_t> seeds{0, ~0ull, 0x8000000080000000ull, 0x00000000ffffffffull};
  for (int i = 0; i < 12; ++i) seeds.push_back((uint64_t{source.next_u32()} << 32) | source.next_u32());
  int64_t mismatches = 0;
  for (const uint64_t seed : seeds) {
    const uint64_t trial = (uint64_t{source.next_u32()} << 32) | source.next_u32();
    Stream s(seed, trial, Purpose::Test, 0, 0);
    const uint32_t key[2] = {static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32)};
    for (const uint32_t actor : {0u, 1u, 65535u}) {
      s.restart(Purpose::Movement, 9, actor);
      for (uint32_t block = 0; block < 40; ++block) {
        const uint32_t counter[4] = {static_cast<uint32_t>(trial), static_cast<uint32_t>(trial >> 32), (5u << 26) | (9u << 16) | actor,
                                     block};
        const PhiloxBlock expected = philox4x32_10(counter, key);
        for (int i = 0; i < 4; ++i) mismatches += s.next_u32() != expected.v[i];
      }
    }
  }
  CHECK(mismatches == 0);
}

TEST_CASE("A restarted stream is the stream of its new purpose, turn and actor from its start", "[engine][rng]") {
  Stream s(5, 77, Purpose::Fire, 2, 9);
  for (int i = 0; i < 6; ++i) (void)s.next_u32();  // part way into its second block
  s.restart(Purpose::Morale, 3, 4);
  Stream fresh(5, 77, Purpose::Morale, 3, 4);
  CHECK(s.words() == 0);
  for (int i = 0; i < 9; ++i) CHECK(s.next_u32() == fresh.next_u32());
  CHECK(s.words() == 9);
}

TEST_CASE("Streams of different purposes, turns, actors and trials do not share numbers", "[engine][rng]") {
  std::set<uint32_t> first_words;
  int streams = 0;
  for (uint64_t trial : {0ull, 1ull, 1ull << 40})
    for (Purpose p : {Purpose::Cards, Purpose::Fire, Purpose::Morale})
      for (uint32_t turn : {0u, 1u, 1023u})
        for (uint32_t actor : {0u, 1u, 65535u}) {
          Stream s(42, trial, p, turn, actor);
          first_words.insert(s.next_u32());
          ++streams;
        }
  // 81 streams; a collision of first words has probability ~1e-6 if the counters are distinct.
  CHECK(first_words.size() == static_cast<size_t>(streams));
}

TEST_CASE("Lemire's bounded integers are exact for a power-of-two bound and unbiased for others", "[engine][rng]") {
  // bound 2^k: below() is the top k bits of the word, no rejection.
  Stream a(9, 0, Purpose::Test, 0, 0), b(9, 0, Purpose::Test, 0, 0);
  for (int i = 0; i < 100; ++i) CHECK(a.below(8) == b.next_u32() >> 29);
  // bound 3 over 3e6 draws: each value within 5 standard errors of 1e6.
  Stream c(10, 0, Purpose::Test, 0, 0);
  uint64_t counts[3] = {0, 0, 0};
  const int n = 3'000'000;
  for (int i = 0; i < n; ++i) ++counts[c.below(3)];
  const double sd = std::sqrt(n * (1.0 / 3) * (2.0 / 3));
  for (auto k : counts) CHECK(std::abs(static_cast<double>(k) - n / 3.0) < 5 * sd);
}

TEST_CASE("Lemire rejection: a bound just above 2^31 never returns a value out of range and rejects as it must", "[engine][rng]") {
  // For bound = 2^31 + 1 about half the words are rejected; the results must stay below the bound.
  Stream s(11, 0, Purpose::Test, 0, 0);
  const uint32_t bound = (1u << 31) + 1;
  uint64_t high = 0;
  for (int i = 0; i < 100000; ++i) {
    const uint32_t v = s.below(bound);
    REQUIRE(v < bound);
    high += v >= (1u << 30);
  }
  // P(v >= 2^30) = (bound - 2^30) / bound ~ 0.5; 5 standard errors of 100,000 draws is 0.008.
  CHECK(std::abs(static_cast<double>(high) / 100000 - 0.5) < 0.008);
  CHECK(s.words() > 150000);  // expected ~2 words per draw
}
