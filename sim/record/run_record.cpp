#include "sim/record/run_record.hpp"

#include "analysis/balance_measures.hpp"
#include "analysis/estimate.hpp"
#include "analysis/quantile_interval.hpp"
#include "sim/scenario/scenario_document.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace volley {

namespace {

std::string hex(uint64_t v) {
  char buffer[24];
  std::snprintf(buffer, sizeof buffer, "0x%016llx", static_cast<unsigned long long>(v));
  return buffer;
}

const char* kind_name(MetricKind kind) { return kind == MetricKind::Probability ? "probability" : "count"; }

// A value read from a histogram: a number, or the report's "<min" / ">max" where it fell outside the
// histogram range and is unknown (JSON has no way to write "some integer below 0").
nlohmann::json value_json(const HistogramValue& v) {
  if (v.place == HistogramValue::Place::InRange) return v.value;
  return to_string(v);
}

}  // namespace

std::vector<std::pair<uint64_t, uint64_t>> block_ranges(const std::vector<uint8_t>& done) {
  std::vector<std::pair<uint64_t, uint64_t>> ranges;
  for (uint64_t b = 0; b < done.size(); ++b) {
    if (done[b] == 0) continue;
    if (!ranges.empty() && ranges.back().second + 1 == b) ranges.back().second = b;
    else ranges.push_back({b, b});
  }
  return ranges;
}

std::string run_ending(const RunRecord& r) {
  std::string out;
  // An interrupted run stopped before its cap: the cap is not why the precision was not reached.
  if (!r.precision.empty())
    out = r.precision_reached ? ", precision reached"
          : r.partial         ? ", precision NOT reached (interrupted)"
                              : ", precision NOT reached (trial cap)";
  if (r.partial) out += ", PARTIAL: interrupted, completed blocks only";
  return out;
}

nlohmann::json record_to_json(const RunRecord& r) {
  nlohmann::json j;
  j["format"] = "volley-result";
  j["format_version"] = ResultFormatVersion;
  j["volley_version"] = r.volley_version;
  j["volley_build"] = r.volley_build;
  j["command"] = r.command;
  if (!r.run_id.empty()) j["run_id"] = r.run_id;
  j["scenario"] = {{"name", r.scenario_name}, {"title", r.scenario_title},
                   {"kind", r.scenario_kind}, {"content_hash", hex(r.scenario_hash)},
                   {"text", r.scenario_text}, {"sets", r.sets}};
  if (!r.variants.empty()) j["variants"] = r.variants;
  j["seed"] = r.seed;
  j["trials_planned"] = r.trials;
  j["block_size"] = r.block_size;
  j["blocks_total"] = r.blocks_total;
  j["slice"] = {{"index", r.slice.index}, {"count", r.slice.count}};
  nlohmann::json ranges = nlohmann::json::array();
  for (auto [a, b] : block_ranges(r.done_blocks)) ranges.push_back({a, b});
  j["blocks_done"] = ranges;
  j["partial"] = r.partial;
  j["precision"] = r.precision;
  j["precision_reached"] = r.precision_reached;
  j["level"] = r.level;
  j["seconds"] = r.seconds;
  j["threads"] = r.threads;
  j["signature"] = hex(r.tally.signature());

  nlohmann::json metrics = nlohmann::json::array();
  nlohmann::json estimates = nlohmann::json::array();
  const Schema& schema = r.tally.schema();
  for (size_t i = 0; i < schema.size(); ++i) {
    const auto& m = schema.metrics[i];
    metrics.push_back({{"name", m.name},
                       {"kind", kind_name(m.kind)},
                       {"min", m.min_value},
                       {"max", m.max_value},
                       {"headline", m.headline},
                       {"description", m.description}});
    if (r.tally.trials() > 0) {
      const auto e = estimate_metric(r.tally, i, r.level);
      estimates.push_back(
          {{"name", m.name}, {"estimate", e.estimate}, {"low", e.low}, {"high", e.high}, {"method", e.method}, {"level", r.level}});
      if (m.kind == MetricKind::Count) {
        nlohmann::json quantiles = nlohmann::json::array();
        for (double q : ReportedQuantiles) {
          const auto qi = quantile_interval(r.tally, i, q, r.level);
          quantiles.push_back({{"q", q},
                               {"estimate", value_json(qi.estimate)},
                               {"low", value_json(qi.low)},
                               {"high", value_json(qi.high)},
                               {"method", qi.method},
                               {"level", r.level}});
        }
        estimates.back()["quantiles"] = quantiles;
      }
    }
  }
  j["metrics"] = metrics;
  // Only a tally with controls names them: a run without (`--no-control`) writes today's fields.
  if (!schema.controls.empty()) j["controls"] = schema.controls;
  j["tally"] = {{"trials", r.tally.trials()}, {"words", r.tally.to_words()}};
  j["estimates"] = estimates;
  if (r.tally.trials() > 0) {
    nlohmann::json balance = nlohmann::json::array();
    for (const auto& m : balance_measures(r.tally, r.level))
      balance.push_back({{"name", m.name},
                         {"description", m.description},
                         {"kind", m.kind},
                         {"estimate", m.interval.estimate},
                         {"low", m.interval.low},
                         {"high", m.interval.high},
                         {"method", m.interval.method},
                         {"level", r.level}});
    j["balance_measures"] = balance;
  }
  if (r.presentation.is_object()) j.update(r.presentation);
  return j;
}

