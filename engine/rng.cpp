#include "engine/rng.hpp"

namespace volley {

PhiloxBlock philox4x32_10(const uint32_t counter[4], const uint32_t key[2]) noexcept {
  r123::Philox4x32::ctr_type c = {{counter[0], counter[1], counter[2], counter[3]}};
  r123::Philox4x32::key_type k = {{key[0], key[1]}};
  const auto out = r123::Philox4x32{}(c, k);
  return {{out.v[0], out.v[1], out.v[2], out.v[3]}};
}

}  // namespace volley
