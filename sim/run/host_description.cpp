#include "sim/run/host_description.hpp"

#include <fstream>
#include <thread>

namespace volley {

std::string host_description() {
  std::string model = "unknown processor";
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);) {
    if (line.rfind("model name", 0) != 0) continue;
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    const auto start = line.find_first_not_of(" \t", colon + 1);
    if (start != std::string::npos) model = line.substr(start);
    break;
  }
  const unsigned cores = std::thread::hardware_concurrency();
  return model + ", " + (cores > 0 ? std::to_string(cores) : std::string("an unknown number of")) + " logical cores";
}

}  // namespace volley
