#pragma once
// The machine a figure was measured on, as `volley bench` prints it beside its speeds: the processor's
// model name (Linux's /proc/cpuinfo) and the logical cores the system reports
// (std::thread::hardware_concurrency, which may count cores this process is not allowed to use).
#include <string>

namespace volley {

// "Intel(R) Xeon(R) Processor, 2 logical cores"; "unknown processor, ..." where /proc/cpuinfo has no
// model name.
std::string host_description();

}  // namespace volley
