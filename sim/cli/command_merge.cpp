// `volley merge FILE...`: combine shard results (`volley run --shard k/N --json FILE`) and report
// exactly as the single run would.
#include "analysis/summary_table.hpp"
#include "sim/cli/command_line.hpp"
#include "sim/cli/commands.hpp"
#include "sim/output/output_extras.hpp"
#include "sim/run/run_session.hpp"
#include "sim/run/shard_merge.hpp"

#include <boost/program_options.hpp>

#include <cstdio>
#include <iostream>

namespace po = boost::program_options;

namespace volley {

int command_merge(const Args& args) {
  std::vector<std::string> files;
  RunSettings settings;
  po::options_description options(
      "volley merge FILE... [options]\n\nCombine the shards of one run into the result a single run gives.\n"
      "Example: volley merge shard-1.json shard-2.json shard-3.json shard-4.json --json all.json\n\nOptions");
  options.add_options()("json", po::value<std::string>(&settings.json), "write the merged result as JSON")(
      "csv", po::value<std::string>(&settings.csv), "write the merged estimates as CSV")("all",
                                                                                         "show every metric, not only the headline ones");
  po::variables_map vm;
  if (!parse_command_line(args, options, "files", po::value<std::vector<std::string>>(&files), -1, vm)) return ExitOk;
  check_outputs(settings, files);
  std::vector<RunRecord> shards;
  for (const auto& f : files) shards.push_back(read_record_file(f));
  const RunRecord merged = merge_shards(shards, files);
  for (size_t i = 1; i < shards.size(); ++i)
    if (shards[i].volley_build != shards[0].volley_build)
      std::fprintf(stderr,
                   "merge: warning: %s was written by another build than %s (\"%s\" against \"%s\"): a commit between "
                   "them may have changed results\n",
                   files[i].c_str(), files[0].c_str(), shards[i].volley_build.empty() ? "not recorded" : shards[i].volley_build.c_str(),
                   shards[0].volley_build.empty() ? "not recorded" : shards[0].volley_build.c_str());
  std::printf("%s (%s), merged from %zu shards\n", merged.scenario_title.c_str(), merged.scenario_name.c_str(), shards.size());
  for (const auto& set : merged.sets) std::printf("  --set %s\n", set.c_str());
  std::printf("%llu trials, seed %llu, signature 0x%016llx\n\n", static_cast<unsigned long long>(merged.tally.trials()),
              static_cast<unsigned long long>(merged.seed), static_cast<unsigned long long>(merged.tally.signature()));
  ReportOptions report;
  report.level = merged.level;
  report.headline_only = vm.count("all") == 0;
  std::fputs(format_summary(merged.tally, report).c_str(), stdout);
  settings.level = merged.level;
  write_record_outputs(merged, settings);
  return ExitOk;
}

}  // namespace volley
