#pragma once
// Output files are written whole or not at all: to a temporary file beside the target, flushed, then
// renamed over it (rename is atomic on POSIX), so an interrupted or failed run never leaves a
// half-written result. check_writable() runs before a long run starts, so an unwritable path is an
// error in the first second, not after an hour.
#include <string>

namespace volley {

// Throws std::invalid_argument naming the option and path if `path` cannot be created or replaced.
void check_writable(const std::string& path, const std::string& option);

// Writes `content` to `path` atomically; throws std::runtime_error naming the path on failure.
void write_file_atomically(const std::string& path, const std::string& content);

}  // namespace volley
