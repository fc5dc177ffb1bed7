#include "sim/output/output_extras.hpp"

#include "analysis/summary_table.hpp"
#include "sim/output/atomic_file.hpp"
#include "sim/output/report_page.hpp"
#include "sim/output/output_batch.hpp"
#include "sim/output/plots.hpp"
#include "sim/output/text_escaping.hpp"

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

void write_record_outputs(const RunRecord& record, const ResultFiles& s) {
  OutputBatch outputs;
  if (!s.json.empty()) outputs.attempt([&] { write_file_atomically(s.json, json_document(record_to_json(record), 1) + "\n"); });
  if (!s.csv.empty()) outputs.attempt([&] { write_file_atomically(s.csv, format_csv(record.tally, record.level)); });
  outputs.finish();
}

void write_run_extras(const RunRecord& record, const ResultFiles& files, const ScenarioModel& model) {
  OutputBatch outputs;
  if (!files.plot.empty())
    outputs.attempt([&] {
      const auto metrics = distribution_metrics(record.tally.schema(), 0, record.tally.schema().size());
      draw_plot(distribution_plot({{"run", &record.tally, 0}}, metrics, model.title(), record.level), files.plot);
    });
  if (!files.report.empty()) outputs.attempt([&] { write_file_atomically(files.report, report_page(record_to_json(record))); });
  outputs.finish();
}

}  // namespace volley
