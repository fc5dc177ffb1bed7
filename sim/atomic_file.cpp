#include "sim/atomic_file.hpp"

#include "sim/mpi_world.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <stdexcept>
#include <unistd.h>

namespace volley {

namespace {
std::string temporary_beside(const std::string& path) {
  return path + ".tmp." + std::to_string(::getpid());
}
}  // namespace

void check_writable(const std::string& path, const std::string& option) {
  namespace fs = std::filesystem;
  if (path.empty()) throw std::invalid_argument(option + ": empty path");
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw std::invalid_argument(option + " " + path + ": is a directory");
  // Probe with the very temporary file the final write will use: same directory, same permissions.
  const std::string probe = temporary_beside(path);
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
  if (fd < 0) throw std::invalid_argument(option + " " + path + ": cannot write there (" + std::strerror(errno) + ")");
  ::close(fd);
  ::unlink(probe.c_str());
}

void write_file_atomically(const std::string& path, const std::string& content) {
  if (mpi_world().rank != 0) return;  // under mpirun every rank holds the same result; rank 0 writes it
  const std::string tmp = temporary_beside(path);
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) throw std::runtime_error(path + ": cannot write (" + std::strerror(errno) + ")");
  size_t written = 0;
  while (written < content.size()) {
    const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      const std::string reason = std::strerror(errno);
      ::close(fd);
      ::unlink(tmp.c_str());
      throw std::runtime_error(path + ": write failed (" + reason + ")");
    }
    written += static_cast<size_t>(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    ::unlink(tmp.c_str());
    throw std::runtime_error(path + ": write failed (" + std::string(std::strerror(errno)) + ")");
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    ::unlink(tmp.c_str());
    throw std::runtime_error(path + ": cannot replace (" + reason + ")");
  }
}

}  // namespace volley
