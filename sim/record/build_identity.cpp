#include "sim/record/build_identity.hpp"

namespace volley {

std::string build_identity_text() {
  const BuildIdentity& b = build_identity();
  return std::string("commit ") + b.commit + ", " + b.compiler + ", " + b.flags;
}

}  // namespace volley
