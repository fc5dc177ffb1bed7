// Every `volley` command in the README's example block runs and succeeds, as a user would
// type it (the README's relative scenario paths resolved against the source tree).
#include "tests/support/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <sstream>

using namespace volley::testing;

TEST_CASE("Every volley example in the README runs and exits 0", "[sim][readme]") {
  const std::string readme = read_file(std::string(VOLLEY_SOURCE_DIR) + "/README.md");
  const auto begin = readme.find("<!-- examples -->");
  const auto end = readme.find("<!-- /examples -->");
  REQUIRE(begin != std::string::npos);
  REQUIRE(end != std::string::npos);
  std::istringstream block(readme.substr(begin, end - begin));
  std::string line;
  int examples = 0;
  std::vector<std::string> commands_seen;
  while (std::getline(block, line)) {
    if (line.rfind("volley ", 0) != 0) continue;
    std::string args = line.substr(7);
    for (size_t at = args.find("scenarios/"); at != std::string::npos; at = args.find("scenarios/", at + 1))
      if (at == 0 || args[at - 1] == ' ') {
        args.insert(at, std::string(VOLLEY_SOURCE_DIR) + "/");
        at += std::string(VOLLEY_SOURCE_DIR).size() + 1;
      }
    const auto r = run_volley(args + (args.find("--quiet") == std::string::npos && args.rfind("run", 0) == 0 ? " --quiet" : ""));
    INFO(line << "\nstdout:\n" << r.out.substr(0, 2000) << "\nstderr:\n" << r.err.substr(0, 2000));
    CHECK(r.exit_code == 0);
    commands_seen.push_back(args.substr(0, args.find(' ')));
    ++examples;
  }
  CHECK(examples >= 11);
  for (const char* command :
       {"run", "compare", "sweep", "tune", "best", "sensitivity", "replay", "show", "validate", "bench", "merge", "dice", "fire"})
    CHECK(std::find(commands_seen.begin(), commands_seen.end(), command) != commands_seen.end());
}
