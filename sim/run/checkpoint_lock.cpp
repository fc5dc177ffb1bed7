#include "sim/run/checkpoint_lock.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/file.h>
#include <unistd.h>

namespace volley {

CheckpointLock::CheckpointLock(const std::string& checkpoint, const std::string& option) {
  if (checkpoint.empty()) return;
  const std::string lock = checkpoint + ".lock";
  fd_ = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0)
    throw std::invalid_argument(option + " " + checkpoint + ": cannot create its lock file " + lock + " (" + std::strerror(errno) + ")");
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int error = errno;
    ::close(fd_);
    fd_ = -1;
    if (error == EWOULDBLOCK)
      throw std::invalid_argument(option + " " + checkpoint + ": another run is saving its checkpoint there (" + lock +
                                  " is locked); give each run a checkpoint file of its own");
    throw std::invalid_argument(option + " " + checkpoint + ": cannot lock " + lock + " (" + std::strerror(error) + ")");
  }
}

CheckpointLock::~CheckpointLock() {
  if (fd_ >= 0) ::close(fd_);  // closing drops the lock
}

}  // namespace volley
