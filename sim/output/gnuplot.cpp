#include "sim/output/gnuplot.hpp"

#include "sim/output/atomic_file.hpp"
#include "sim/record/mpi_world.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace volley {

namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string full_script(const std::vector<Datablock>& data, const std::string& terminal, const std::string& output,
                        const std::string& script) {
  // The output is volley's own temporary file name (/tmp/volley-plot-XXXXXX.png): no quote in it.
  std::string text = terminal + "\nset output '" + output + "'\n";
  for (const auto& block : data)
    text += "$" + block.name + " << EOD\n" + block.rows + (block.rows.empty() || block.rows.back() == '\n' ? "" : "\n") + "EOD\n";
  return text + script + "\nunset output\n";
}

// The gnuplot program on PATH, or empty.
std::string find_gnuplot() {
  const char* path = std::getenv("PATH");
  std::string dirs = path != nullptr ? path : "/usr/bin:/bin";
  size_t start = 0;
  while (start <= dirs.size()) {
    const size_t colon = dirs.find(':', start);
    std::string dir = dirs.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
    if (dir.empty()) dir = ".";
    const std::string candidate = dir + "/gnuplot";
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    if (colon == std::string::npos) break;
    start = colon + 1;
  }
  return {};
}

// gnuplot is started directly (no shell between: the script is its only input) in a process group
// of its own, so the terminal's Ctrl-C, which stops the trials, does not kill the drawing of the
// results that the run then writes. Its stderr goes to a temporary file for the message.
void run_gnuplot(const std::string& text) {
  const std::string program = find_gnuplot();
  if (program.empty()) throw std::runtime_error("gnuplot: not found on PATH (install gnuplot-nox)");
  char log_name[] = "/tmp/volley-gnuplot-XXXXXX";
  const int log_fd = ::mkstemp(log_name);
  if (log_fd < 0) throw std::runtime_error("gnuplot: cannot create a temporary file");
  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0) {
    ::close(log_fd);
    ::unlink(log_name);
    throw std::runtime_error("gnuplot: cannot create a pipe");
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, log_fd, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, log_fd, STDERR_FILENO);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGTERM);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setpgroup(&attributes, 0);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);
  char* argv[] = {const_cast<char*>("gnuplot"), nullptr};
  pid_t child = -1;
  const int spawned = ::posix_spawn(&child, program.c_str(), &actions, &attributes, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  ::close(pipe_fds[0]);
  ::close(log_fd);
  if (spawned != 0) {
    ::close(pipe_fds[1]);
    ::unlink(log_name);
    throw std::runtime_error("gnuplot: cannot start " + program);
  }
  // A gnuplot that exits early must not kill volley with SIGPIPE: the write fails instead.
  struct sigaction ignore {
  }, previous{};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  ::sigaction(SIGPIPE, &ignore, &previous);
  for (size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(pipe_fds[1], text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;  // a signal while drawing: keep drawing
    if (n <= 0) break;
    done += static_cast<size_t>(n);
  }
  ::close(pipe_fds[1]);
  int status = 0;
  while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  ::sigaction(SIGPIPE, &previous, nullptr);
  std::ifstream log(log_name);
  std::stringstream message;
  message << log.rdbuf();
  ::unlink(log_name);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) throw std::runtime_error("gnuplot failed: " + message.str());
}

}  // namespace

size_t GnuplotTexts::index(const std::string& text) {
  std::string line = "|";
  for (char c : text) line += (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) ? ' ' : c;
  lines_ += line + "\n";
  return ++count_;
}

std::string GnuplotTexts::expression(const std::string& text) { return "$texts[" + std::to_string(index(text)) + "][2:]"; }

std::string gnuplot_terminal(const std::string& path, int width, int height) {
  const std::string size = " size " + std::to_string(width) + "," + std::to_string(height);
  if (ends_with(path, ".png")) return "set terminal pngcairo noenhanced font 'sans,10'" + size;
  if (ends_with(path, ".svg")) return "set terminal svg noenhanced font 'sans,10'" + size;
  throw std::invalid_argument("--plot " + path + ": expected a .png or .svg file name");
}

void check_plot_path(const std::string& path) {
  (void)gnuplot_terminal(path, 1, 1);
  check_gnuplot("--plot");
  check_writable(path, "--plot");
}

void check_gnuplot(const std::string& option) {
  if (find_gnuplot().empty())
    throw std::invalid_argument(option + ": gnuplot is not installed or not on PATH (Debian: gnuplot-nox); it draws the plots");
}

namespace {
// gnuplot draws into a temporary file, whose bytes are returned; `extension` is ".png" or ".svg".
std::string render_to_bytes(const std::vector<Datablock>& data, const std::string& script, const std::string& extension, int width,
                            int height) {
  char name[] = "/tmp/volley-plot-XXXXXX.xxx";
  std::copy(extension.begin(), extension.end(), name + sizeof(name) - 1 - extension.size());
  const int fd = ::mkstemps(name, static_cast<int>(extension.size()));
  if (fd < 0) throw std::runtime_error("cannot create a temporary file for a plot");
  ::close(fd);
  try {
    run_gnuplot(full_script(data, gnuplot_terminal(name, width, height), name, script));
  } catch (...) {
    ::unlink(name);
    throw;
  }
  std::ifstream in(name, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  ::unlink(name);
  return bytes.str();
}
}  // namespace

void render_gnuplot(const std::vector<Datablock>& data, const std::string& script, const std::string& output, int width, int height) {
  if (mpi_world().rank != 0) return;              // rank 0 draws
  (void)gnuplot_terminal(output, width, height);  // a .png or .svg name
  // Written as every output is (sim/output/atomic_file.hpp): whole or not at all, through a link.
  write_file_atomically(output, render_to_bytes(data, script, ends_with(output, ".png") ? ".png" : ".svg", width, height));
}

std::string render_gnuplot_svg(const std::vector<Datablock>& data, const std::string& script, int width, int height) {
  return render_to_bytes(data, script, ".svg", width, height);
}

}  // namespace volley
