#include "sim/study/bench_study.hpp"

#include "sim/output/atomic_file.hpp"
#include "sim/record/build_identity.hpp"
#include "sim/run/bench_suite.hpp"
#include "sim/run/host_description.hpp"

#include <algorithm>
#include <thread>

namespace volley {

BenchStudy bench_study(const BenchSettings& settings, const StudyControl& control) {
  check_output_paths({{"--json", settings.json}, {"--csv", settings.csv}}, {});
  // What made the figures, so that they can be traced: the build (a stale binary shows its old
  // commit) and the machine.
  const std::string build = build_identity_text(), machine = host_description();
  BenchStudy study;
  BenchTable& table = study.table;
  table.worker_threads = settings.threads > 0 ? settings.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  table.repeat = settings.repeat;
  table.dice_per_pool_trial = 10 * PoolsPerBenchTrial;
  control.report("start", {{"build", build}, {"machine", machine}, {"worker_threads", table.worker_threads}});
  const double raw = measure_raw_draws_per_second(0.5);
  control.report("floor", {{"raw_words_per_second", raw}});
  table.report = run_bench(settings.threads, settings.divisor, settings.repeat);
  table.report.raw_draws_per_second = raw;

  nlohmann::json lines = nlohmann::json::array();
  for (const auto& l : table.report.lines)
    lines.push_back({{"name", l.name},
                     {"trials", l.trials},
                     {"signature", signature_text(l.signature)},
                     {"seconds", l.seconds},
                     {"trials_per_second", l.trials_per_second},
                     {"draws_per_trial", l.draws_per_trial}});
  study.document = {{"format", "volley-bench"},
                    {"format_version", 1},
                    {"volley_version", VOLLEY_VERSION},
                    {"build", build},
                    {"machine", machine},
                    {"threads", settings.threads},
                    {"divisor", settings.divisor},
                    {"repeat", settings.repeat},
                    {"raw_words_per_second", raw},
                    {"signature", signature_text(table.report.signature)},
                    {"entries", lines}};
  return study;
}

}  // namespace volley
