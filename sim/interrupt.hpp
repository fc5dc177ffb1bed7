#pragma once
// SIGINT and SIGTERM during a run: the handler only raises a lock-free flag, which the driver reads at
// every block boundary; the run then stops with whole blocks tallied and its outputs are written,
// marked partial (issue 8). A second signal while stopping restores the default action, so a stuck
// process can still be killed.
#include <atomic>

namespace volley {

// The flag the driver polls (RunPlan::stop). Installs the handlers on first call.
const std::atomic<bool>* install_interrupt_handlers();
bool interrupted();
// The signal that stopped the run (0 if none).
int interrupt_signal();

}  // namespace volley
