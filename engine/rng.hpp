#pragma once
// Counter-based random streams (docs/architecture.md, "Randomness").
//
// Philox4x32-10 (Random123) is a keyed bijection of a 128-bit counter: a random number is a pure
// function of (master seed, counter). The counter names *what* the number is for, so a trial's
// numbers depend on its index and nothing else (not the thread, block size or MPI rank):
//
//   word 0, 1  trial index (64 bits)
//   word 2     purpose (6 bits) | turn (10 bits) | actor (16 bits)
//   word 3     block of four outputs within that stream (32 bits)
//
// One stream per (trial, purpose, turn, actor): adding a roll in one phase shifts no other phase,
// turn or unit, which keeps common random numbers between rule variants.
#include <Random123/philox.h>

#include <cstdint>

namespace volley {

// Why a number is drawn. Values are part of the counter layout: never renumber, only append.
enum class Purpose : uint32_t {
  Placement = 1,   // deployment zones
  Cards = 2,       // fire-phase deck order
  Fire = 3,        // fire dice
  Casualties = 4,  // killed or wounded
  Movement = 5,    // move dice
  Charge = 6,      // charge dice and tests to go in / stand
  Melee = 7,
  Morale = 8,
  Prone = 9,
  Command = 10,  // command dice
  Comms = 11,
  Supply = 12,
  Barrage = 13,      // battery fire dice
  Reaction = 14,     // target reaction dice
  Morale_loss = 15,  // army morale D3
  Test = 63,         // tests and benches only
};

inline constexpr uint32_t MaxTurns = 1023;    // 10 bits of counter word 2
inline constexpr uint32_t MaxActors = 65535;  // 16 bits of counter word 2

// The published Philox4x32-10 function, nothing added: out = philox(counter, key).
struct PhiloxBlock {
  uint32_t v[4];
};
PhiloxBlock philox4x32_10(const uint32_t counter[4], const uint32_t key[2]) noexcept;

// One stream: an endless sequence of 32-bit words for one (trial, purpose, turn, actor).
class Stream {
 public:
  Stream() noexcept = default;
  Stream(uint64_t seed, uint64_t trial, Purpose purpose, uint32_t turn, uint32_t actor) noexcept {
    // Philox's key schedule: round r uses the key plus r times the Weyl constants.
    uint32_t k0 = static_cast<uint32_t>(seed), k1 = static_cast<uint32_t>(seed >> 32);
    for (int r = 0; r < PhiloxRounds; ++r, k0 += 0x9E3779B9u, k1 += 0xBB67AE85u) round_key_[r] = {k0, k1};
    counter_ = {{static_cast<uint32_t>(trial), static_cast<uint32_t>(trial >> 32), stream_word(purpose, turn, actor), 0}};
    index_ = 4;
  }

  // Move to the start of another stream of the same seed and trial: the same stream as
  // Stream(seed, trial, purpose, turn, actor), with only the counter words that differ rewritten.
  void restart(Purpose purpose, uint32_t turn, uint32_t actor) noexcept {
    counter_.v[2] = stream_word(purpose, turn, actor);
    counter_.v[3] = 0;
    index_ = 4;
  }

  uint32_t next_u32() noexcept {
    if (index_ == 4) refill();
    return out_.v[index_++];
  }

  // The next word without drawing it, then draw it or not (`take`): a word used only on some
  // condition is read without a branch on that condition. The sequence of words drawn is the same
  // as next_u32() when taken, and as no call at all when not.
  uint32_t peek_u32() noexcept {
    if (index_ == 4) refill();
    return out_.v[index_];
  }
  void consume(bool take) noexcept { index_ += take ? 1u : 0u; }

  // Move on to word `position` of the stream (0: its first), drawing and dropping the words before
  // it; no move if it is there or past it. For streams that give each user a fixed place in a
  // block, so that what one user draws never moves another's numbers.
  void skip_to(uint64_t position) noexcept {
    while (words() < position) (void)next_u32();
  }

  // Uniform integer in [0, bound), bound >= 1, without bias: Lemire's multiply-shift with
  // rejection ("Fast random integer generation in an interval", 2019).
  // The first word decides unless its low half falls below `bound` (a chance of bound / 2^32): that
  // rare case is out of line, so that the draw inlines where it is made.
  [[gnu::always_inline]] uint32_t below(uint32_t bound) noexcept {
    const uint64_t m = uint64_t{next_u32()} * bound;
    if (static_cast<uint32_t>(m) < bound) [[unlikely]]
      return below_after(m, bound);
    return static_cast<uint32_t>(m >> 32);
  }

  // 32-bit words consumed so far (the bench's "random draws").
  uint64_t words() const noexcept { return uint64_t{counter_.v[3]} * 4 - (4 - index_); }

 private:
  // Counter word 2: what the stream is for.
  static uint32_t stream_word(Purpose purpose, uint32_t turn, uint32_t actor) noexcept {
    return (static_cast<uint32_t>(purpose) << 26) | ((turn & MaxTurns) << 16) | (actor & MaxActors);
  }

  // below(), once the first product's low half fell below `bound`: rejection until it is at least
  // 2^32 mod bound.
  [[gnu::noinline]] uint32_t below_after(uint64_t m, uint32_t bound) noexcept {
    const uint32_t threshold = (0u - bound) % bound;
    while (static_cast<uint32_t>(m) < threshold) m = uint64_t{next_u32()} * bound;
    return static_cast<uint32_t>(m >> 32);
  }

  // Philox4x32-10 of the counter (philox4x32_10, Random123's rounds), with the round keys the seed
  // gives computed once (round_key_) rather than bumped in every block: two instructions a round fewer.
  // Out of line: one copy of the rounds for every place that draws.
  [[gnu::noinline]] void refill() noexcept {
    uint32_t c0 = counter_.v[0], c1 = counter_.v[1], c2 = counter_.v[2], c3 = counter_.v[3];
#pragma GCC unroll 10
    for (int r = 0; r < PhiloxRounds; ++r) {
      const uint64_t p0 = uint64_t{0xD2511F53u} * c0, p1 = uint64_t{0xCD9E8D57u} * c2;
      c0 = static_cast<uint32_t>(p1 >> 32) ^ c1 ^ round_key_[r].k0;
      c1 = static_cast<uint32_t>(p1);
      c2 = static_cast<uint32_t>(p0 >> 32) ^ c3 ^ round_key_[r].k1;
      c3 = static_cast<uint32_t>(p0);
    }
    out_ = {{c0, c1, c2, c3}};
    ++counter_.v[3];
    index_ = 0;
  }

  static constexpr int PhiloxRounds = 10;
  struct RoundKey {
    uint32_t k0 = 0, k1 = 0;
  };
  RoundKey round_key_[PhiloxRounds];
  r123::Philox4x32::ctr_type counter_{};
  r123::Philox4x32::ctr_type out_{};
  uint32_t index_ = 4;
};

}  // namespace volley
