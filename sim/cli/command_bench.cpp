// `volley bench [--threads T]`: the fixed suite's signature and speed, and the random-number floor.
#include "analysis/text_format.hpp"
#include "sim/output/atomic_file.hpp"
#include "sim/run/bench_scaling.hpp"
#include "sim/run/bench_suite.hpp"
#include "sim/record/build_identity.hpp"
#include "sim/cli/command_line.hpp"
#include "sim/cli/commands.hpp"
#include "sim/run/host_description.hpp"
#include "sim/output/output_batch.hpp"
#include "sim/output/text_escaping.hpp"

#include <boost/program_options.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>
#include <thread>

namespace po = boost::program_options;

namespace volley {

int command_bench(const Args& args) {
  int threads = 0;
  uint64_t divisor = 1;
  int repeat = 3;
  std::string json, csv;
  po::options_description options(
      "volley bench [options]\n\nFixed suite: a signature of every result and the speed.\n"
      "Example: volley bench --threads 2\n\nOptions");
  options.add_options()("help,h", "this help")("threads,j", thread_count(threads), ThreadCountHelp.c_str())(
      "divisor", whole_number(divisor, "--divisor", uint64_t{1})->default_value("1"),
      "divide every trial count (a quicker, different signature)")(
      "repeat", whole_number(repeat, "--repeat", 1)->default_value("3"),
      "runs of each entry: the fastest is reported, all must agree bit for bit")(
      "scaling", "instead: how the cost grows with force size (8, 32, 128, 512 units), both kernels")(
      "json", po::value<std::string>(&json), "write the figures and signatures as JSON")("csv", po::value<std::string>(&csv),
                                                                                         "write the figures as CSV rows");
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(options).run(), vm);
  refuse_empty_arguments(vm, options);
  po::notify(vm);
  if (vm.count("help")) {
    std::cout << options << "\n";
    return ExitOk;
  }
  check_output_paths({{"--json", json}, {"--csv", csv}}, {});
  if (vm.count("scaling")) {
    print_scaling_table(threads);
    return ExitOk;
  }

  // What made the figures, so that they can be traced: the build (a stale binary shows its old
  // commit) and the machine.
  const std::string build = build_identity_text(), machine = host_description();
  const int worker_threads = threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  std::printf("volley %s, %s\nmachine: %s; %d worker thread%s\n", VOLLEY_VERSION, build.c_str(), machine.c_str(), worker_threads,
              worker_threads == 1 ? "" : "s");
  const double raw = measure_raw_draws_per_second(0.5);
  std::printf("random-number floor: %.1f M Philox words/s (one thread)\n\n", raw / 1e6);
  const BenchReport report = run_bench(threads, divisor, repeat);
  if (repeat > 1) std::printf("each entry run %d times: the fastest run's speed (all gave the same signature)\n\n", repeat);
  std::printf("%-26s %11s %18s %14s %10s %12s\n", "entry", "trials", "signature", "trials/s", "draws/tr", "x floor");
  for (const auto& line : report.lines) {
    // The kernel's time per trial against the time the raw generator needs for its draws, per thread.
    const double floor_trials_per_s = line.draws_per_trial > 0 ? raw * worker_threads / line.draws_per_trial : 0;
    std::printf("%-26s %11llu 0x%016llx %14.0f %10.1f %12.2f\n", line.name.c_str(), static_cast<unsigned long long>(line.trials),
                static_cast<unsigned long long>(line.signature), line.trials_per_second, line.draws_per_trial,
                floor_trials_per_s > 0 ? floor_trials_per_s / line.trials_per_second : 0.0);
    if (line.name.starts_with("pool "))
      std::printf("%-26s %11s %18s %14.0f dice/s\n", "", "", "", line.trials_per_second * 10 * PoolsPerBenchTrial);
  }
  std::printf("\nsignature: 0x%016llx\n", static_cast<unsigned long long>(report.signature));
  auto hex = [](uint64_t v) { return format_text("0x%016llx", static_cast<unsigned long long>(v)); };
  OutputBatch outputs;
  if (!json.empty())
    outputs.attempt([&] {
      nlohmann::json lines = nlohmann::json::array();
      for (const auto& l : report.lines)
        lines.push_back({{"name", l.name},
                         {"trials", l.trials},
                         {"signature", hex(l.signature)},
                         {"seconds", l.seconds},
                         {"trials_per_second", l.trials_per_second},
                         {"draws_per_trial", l.draws_per_trial}});
      write_file_atomically(json, json_document(nlohmann::json{{"format", "volley-bench"},
                                                               {"format_version", 1},
                                                               {"volley_version", VOLLEY_VERSION},
                                                               {"build", build},
                                                               {"machine", machine},
                                                               {"threads", threads},
                                                               {"divisor", divisor},
                                                               {"repeat", repeat},
                                                               {"raw_words_per_second", raw},
                                                               {"signature", hex(report.signature)},
                                                               {"entries", lines}},
                                                1) +
                                      "\n");
    });
  if (!csv.empty())
    outputs.attempt([&] {
      std::string rows = "entry,trials,signature,seconds,trials_per_second,draws_per_trial\n";
      for (const auto& l : report.lines)
        rows += format_text("%s,%llu,%s,%.6f,%.1f,%.2f\n", l.name.c_str(), static_cast<unsigned long long>(l.trials),
                            hex(l.signature).c_str(), l.seconds, l.trials_per_second, l.draws_per_trial);
      write_file_atomically(csv, rows);
    });
  outputs.finish();
  return ExitOk;
}

}  // namespace volley
