#pragma once
// One metric as a kernel declares it (engine/metrics.hpp): its name and description, with "<s>" for
// the side's name, "<t>" for a turn and "<u>" for a unit's name, its kind, the bottom of its
// histogram and whether it is a headline. A kernel lists each metric once, with this text, the top
// of its histogram and its observation side by side (engine/firefight/firefight_metrics.cpp,
// engine/barrage/barrage_metrics.cpp); the schema and the observer both walk that list.
#include "engine/metrics.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace volley {

struct MetricText {
  const char* name;
  const char* description;
  MetricKind kind;
  int64_t lo;
  bool headline;
};

// What the placeholders of a MetricText stand for in one metric.
class MetricNames {
 public:
  explicit MetricNames(std::string side) : side_(std::move(side)) {}
  MetricNames with_turn(int turn) const {
    MetricNames at = *this;
    at.turn_ = std::to_string(turn);
    return at;
  }
  MetricNames with_unit(std::string unit) const {
    MetricNames at = *this;
    at.unit_ = std::move(unit);
    return at;
  }
  // The text with each placeholder replaced.
  std::string fill(std::string_view pattern) const {
    std::string out;
    for (size_t i = 0; i < pattern.size(); ++i) {
      if (pattern[i] == '<' && i + 2 < pattern.size() && pattern[i + 2] == '>') {
        const char which = pattern[i + 1];
        if (which == 's' || which == 't' || which == 'u') {
          out += which == 's' ? side_ : which == 't' ? turn_ : unit_;
          i += 2;
          continue;
        }
      }
      out += pattern[i];
    }
    return out;
  }

 private:
  std::string side_, turn_, unit_;
};

}  // namespace volley
