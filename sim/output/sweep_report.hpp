#pragma once
// A sweep's table on the terminal and as CSV, and its plot (a curve over one parameter, a heat map over
// two), from the grid the sweep study played (sim/study/sweep_study.hpp).
#include "analysis/estimate.hpp"
#include "sim/output/plots.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace volley {

struct SweepTable {
  std::string title;
  std::string trials;  // per point: a count, or the cap with --precision
  uint64_t seed = 0;
  double level = 0.95;
  std::vector<std::string> keys;     // one per axis, as written
  std::vector<std::string> columns;  // the target first, then every other headline probability
  struct Row {
    std::vector<std::string> values;  // of each axis
    std::vector<Interval> columns;
  };
  std::vector<Row> rows;     // the points played, first axis fastest
  std::string partial_text;  // empty: every point complete
  // A first axis of named values (policies, rulesets): on each line (a value of the second axis, or
  // the one line of a single axis) every value's paired difference against the line's first value.
  struct PairedLine {
    std::string at;                     // the second axis's value; empty with one axis
    std::vector<Interval> differences;  // value i + 1 - value 0 of the first axis
  };
  std::vector<PairedLine> paired;  // empty: the first axis is numeric
  std::string paired_target;       // the difference's metric (the target)
};

// quiet: the target column only (the CSV keeps every column).
std::string sweep_text(const SweepTable& table, bool quiet);
std::string sweep_csv(const SweepTable& table);
// The paired differences' lines (empty without them).
std::string sweep_paired_text(const SweepTable& table);

// The curve or heat map of the target, from the volley-sweep document (docs/json-format.md).
PlotSpec sweep_document_plot(const nlohmann::json& sweep);

}  // namespace volley
