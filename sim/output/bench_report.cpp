#include "sim/output/bench_report.hpp"

#include "analysis/text_format.hpp"

namespace volley {

std::string bench_progress_text(const std::string& step, const nlohmann::json& piece) {
  if (step == "start") {
    const int threads = piece["worker_threads"].get<int>();
    return format_text("volley %s, %s\nmachine: %s; %d worker thread%s\n", VOLLEY_VERSION, piece["build"].get<std::string>().c_str(),
                       piece["machine"].get<std::string>().c_str(), threads, threads == 1 ? "" : "s");
  }
  if (step == "floor")
    return format_text("random-number floor: %.1f M Philox words/s (one thread)\n\n", piece["raw_words_per_second"].get<double>() / 1e6);
  return "";
}

std::string bench_text(const BenchTable& table) {
  const BenchReport& report = table.report;
  std::string text;
  if (table.repeat > 1)
    text += format_text("each entry run %d times: the fastest run's speed (all gave the same signature)\n\n", table.repeat);
  text += format_text("%-26s %11s %18s %14s %10s %12s\n", "entry", "trials", "signature", "trials/s", "draws/tr", "x floor");
  for (const auto& line : report.lines) {
    // The kernel's time per trial against the time the raw generator needs for its draws, per thread.
    const double floor_trials_per_s =
        line.draws_per_trial > 0 ? report.raw_draws_per_second * table.worker_threads / line.draws_per_trial : 0;
    text += format_text("%-26s %11llu 0x%016llx %14.0f %10.1f %12.2f\n", line.name.c_str(), static_cast<unsigned long long>(line.trials),
                        static_cast<unsigned long long>(line.signature), line.trials_per_second, line.draws_per_trial,
                        floor_trials_per_s > 0 ? floor_trials_per_s / line.trials_per_second : 0.0);
    if (line.name.starts_with("pool "))
      text += format_text("%-26s %11s %18s %14.0f dice/s\n", "", "", "", line.trials_per_second * table.dice_per_pool_trial);
  }
  text += format_text("\nsignature: 0x%016llx\n", static_cast<unsigned long long>(report.signature));
  return text;
}

std::string bench_csv(const BenchTable& table) {
  std::string rows = "entry,trials,signature,seconds,trials_per_second,draws_per_trial\n";
  for (const auto& l : table.report.lines)
    rows += format_text("%s,%llu,%s,%.6f,%.1f,%.2f\n", l.name.c_str(), static_cast<unsigned long long>(l.trials),
                        signature_text(l.signature).c_str(), l.seconds, l.trials_per_second, l.draws_per_trial);
  return rows;
}

std::string signature_text(uint64_t signature) { return format_text("0x%016llx", static_cast<unsigned long long>(signature)); }

}  // namespace volley
