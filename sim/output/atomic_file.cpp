#include "sim/output/atomic_file.hpp"

#include "sim/record/mpi_world.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace volley {

namespace fs = std::filesystem;

namespace {

// Where the bytes go: the file a symbolic link names, followed link by link, whether or not that
// file exists yet (weakly_canonical stops at a dangling link, so `--json a --csv link-to-a` was not
// seen as one file before `a` existed), or the path itself.
std::string write_target(const std::string& path) {
  std::error_code ec;
  fs::path p = path;
  for (int depth = 0; depth < 40 && fs::is_symlink(p, ec); ++depth) {
    const fs::path next = fs::read_symlink(p, ec);
    if (ec) break;
    p = next.is_absolute() ? next : p.parent_path() / next;
  }
  if (p == fs::path(path)) return path;
  const fs::path resolved = fs::weakly_canonical(p, ec);
  return ec ? p.string() : resolved.string();
}

// The standard stream a path names (/dev/stdout, /dev/fd/1, /proc/self/fd/2, ...), or -1. Such an
// output is written to the process's own descriptor, in place, whatever it points at: with
// `--json /dev/stdout >> log` it is the log, opened for appending, which renaming a finished file
// over /dev/stdout's target replaced whole.
int standard_stream(const std::string& path) {
  for (int fd : {STDOUT_FILENO, STDERR_FILENO}) {
    const std::string n = std::to_string(fd);
    for (const std::string& name : {std::string(fd == STDOUT_FILENO ? "/dev/stdout" : "/dev/stderr"), "/dev/fd/" + n, "/proc/self/fd/" + n,
                                    "/proc/" + std::to_string(::getpid()) + "/fd/" + n})
      if (path == name) return fd;
  }
  return -1;
}

std::string temporary_beside(const std::string& path) { return path + ".tmp." + std::to_string(::getpid()); }

// A character device or FIFO: written in place (it cannot be renamed over).
bool is_stream(const struct stat& st) { return S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode); }

void write_all(int fd, const std::string& content, const std::string& path, const std::string& cleanup, bool close_on_error = true) {
  size_t written = 0;
  while (written < content.size()) {
    const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      const std::string reason = std::strerror(errno);
      if (close_on_error) ::close(fd);
      if (!cleanup.empty()) ::unlink(cleanup.c_str());
      throw std::runtime_error(path + ": write failed (" + reason + ")");
    }
    written += static_cast<size_t>(n);
  }
}

}  // namespace

void check_writable(const std::string& path, const std::string& option) {
  if (path.empty()) throw std::invalid_argument(option + ": empty path");
  auto refuse = [&](const std::string& why) { throw std::invalid_argument(option + " " + path + ": " + why); };
  if (const int fd = standard_stream(path); fd >= 0) {
    if (::fcntl(fd, F_GETFL) < 0) refuse("the stream is closed");
    return;  // written in place
  }
  const std::string target = write_target(path);
  struct stat st {};
  if (::stat(target.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) refuse("is a directory");
    if (is_stream(st)) {
      if (::access(target.c_str(), W_OK) != 0) refuse("cannot write there (" + std::string(std::strerror(errno)) + ")");
      return;  // written in place
    }
    if (!S_ISREG(st.st_mode)) refuse("is not a regular file, a device or a FIFO");
    // The rename below would replace a read-only file whenever its directory is writable.
    if (::access(target.c_str(), W_OK) != 0) refuse("is read-only (" + std::string(std::strerror(errno)) + "); it is not replaced");
  }
  // Probe with the very temporary file the final write will use: same directory, same permissions.
  const std::string probe = temporary_beside(target);
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
  if (fd < 0) refuse("cannot write there (" + std::string(std::strerror(errno)) + ")");
  ::close(fd);
  ::unlink(probe.c_str());
}

void write_file_atomically(const std::string& path, const std::string& content) {
  if (mpi_world().rank != 0) return;  // under mpirun every rank holds the same result; rank 0 writes it
  if (const int fd = standard_stream(path); fd >= 0) {
    // After what volley printed there itself, in order.
    std::fflush(fd == STDOUT_FILENO ? stdout : stderr);
    write_all(fd, content, path, "", false);
    return;
  }
  const std::string target = write_target(path);
  struct stat st {};
  if (::stat(target.c_str(), &st) == 0 && is_stream(st)) {
    const int fd = ::open(target.c_str(), O_WRONLY);
    if (fd < 0) throw std::runtime_error(path + ": cannot write (" + std::string(std::strerror(errno)) + ")");
    write_all(fd, content, path, "");
    ::close(fd);
    return;
  }
  const std::string tmp = temporary_beside(target);
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) throw std::runtime_error(path + ": cannot write (" + std::strerror(errno) + ")");
  write_all(fd, content, path, tmp);
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    ::unlink(tmp.c_str());
    throw std::runtime_error(path + ": write failed (" + std::string(std::strerror(errno)) + ")");
  }
  if (std::rename(tmp.c_str(), target.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    ::unlink(tmp.c_str());
    throw std::runtime_error(path + ": cannot replace (" + reason + ")");
  }
}

void check_output_paths(const std::vector<OutputPath>& outputs, const std::vector<std::string>& inputs) {
  // Two names of one file: the same after resolving links and relative parts (the file need not
  // exist yet).
  auto same_file = [](const std::string& a, const std::string& b) {
    std::error_code ea, eb;
    const fs::path pa = fs::weakly_canonical(fs::absolute(write_target(a), ea), ea),
                   pb = fs::weakly_canonical(fs::absolute(write_target(b), eb), eb);
    return !ea && !eb && pa == pb;
  };
  auto is_stream_path = [](const std::string& p) {
    struct stat st {};
    return standard_stream(p) >= 0 || (::stat(p.c_str(), &st) == 0 && is_stream(st));
  };
  for (size_t i = 0; i < outputs.size(); ++i) {
    const OutputPath& out = outputs[i];
    if (out.path.empty()) continue;
    check_writable(out.path, out.option);
    if (is_stream_path(out.path)) continue;  // /dev/stdout for two outputs is the user's choice
    for (const std::string& in : inputs)
      if (!in.empty() && same_file(out.path, in))
        throw std::invalid_argument(out.option + " " + out.path + ": is an input of this command; writing it would destroy it");
    for (size_t j = 0; j < i; ++j)
      if (!outputs[j].path.empty() && same_file(out.path, outputs[j].path))
        throw std::invalid_argument(out.option + " " + out.path + ": the same file as " + outputs[j].option +
                                    "; one would overwrite the other");
  }
}

}  // namespace volley
