#pragma once
// Output files are written whole or not at all: to a temporary file beside the target, flushed, then
// renamed over it (rename is atomic on POSIX), so an interrupted or failed run never leaves a
// half-written result. check_writable() runs before a long run starts, so an unwritable path is an
// error in the first second, not after an hour.
//
// What is at the path is respected: a symbolic link is written through (the file it names is
// replaced, the link stays); a read-only file is refused, not replaced; a character device or a FIFO
// (/dev/stdout, a pipe) is written to directly, since it cannot be replaced; a standard stream
// (/dev/stdout, /dev/stderr, /dev/fd/1, /proc/self/fd/2) is written to the process's own descriptor
// in place, whatever it points at (`--json /dev/stdout >> log` appends to the log); any other kind
// of file (a directory, a socket, a block device) is refused.
#include <string>
#include <vector>

namespace volley {

// Throws std::invalid_argument naming the option and path if `path` cannot be created or replaced.
void check_writable(const std::string& path, const std::string& option);

// Writes `content` to `path` atomically; throws std::runtime_error naming the path on failure.
void write_file_atomically(const std::string& path, const std::string& content);

// An output a command will write: the option that names it and its path (empty: not asked for).
struct OutputPath {
  std::string option;
  std::string path;
};

// Before any work, refuses (std::invalid_argument naming the options and paths): an output that
// cannot be written (check_writable), two outputs on one file, and an output on one of `inputs`
// (the scenario file, the files to merge), which writing it would destroy.
void check_output_paths(const std::vector<OutputPath>& outputs, const std::vector<std::string>& inputs);

}  // namespace volley
