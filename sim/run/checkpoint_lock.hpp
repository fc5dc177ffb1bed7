#pragma once
// A checkpoint belongs to one run: two runs given the same --checkpoint file overwrote
// each other's progress, and --resume then continued the other run without a word. A run that saves
// checkpoints holds an exclusive lock (flock) on FILE.lock beside the checkpoint for as long as it
// runs; a second run on the same file is refused at once, before its first trial. The kernel drops
// the lock when the process ends, however it ends (kill -9 included), so a stale lock file never
// blocks a resume; the file itself is left in place (removing it would race with a new holder).
#include <string>

namespace volley {

class CheckpointLock {
 public:
  CheckpointLock() = default;
  // Takes the lock of `checkpoint` (empty: none). Throws std::invalid_argument naming `option` and
  // the file when another process holds it, or when the lock file cannot be created.
  CheckpointLock(const std::string& checkpoint, const std::string& option);
  ~CheckpointLock();
  CheckpointLock(const CheckpointLock&) = delete;
  CheckpointLock& operator=(const CheckpointLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace volley
