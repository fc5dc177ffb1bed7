#pragma once
// row[i] += s x v[i] for i < n, where s and every v[i] lie within +-2^31 (a 32-bit signed value), so
// each product is exact in 64 bits. With SSE4.1 (the release build's x86-64-v2) two products an
// instruction: the signed 32 x 32 -> 64 multiply reads the low half of each 64-bit lane, which is the
// value itself when it fits in 32 bits signed. The control moments' 64-bit sums (control_moments.hpp).
// With AVX2, four products an instruction: add_scaled_small_avx2, for a caller that has asked the CPU
// (cpu_has_avx2) and is itself compiled for AVX2, so that the loop inlines into it.
#include <cstddef>
#include <cstdint>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace volley {

inline void add_scaled_small(int64_t* row, const int64_t* v, size_t n, int64_t s) noexcept {
  size_t i = 0;
#if defined(__SSE4_1__)
  const __m128i scale = _mm_set1_epi64x(s);
  const auto add_two = [&](size_t at) {
    const __m128i products = _mm_mul_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(v + at)), scale);
    __m128i* out = reinterpret_cast<__m128i*>(row + at);
    _mm_storeu_si128(out, _mm_add_epi64(_mm_loadu_si128(out), products));
  };
  // Four products a step: the loop's own count and test once for two multiplies.
  for (; i + 4 <= n; i += 4) {
    add_two(i);
    add_two(i + 2);
  }
  if (i + 2 <= n) {
    add_two(i);
    i += 2;
  }
#endif
  for (; i < n; ++i) row[i] += s * v[i];
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define VOLLEY_HAS_AVX2_PATH 1
// Safe before other static constructors too (__builtin_cpu_init), and true only where the OS keeps
// the AVX registers across switches (the builtin checks it).
inline bool cpu_has_avx2() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2");
}

__attribute__((target("avx2"))) inline void add_scaled_small_avx2(int64_t* row, const int64_t* v, size_t n, int64_t s) noexcept {
  const __m256i scale = _mm256_set1_epi64x(s);
  size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    const __m256i products = _mm256_mul_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(v + i)), scale);
    __m256i* out = reinterpret_cast<__m256i*>(row + i);
    _mm256_storeu_si256(out, _mm256_add_epi64(_mm256_loadu_si256(out), products));
  }
  for (; i < n; ++i) row[i] += s * v[i];
}
#else
inline bool cpu_has_avx2() noexcept { return false; }
#endif

}  // namespace volley
