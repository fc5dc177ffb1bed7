// `volley serve` in the `volley` executable: it replaces this process with `volley-serve`, the same
// program with the web server linked in, found beside this executable. The web library brings the
// TLS, zlib and Brotli libraries, whose loading and start-up (OpenSSL's initialisation, some 12,000
// relocations) every other command would pay for nothing; in an executable of its own, only `serve`
// loads them. The process, its id and its signals stay those of the command the user started.
#include "sim/cli/commands.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

namespace volley {

int command_serve(const Args& args) {
  std::error_code error;
  std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) self = "volley";
  const std::string server = self.replace_filename("volley-serve").string();
  std::vector<std::string> words{server, "serve"};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  execv(server.c_str(), argv.data());
  throw std::runtime_error("cannot start the server's executable " + server +
                           " (built beside volley by the target volley-serve): " + std::strerror(errno));
}

}  // namespace volley
