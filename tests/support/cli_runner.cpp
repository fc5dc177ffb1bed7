#include "tests/support/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
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

pid_t start_volley(const std::vector<std::string>& arguments, const std::string& directory, const std::string& stdout_path, bool own_group,
                   const std::string& path) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (own_group) ::setpgid(0, 0);
    if (::chdir(directory.c_str()) != 0 || std::freopen(stdout_path.c_str(), "w", stdout) == nullptr) ::_exit(126);
    if (!path.empty()) ::setenv("PATH", path.c_str(), 1);
    std::vector<char*> argv{const_cast<char*>(VOLLEY_BINARY)};
    for (const auto& a : arguments) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(VOLLEY_BINARY, argv.data());
    ::_exit(127);
  }
  if (own_group && pid > 0) ::setpgid(pid, pid);  // either side may set it first
  return pid;
}

namespace {
// Polls `ready` every 20 ms while process `pid` lives (a zombie has ended), for at most two minutes.
template <class Ready>
bool wait_while_alive(pid_t pid, Ready ready) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
  const std::string status_path = "/proc/" + std::to_string(pid) + "/status";
  while (std::chrono::steady_clock::now() < deadline) {
    const std::string status = read_file(status_path);
    if (status.empty() || status.find("\nState:\tZ") != std::string::npos) return false;
    if (ready(status)) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}
}  // namespace

bool wait_until_catching(pid_t pid, int signal) {
  // Until it has executed volley, the child is a copy of this test program, whose handlers (Catch's)
  // would answer for it. `volley serve` goes on to execute volley-serve beside it, which installs
  // the handlers.
  const std::filesystem::path volley = std::filesystem::canonical(VOLLEY_BINARY);
  const std::filesystem::path server = volley.parent_path() / "volley-serve";
  const std::string exe = "/proc/" + std::to_string(pid) + "/exe";
  return wait_while_alive(pid, [&](const std::string&) {
    std::error_code unreadable;
    const std::filesystem::path running = std::filesystem::read_symlink(exe, unreadable);
    if (running != volley && running != server) return false;
    const std::string status = read_file("/proc/" + std::to_string(pid) + "/status");  // read after the exe: volley's
    const size_t at = status.find("\nSigCgt:\t");
    if (at == std::string::npos) return false;
    const unsigned long long caught = std::strtoull(status.c_str() + at + 9, nullptr, 16);
    return ((caught >> (signal - 1)) & 1ULL) != 0;
  });
}

bool wait_until_locked(pid_t pid, const std::string& path) {
  struct stat file {};
  if (::stat(path.c_str(), &file) != 0 && !wait_while_alive(pid, [&](const std::string&) { return ::stat(path.c_str(), &file) == 0; }))
    return false;
  // A line of /proc/locks: "1: FLOCK  ADVISORY  WRITE 4242 08:01:123456 0 EOF" (pid, then major:minor:inode).
  const std::string holder = " " + std::to_string(pid) + " ";
  const std::string inode = ":" + std::to_string(file.st_ino) + " ";
  return wait_while_alive(pid, [&](const std::string&) {
    std::istringstream locks(read_file("/proc/locks"));
    for (std::string line; std::getline(locks, line);)
      if (line.find("FLOCK") != std::string::npos && line.find(holder) != std::string::npos && line.find(inode) != std::string::npos)
        return true;
    return false;
  });
}

CliResult run_volley(const std::string& arguments, const std::string& directory) {
  static int counter = 0;
  const std::string dir = directory.empty() ? scratch_directory() : directory;
  const std::string base = scratch_directory() + "/cli" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
  const std::string command =
      "cd '" + dir + "' && '" VOLLEY_BINARY "' " + arguments + " >'" + base + ".out' 2>'" + base + ".err' </dev/null";
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
