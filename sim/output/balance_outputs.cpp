#include "sim/output/balance_outputs.hpp"

#include "analysis/text_format.hpp"
#include "sim/output/atomic_file.hpp"
#include "sim/output/balance_report.hpp"
#include "sim/output/output_batch.hpp"
#include "sim/output/report_page.hpp"
#include "sim/output/text_escaping.hpp"

namespace volley {

std::string balance_start_line(const nlohmann::json& start) {
  const int refinements = start.value("refinements", 0);
  return format_text("balance: %zu settings%s, %zu goals, seed %llu\n", start["candidates"].get<size_t>(),
                     refinements > 0 ? format_text(" (then up to %d refinements of the continuous keys, on a lattice of %llu settings)",
                                                   refinements, static_cast<unsigned long long>(start["lattice"].get<uint64_t>()))
                                           .c_str()
                                     : "",
                     start["goals"].get<size_t>(), static_cast<unsigned long long>(start["seed"].get<uint64_t>()));
}

std::string balance_look_line(const nlohmann::json& look) {
  const int stage = look.value("stage", 0);
  return format_text("\r  %slook %d at %llu trials: %zu open, %zu hold, %zu dropped   ",
                     stage > 0 ? format_text("refinement %d, ", stage).c_str() : "", look["look"].get<int>(),
                     static_cast<unsigned long long>(look["trials"].get<uint64_t>()), look["open"].get<size_t>(),
                     look["holds"].get<size_t>(), look["dropped"].get<size_t>());
}

std::string balance_policies_line(const nlohmann::json& step) {
  return format_text("\r  policies searched for %zu of %zu settings   ", step["candidate"].get<size_t>(), step["candidates"].get<size_t>());
}

void write_balance_files(const nlohmann::json& balance, const ResultFiles& files) {
  OutputBatch outputs;
  if (!files.json.empty()) outputs.attempt([&] { write_file_atomically(files.json, json_document(balance, 1) + "\n"); });
  if (!files.csv.empty()) outputs.attempt([&] { write_file_atomically(files.csv, balance_csv(balance)); });
  if (!files.plot.empty()) outputs.attempt([&] { draw_plot(balance_plot(balance), files.plot); });
  if (!files.report.empty()) outputs.attempt([&] { write_file_atomically(files.report, report_page(balance)); });
  outputs.finish();
}

}  // namespace volley