RunRecord record_from_json(const nlohmann::json& j, const std::string& file) {
  auto need = [&](const char* field) -> const nlohmann::json& {
    if (!j.contains(field)) throw std::invalid_argument(file + ": missing field '" + field + "'");
    return j.at(field);
  };
  try {
    if (need("format").get<std::string>() != "volley-result")
      throw std::invalid_argument(file + ": field 'format': not a volley result file");
    if (need("format_version").get<int>() != ResultFormatVersion)
      throw std::invalid_argument(file + ": field 'format_version': " + std::to_string(j.at("format_version").get<int>()) +
                                  ", this volley reads " + std::to_string(ResultFormatVersion));
    RunRecord r;
    r.command = need("command").get<std::string>();
    r.run_id = j.contains("run_id") ? j.at("run_id").get<std::string>() : std::string();  // optional: older files have none
    r.volley_version = need("volley_version").get<std::string>();
    // Optional: files written before it was recorded have none.
    r.volley_build = j.contains("volley_build") ? j.at("volley_build").get<std::string>() : std::string();
    const auto& sc = need("scenario");
    r.scenario_name = sc.at("name").get<std::string>();
    r.scenario_title = sc.at("title").get<std::string>();
    r.scenario_kind = sc.at("kind").get<std::string>();
    r.scenario_hash = std::stoull(sc.at("content_hash").get<std::string>(), nullptr, 16);
    r.scenario_text = sc.at("text").get<std::string>();
    r.sets = sc.at("sets").get<std::vector<std::string>>();
    if (j.contains("variants")) r.variants = j.at("variants").get<std::vector<std::string>>();
    r.seed = need("seed").get<uint64_t>();
    r.trials = need("trials_planned").get<uint64_t>();
    r.block_size = need("block_size").get<uint32_t>();
    r.blocks_total = need("blocks_total").get<uint64_t>();
    r.slice.index = need("slice").at("index").get<uint64_t>();
    r.slice.count = need("slice").at("count").get<uint64_t>();
    r.done_blocks.assign(r.blocks_total, 0);
    for (const auto& range : need("blocks_done")) {
      const uint64_t a = range.at(0).get<uint64_t>(), b = range.at(1).get<uint64_t>();
      if (a > b || b >= r.blocks_total) throw std::invalid_argument(file + ": field 'blocks_done': range out of the plan");
      for (uint64_t k = a; k <= b; ++k) r.done_blocks[k] = 1;
    }
    r.partial = need("partial").get<bool>();
    r.precision = need("precision").get<std::string>();
    r.precision_reached = need("precision_reached").get<bool>();
    r.level = need("level").get<double>();
    r.seconds = need("seconds").get<double>();
    r.threads = need("threads").get<int>();
    auto schema = std::make_shared<Schema>();
    for (const auto& m : need("metrics")) {
      MetricSpec spec;
      spec.name = m.at("name").get<std::string>();
      spec.kind = m.at("kind").get<std::string>() == "probability" ? MetricKind::Probability : MetricKind::Count;
      spec.min_value = m.at("min").get<int64_t>();
      spec.max_value = m.at("max").get<int64_t>();
      spec.headline = m.at("headline").get<bool>();
      spec.description = m.at("description").get<std::string>();
      schema->add(spec);
    }
    if (j.contains("controls")) schema->controls = j.at("controls").get<std::vector<std::string>>();
    r.tally = Tally(schema);
    try {
      r.tally.from_words(need("tally").at("trials").get<uint64_t>(), need("tally").at("words").get<std::vector<uint64_t>>());
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(file + ": field 'tally': " + e.what() + " (the file was altered or truncated)");
    }
    const auto signature = std::stoull(need("signature").get<std::string>(), nullptr, 16);
    if (signature != r.tally.signature())
      throw std::invalid_argument(file + ": field 'signature': does not match the tally (the file was altered or truncated)");
    // The signature covers the tally only; what says which trials it holds, and of which scenario,
    // must agree with it too, or a merge or a resume would take a wrong count of trials as complete.
    auto altered = [&](const std::string& field, const std::string& why) {
      throw std::invalid_argument(file + ": field '" + field + "': " + why + " (the file was altered)");
    };
    if (ScenarioDocument::hash_text(r.scenario_text) != r.scenario_hash) altered("scenario.text", "does not match scenario.content_hash");
    if (r.block_size == 0 || r.blocks_total != (r.trials + r.block_size - 1) / r.block_size)
      altered("blocks_total", "is not trials_planned / block_size");
    if (r.slice.count == 0 || r.slice.index >= r.slice.count) altered("slice", "index out of range");
    uint64_t covered = 0;
    for (uint64_t b = 0; b < r.blocks_total; ++b) {
      if (r.done_blocks[b] == 0) continue;
      if (b % r.slice.count != r.slice.index) altered("blocks_done", "block " + std::to_string(b) + " is not in this file's shard");
      covered += std::min<uint64_t>(r.block_size, r.trials - b * r.block_size);
    }
    if (covered != r.tally.trials())
      altered("blocks_done", "covers " + std::to_string(covered) + " trials, the tally holds " + std::to_string(r.tally.trials()));
    return r;
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(file + ": malformed result file: " + e.what());
  }
}

RunRecord read_record_file(const std::string& path) {
  // A directory opens as a stream and fails on the first read ("basic_filebuf::underflow").
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw std::invalid_argument(path + ": is a directory, not a result file");
  std::ifstream in(path);
  if (!in) throw std::invalid_argument(path + ": cannot read (" + std::string(std::strerror(errno)) + ")");
  nlohmann::json j;
  try {
    in >> j;
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(path + ": not JSON: " + e.what());
  } catch (const std::ios_base::failure&) {  // a read error of the file system (EIO, EISDIR)
    throw std::invalid_argument(path + ": cannot read (" + std::string(std::strerror(errno)) + ")");
  }
  return record_from_json(j, path);
}

}  // namespace volley
