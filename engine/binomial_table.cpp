#include "engine/binomial_table.hpp"

#include <cmath>

namespace volley {

const BinomialTables& BinomialTables::instance() {
  static const BinomialTables tables;  // thread-safe one-time initialisation (C++11 magic static)
  return tables;
}

BinomialTables::BinomialTables()
    : data_(static_cast<size_t>(MaxFaces + 1) * (MaxFaces + 1) * (ChunkDice + 1) * ChunkDice, 0u) {
  constexpr long double Scale = 4294967296.0L;  // 2^32
  for (int faces = 1; faces <= MaxFaces; ++faces) {
    for (int band = 0; band <= faces; ++band) {
      const long double p = static_cast<long double>(band) / faces;
      for (int n = 0; n <= ChunkDice; ++n) {
        auto* t = const_cast<uint32_t*>(thresholds(faces, band, n));
        // Entries n.. of the row: above every word but the largest, so that a small pool can be
        // counted over a fixed number of entries (binomial_from_word_small).
        for (int k = n; k < ChunkDice; ++k) t[k] = 0xFFFFFFFFu;
        // pmf by the exact product formula in long double: C(n,k) p^k (1-p)^(n-k).
        long double cdf = 0.0L;
        long double choose = 1.0L;
        for (int k = 0; k < n; ++k) {
          cdf += choose * std::pow(p, static_cast<long double>(k)) * std::pow(1.0L - p, static_cast<long double>(n - k));
          choose = choose * (n - k) / (k + 1);
          const long double scaled = std::floor(cdf * Scale);
          t[k] = scaled >= Scale ? 0xFFFFFFFFu : static_cast<uint32_t>(scaled);
        }
      }
    }
  }
}

}  // namespace volley
