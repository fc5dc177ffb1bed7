#include "sim/output_extras.hpp"

#include "analysis/summary_table.hpp"
#include "sim/atomic_file.hpp"
#include "sim/html_report.hpp"
#include "sim/output_batch.hpp"
#include "sim/plots.hpp"

namespace volley {

std::vector<std::string> distribution_metrics(const Schema& schema, size_t offset, size_t count) {
  std::vector<std::string> names;
  for (size_t i = offset; i < offset + count && i < schema.size(); ++i) {
    const auto& spec = schema.metrics[i];
    if (spec.headline && histogram_metric(spec)) {
      const auto slash = spec.name.find('/');
      names.push_back(slash == std::string::npos ? spec.name : spec.name.substr(slash + 1));
    }
  }
  return names;
}

std::string run_subtitle(const RunRecord& r) {
  std::string s = r.scenario_name + ": " + std::to_string(r.tally.trials()) + " trials, seed " + std::to_string(r.seed);
  for (const auto& set : r.sets) s += ", --set " + set;
  if (r.partial) s += " (PARTIAL: interrupted)";
  return s;
}

void write_run_extras(const RunRecord& record, const RunSettings& settings, const ScenarioModel& model) {
  const auto metrics = distribution_metrics(record.tally.schema(), 0, record.tally.schema().size());
  const PlotSpec distribution = distribution_plot({{"run", &record.tally, 0}}, metrics, model.title());
  OutputBatch outputs;
  if (!settings.plot.empty()) outputs.attempt([&] { draw_plot(distribution, settings.plot); });
  if (!settings.report.empty()) outputs.attempt([&] {
    ReportOptions options;
    options.level = record.level;
    std::vector<ReportSection> sections;
    sections.push_back({"Setup", model.summary(), {draw_plot_svg(map_plot({{"setup", model.map_data(record.seed, 0, 0)}}, model.title()))}});
    sections.push_back({"Estimates", format_summary(record.tally, options), {}});
    if (!metrics.empty()) sections.push_back({"Distributions", "", {draw_plot_svg(distribution)}});
    write_file_atomically(settings.report, html_report(model.title(), run_subtitle(record), sections));
  });
  outputs.finish();
}

}  // namespace volley
