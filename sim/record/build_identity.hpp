#pragma once
// Which build made a figure or a result: the commit of the source tree when the binary was built
// ("+changes" when tracked files differed from it), the compiler and its code-generation flags.
// `volley --version`, `volley bench` and the result files print it, so that a speed figure or a result
// can be traced to the code that made it (a stale build measured by mistake shows its old commit).
// The definition is generated at every build (cmake/build_identity.cmake).
#include <string>

namespace volley {

struct BuildIdentity {
  const char* commit;    // 12 hex digits, "+changes" if the tree had uncommitted changes; or "unknown (...)"
  const char* compiler;  // e.g. "GNU 12.2.0"
  const char* flags;     // e.g. "-ffp-contract=off -O2 -march=x86-64-v2 -DNDEBUG" (warning flags left out)
};
const BuildIdentity& build_identity();

// One line: "commit 90c5776a1b2c, GNU 12.2.0, -ffp-contract=off -O2 -march=x86-64-v2 -DNDEBUG".
std::string build_identity_text();

}  // namespace volley
