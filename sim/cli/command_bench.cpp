// `volley bench [--threads T]`: the fixed suite's signature and speed, and the random-number floor.
#include "sim/cli/command_line.hpp"
#include "sim/cli/commands.hpp"
#include "sim/output/atomic_file.hpp"
#include "sim/output/bench_report.hpp"
#include "sim/output/output_batch.hpp"
#include "sim/output/text_escaping.hpp"
#include "sim/run/bench_scaling.hpp"
#include "sim/study/bench_study.hpp"

#include <boost/program_options.hpp>

#include <cstdio>
#include <iostream>

namespace po = boost::program_options;

namespace volley {

int command_bench(const Args& args) {
  BenchSettings settings;
  po::options_description options(
      "volley bench [options]\n\nFixed suite: a signature of every result and the speed.\n"
      "Example: volley bench --threads 2\n\nOptions");
  options.add_options()("help,h", "this help")("threads,j", thread_count(settings.threads), ThreadCountHelp.c_str())(
      "divisor", whole_number(settings.divisor, "--divisor", uint64_t{1})->default_value("1"),
      "divide every trial count (a quicker, different signature)")(
      "repeat", whole_number(settings.repeat, "--repeat", 1)->default_value("3"),
      "runs of each entry: the fastest is reported, all must agree bit for bit")(
      "scaling", "instead: how the cost grows with force size (8, 32, 128, 512 units), both kernels")(
      "json", po::value<std::string>(&settings.json), "write the figures and signatures as JSON")(
      "csv", po::value<std::string>(&settings.csv), "write the figures as CSV rows");
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(options).run(), vm);
  refuse_empty_arguments(vm, options);
  po::notify(vm);
  if (vm.count("help")) {
    std::cout << options << "\n";
    return ExitOk;
  }
  if (vm.count("scaling")) {
    check_output_paths({{"--json", settings.json}, {"--csv", settings.csv}}, {});
    print_scaling_table(settings.threads);
    return ExitOk;
  }

  StudyControl control;  // the build, the machine and the floor are shown before the suite's long run
  control.progress = [](const std::string& step, const nlohmann::json& piece) {
    std::fputs(bench_progress_text(step, piece).c_str(), stdout);
    std::fflush(stdout);
  };
  const BenchStudy study = bench_study(settings, control);
  std::fputs(bench_text(study.table).c_str(), stdout);
  OutputBatch outputs;
  if (!settings.json.empty()) outputs.attempt([&] { write_file_atomically(settings.json, json_document(study.document, 1) + "\n"); });
  if (!settings.csv.empty()) outputs.attempt([&] { write_file_atomically(settings.csv, bench_csv(study.table)); });
  outputs.finish();
  return ExitOk;
}

}  // namespace volley
