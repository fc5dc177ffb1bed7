#include "engine/face_histogram.hpp"

#include <array>

namespace volley {

const FaceHistogramTable& FaceHistogramTable::instance() {
  static const FaceHistogramTable table;  // thread-safe one-time initialisation (C++11 magic static)
  return table;
}

FaceHistogramTable::FaceHistogramTable() {
  constexpr std::array<uint64_t, MaxHistogramDice + 1> factorial{1, 1, 2, 6, 24, 120, 720, 5040, 40320};
  for (int n = 0; n <= MaxHistogramDice; ++n) {
    Level& level = levels_[n];
    level.first = static_cast<uint32_t>(outcomes_.size());
    uint64_t six_n = 1;
    for (int i = 0; i < n; ++i) six_n *= HistogramFaces;
    // Step 1: every composition c6, c5, c4, c3, c2 (ascending, nested in that order), ones the rest,
    // with its cumulative multinomial weight n! / (c1! ... c6!) out of 6^n, in exact integers.
    uint64_t cumulative = 0;
    std::array<int, 7> c{};
    auto add = [&] {
      uint64_t weight = factorial[n];
      for (int f = 1; f <= HistogramFaces; ++f) weight /= factorial[c[f]];  // exact at every step (a multinomial)
      cumulative += weight;
      // The words below floor(cumulative * 2^32 / 6^n) draw this histogram or an earlier one.
      const uint64_t bound = (cumulative << 32) / six_n;
      outcomes_.push_back({pack_faces({0, c[1], c[2], c[3], c[4], c[5], c[6]}), static_cast<uint32_t>(bound - 1)});
    };
    for (c[6] = 0; c[6] <= n; ++c[6])
      for (c[5] = 0; c[5] <= n - c[6]; ++c[5])
        for (c[4] = 0; c[4] <= n - c[6] - c[5]; ++c[4])
          for (c[3] = 0; c[3] <= n - c[6] - c[5] - c[4]; ++c[3])
            for (c[2] = 0; c[2] <= n - c[6] - c[5] - c[4] - c[3]; ++c[2]) {
              c[1] = n - c[6] - c[5] - c[4] - c[3] - c[2];
              add();
            }
    level.count = static_cast<uint32_t>(outcomes_.size()) - level.first;

    // Step 2: the guide: at least four buckets per histogram (at least two, so that the shift stays
    // below 32); each bucket points at the histogram its lowest word draws. At most a quarter of the
    // buckets hold a boundary, so the scan after the guide mostly stops at once (and predictably).
    uint32_t bits = 1;
    while ((1u << bits) < 4 * level.count) ++bits;
    level.shift = 32 - bits;
    level.guide = static_cast<uint32_t>(guide_.size());
    uint32_t k = 0;
    for (uint64_t bucket = 0; bucket < (uint64_t{1} << bits); ++bucket) {
      const uint64_t lowest = bucket << level.shift;
      while (outcomes_[level.first + k].last < lowest) ++k;
      guide_.push_back(static_cast<uint16_t>(k));
    }
  }
}

}  // namespace volley
