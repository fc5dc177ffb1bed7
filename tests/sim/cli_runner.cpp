#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace volley::testing {

const std::string& scratch_directory() {
  static const std::string dir = [] {
    char name[] = "/tmp/volley-test-XXXXXX";
    if (::mkdtemp(name) == nullptr) std::abort();
    return std::string(name);
  }();
  return dir;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_file(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

std::string fresh_directory(const std::string& name) {
  const std::string dir = scratch_directory() + "/" + name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

bool file_exists(const std::string& path) { return ::access(path.c_str(), F_OK) == 0; }

CliResult run_volley(const std::string& arguments, const std::string& directory) {
  static int counter = 0;
  const std::string dir = directory.empty() ? scratch_directory() : directory;
  const std::string base = scratch_directory() + "/cli" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
  const std::string command = "cd '" + dir + "' && '" VOLLEY_BINARY "' " + arguments + " >'" + base + ".out' 2>'" + base + ".err' </dev/null";
  const int status = std::system(command.c_str());
  CliResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = read_file(base + ".out");
  r.err = read_file(base + ".err");
  ::unlink((base + ".out").c_str());
  ::unlink((base + ".err").c_str());
  return r;
}

namespace {
void check_refusal(const CliResult& r, const std::string& message) {
  INFO("stderr: " << r.err);
  CHECK(r.exit_code == 2);
  CHECK(r.err.find(message) != std::string::npos);
}
}  // namespace

CliResult expect_success(const std::string& arguments, const std::string& directory) {
  auto r = run_volley(arguments, directory);
  INFO("volley " << arguments << "\n" << r.out << r.err);
  REQUIRE(r.exit_code == 0);
  return r;
}

CliResult expect_refused(const std::string& arguments, const std::string& message, const std::string& directory) {
  INFO("volley " << arguments);
  auto r = run_volley(arguments, directory);
  check_refusal(r, message);
  return r;
}

void check_contains(const std::string& text, std::initializer_list<std::string> pieces) {
  for (const auto& piece : pieces) CHECK_THAT(text, Catch::Contains(piece));
}

void expect_refused_before_work(const std::string& arguments, const std::string& message) {
  INFO("volley " << arguments);
  const auto r = run_volley(arguments);
  check_refusal(r, message);
  CHECK(r.out.empty());
}

}  // namespace volley::testing
