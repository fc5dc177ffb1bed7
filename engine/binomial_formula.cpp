#include "engine/binomial_formula.hpp"

#include "engine/binomial_table.hpp"

#include <array>
#include <cmath>

namespace volley {

std::vector<uint32_t> binomial_thresholds_by_formula() {
  std::vector<uint32_t> data(BinomialTables::Entries, 0u);
  constexpr long double Scale = 4294967296.0L;  // 2^32
  for (int faces = 1; faces <= MaxFaces; ++faces) {
    for (int band = 0; band <= faces; ++band) {
      const long double p = static_cast<long double>(band) / faces;
      // The powers of p and 1 - p every row of this (faces, band) multiplies, each computed once.
      std::array<long double, ChunkDice + 1> p_power, q_power;
      for (int k = 0; k <= ChunkDice; ++k) {
        p_power[k] = std::pow(p, static_cast<long double>(k));
        q_power[k] = std::pow(1.0L - p, static_cast<long double>(k));
      }
      for (int n = 0; n <= ChunkDice; ++n) {
        uint32_t* t = data.data() + BinomialTables::row_offset(faces, band, n);
        // Entries n.. of the row: above every word but the largest, so that a small pool can be
        // counted over a fixed number of entries (binomial_from_word_small).
        for (int k = n; k < ChunkDice; ++k) t[k] = 0xFFFFFFFFu;
        // pmf by the exact product formula in long double: C(n,k) p^k (1-p)^(n-k).
        long double cdf = 0.0L;
        long double choose = 1.0L;
        for (int k = 0; k < n; ++k) {
          cdf += choose * p_power[k] * q_power[n - k];
          choose = choose * (n - k) / (k + 1);
          const long double scaled = std::floor(cdf * Scale);
          t[k] = scaled >= Scale ? 0xFFFFFFFFu : static_cast<uint32_t>(scaled);
        }
      }
    }
  }
  return data;
}

}  // namespace volley
