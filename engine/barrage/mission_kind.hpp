#pragma once
// B-4, the fire mission types, one file each: rolling_barrage.hpp (PF-RB), designated_targets.hpp
// (PF-DT), pre_registered_barrage.hpp (PF-PR). A mission's spec holds one of them; the kernel asks
// it, through visit_kind below (missions.hpp, logistics_phase.hpp), what only its type knows, so
// that a type that lacks a part fails to compile:
//
//   type_name                      its `type` in a scenario file and in reports
//   called, adjustable             whether a Command Pulse calls it (else it starts on its turn, B-4),
//                                  whether B-3 step 3 may adjust its fire
//   initial_position()             its template's centre before the first turn
//   sheaf(state, mission_sheaf)    the sheaf it fires now (B-5)
//   start_position()               where it fires when it starts on its turn; none if it never does
//   next_position(c, mission)      where an ongoing mission fires next; none if it will not
//   cannot_fire(c, mission)        what happens to an ongoing mission that has nowhere to fire
//   after_fire(c, mission)         what happens once it has fired (shift, end, go on)
//
// Adding a type: docs/rules-barrage.md, "Adding a fire mission type".
#include "engine/barrage/designated_targets.hpp"
#include "engine/barrage/pre_registered_barrage.hpp"
#include "engine/barrage/rolling_barrage.hpp"

#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace volley::barrage {

using MissionKind = std::variant<RollingBarrage, DesignatedTargets, PreRegisteredBarrage>;

// std::visit for MissionKind, as a switch the compiler inlines into the kernel's steps (std::visit
// itself left the dispatch out of line: 4% more instructions a rolling-barrage trial). A new
// type fails the static_assert until it has its case; each case calls `f` with its type, so a
// type that lacks a member `f` uses fails to compile.
template <class Kind, class F>
[[gnu::always_inline]] inline decltype(auto) visit_kind(Kind& kind, F&& f) {
  static_assert(std::variant_size_v<std::remove_const_t<Kind>> == 3, "a new mission type needs its case in visit_kind");
  switch (kind.index()) {
    case 0:
      return f(*std::get_if<0>(&kind));
    case 1:
      return f(*std::get_if<1>(&kind));
    default:
      return f(*std::get_if<2>(&kind));
  }
}

struct MissionSpec {
  std::string name;
  int side = 0;
  std::vector<int> batteries;  // global battery indices; several fire as one (B-5)
  Sheaf sheaf = Sheaf::Regular;
  int start_turn = 1;  // the turn a mission that starts by itself is due (PF-RB, PF-DT)
  MissionKind kind;

  const char* type_name() const noexcept {
    return visit_kind(kind, [](const auto& k) { return k.type_name; });
  }
  bool called() const noexcept {
    return visit_kind(kind, [](const auto& k) { return k.called; });
  }
};

}  // namespace volley::barrage
