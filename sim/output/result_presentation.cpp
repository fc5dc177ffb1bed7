#include "sim/output/result_presentation.hpp"

#include "analysis/estimate.hpp"
#include "analysis/paired_difference.hpp"
#include "analysis/summary_table.hpp"
#include "sim/output/compare_ranking.hpp"
#include "sim/output/map_svg.hpp"
#include "sim/output/time_to_answer.hpp"

#include <cmath>

namespace volley {

namespace {

// The counts a designer reads as distributions: the headline counts (casualties, figures left,
// dispersed, ...), how long games last (turn_decided), and hits; per-turn metrics are shown as means.
bool distribution_wanted(const MetricSpec& spec) {
  if (spec.kind != MetricKind::Count) return false;
  std::string prefix;
  int turn = 0;
  if (split_turn_metric(spec.name, prefix, turn)) return false;
  return spec.headline || spec.name == "turn_decided" || spec.name.ends_with(".hits");
}

// JSON has no infinity or NaN: a variance reduction of a metric that never varies is written null.
nlohmann::json finite(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(); }

nlohmann::json distribution(const Tally& tally, size_t index, const std::string& name, int variant, double level) {
  const auto& spec = tally.schema().metrics[index];
  const auto hist = tally.histogram(index);
  const uint64_t n = tally.trials();
  size_t first = 0, last = hist.size();
  while (last > 0 && hist[last - 1] == 0) --last;
  while (first < last && hist[first] == 0) ++first;
  nlohmann::json k = nlohmann::json::array(), p = k, p_low = k, p_high = k, ge = k, ge_low = k, ge_high = k;
  uint64_t at_least = n - tally.underflow(index);
  for (size_t i = 0; i < first; ++i) at_least -= hist[i];
  for (size_t i = first; i < last; ++i) {
    const auto eq = wilson_interval(hist[i], n, level);
    const auto g = wilson_interval(at_least, n, level);
    k.push_back(spec.min_value + static_cast<int64_t>(i));
    p.push_back(static_cast<double>(hist[i]) / static_cast<double>(n));
    p_low.push_back(eq.low);
    p_high.push_back(eq.high);
    ge.push_back(static_cast<double>(at_least) / static_cast<double>(n));
    ge_low.push_back(g.low);
    ge_high.push_back(g.high);
    at_least -= hist[i];
  }
  return {{"metric", name},
          {"variant", variant},
          {"description", spec.description},
          {"k", k},
          {"p", p},
          {"p_low", p_low},
          {"p_high", p_high},
          {"at_least", ge},
          {"at_least_low", ge_low},
          {"at_least_high", ge_high}};
}

// What the headline's answer cost and what +-E more would: E from --precision, else 0.01, as the
// terminal says it (time_to_answer.hpp).
nlohmann::json headline_time_to_answer(const RunRecord& record, size_t metric, const std::string& label) {
  return time_to_answer_json(record.tally, metric, label, record.seconds, precision_goal(record.precision, 0.01), record.level);
}

}  // namespace

nlohmann::json run_presentation(const RunRecord& record, const ScenarioModel& model) {
  return run_presentation(record, model, map_svg(model.map_data(record.seed, 0, 0)));
}

nlohmann::json compare_presentation(const RunRecord& record, const CompareJob& job, const std::vector<std::string>& labels,
                                    const ScenarioModel& model) {
  return compare_presentation(record, job, labels, model, map_svg(model.map_data(record.seed, 0, 0)));
}

nlohmann::json run_presentation(const RunRecord& record, const ScenarioModel& model, const std::string& map) {
  nlohmann::json distributions = nlohmann::json::array();
  const Tally& tally = record.tally;
  if (tally.trials() > 0)
    for (size_t i = 0; i < tally.schema().size(); ++i)
      if (distribution_wanted(tally.schema().metrics[i]))
        distributions.push_back(distribution(tally, i, tally.schema().metrics[i].name, 0, record.level));
  const long headline = tally.schema().find(model.headline_metric());
  return {{"headline", model.headline_metric()},
          {"map_svg", map},
          {"distributions", distributions},
          {"time_to_answer",
           headline < 0 ? nlohmann::json() : headline_time_to_answer(record, static_cast<size_t>(headline), model.headline_metric())}};
}

nlohmann::json compare_presentation(const RunRecord& record, const CompareJob& job, const std::vector<std::string>& labels,
                                    const ScenarioModel& model, const std::string& map) {
  const Tally& tally = record.tally;
  const auto base_schema = model.make_job(record.seed)->schema();
  nlohmann::json distributions = nlohmann::json::array();
  nlohmann::json comparison = nlohmann::json::array();
  if (tally.trials() > 0) {
    for (const auto& spec : base_schema->metrics) {
      if (!distribution_wanted(spec)) continue;
      for (size_t v = 0; v < job.variant_count(); ++v) {
        const long index = job.variant_metric(v, spec.name);
        if (index >= 0)
          distributions.push_back(distribution(tally, static_cast<size_t>(index), spec.name, static_cast<int>(v), record.level));
      }
    }
    // Paired differences, as format_compare prints them (sim/output/compare_report.hpp).
    for (size_t v = 1; v < job.variant_count(); ++v) {
      nlohmann::json metrics = nlohmann::json::array();
      for (const auto& spec : base_schema->metrics) {
        if (!spec.headline) continue;
        const long b = job.variant_metric(0, spec.name), o = job.variant_metric(v, spec.name), d = job.difference_metric(v, spec.name);
        if (b < 0 || o < 0 || d < 0) continue;
        const auto p = paired_difference(tally, static_cast<size_t>(b), static_cast<size_t>(o), static_cast<size_t>(d), record.level);
        auto interval = [](const Interval& i) { return nlohmann::json{{"estimate", i.estimate}, {"low", i.low}, {"high", i.high}}; };
        metrics.push_back({{"name", spec.name},
                           {"kind", spec.kind == MetricKind::Probability ? "probability" : "count"},
                           {"base", interval(p.base)},
                           {"variant", interval(p.variant)},
                           {"difference", interval(p.paired)},
                           {"unpaired_half_width", finite(p.unpaired.half_width())},
                           {"variance_reduction", finite(p.variance_reduction)}});
      }
      comparison.push_back({{"variant", v}, {"label", labels[v]}, {"metrics", metrics}});
    }
  }
  // Three or more variants: ranked by the headline's paired difference to the base (compare_ranking.hpp).
  nlohmann::json ranking = nlohmann::json::array();
  const double pair_level = simultaneous_pair_level(job.variant_count(), record.level);
  for (const auto& r : headline_ranking(tally, job, model.headline_metric(), record.level))
    ranking.push_back(
        {{"variant", r.variant},
         {"against_base", {{"estimate", r.against_base.estimate}, {"low", r.against_base.low}, {"high", r.against_base.high}}},
         {"against_top", {{"estimate", r.against_top.estimate}, {"low", r.against_top.low}, {"high", r.against_top.high}}},
         {"distinguishable", r.distinguishable}});
  const long difference = job.difference_metric(1, model.headline_metric());
  return {{"headline", model.headline_metric()},
          {"map_svg", map},
          {"distributions", distributions},
          {"time_to_answer",
           difference < 0 ? nlohmann::json()
                          : headline_time_to_answer(record, static_cast<size_t>(difference), model.headline_metric() + " difference")},
          {"comparison", comparison},
          {"ranking", ranking},
          {"ranking_pair_level", pair_level}};
}

}  // namespace volley
