#include "sim/run/interrupt.hpp"

#include <csignal>

namespace volley {

namespace {
std::atomic<bool> stop_flag{false};
std::atomic<int> stop_signal{0};
static_assert(std::atomic<bool>::is_always_lock_free, "the flag is set from a signal handler");

// A second signal while the command stops ends it at once, by the signal's default action: a
// process that would not stop (a slow drawing, a stuck disk) still ends on the user's second Ctrl-C.
// signal() and raise() are async-signal-safe.
extern "C" void on_stop_signal(int signal) {
  if (stop_flag.load(std::memory_order_relaxed)) {
    std::signal(signal, SIG_DFL);
    std::raise(signal);
    return;
  }
  stop_signal.store(signal, std::memory_order_relaxed);
  stop_flag.store(true, std::memory_order_relaxed);
}
}  // namespace

const std::atomic<bool>* install_interrupt_handlers() {
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  return &stop_flag;
}

bool interrupted() { return stop_flag.load(std::memory_order_relaxed); }
int interrupt_signal() { return stop_signal.load(std::memory_order_relaxed); }
int interrupted_exit_code() { return 128 + (interrupt_signal() != 0 ? interrupt_signal() : SIGINT); }
int trials_exit_code(bool partial) { return partial || interrupt_signal() != 0 ? interrupted_exit_code() : 0; }

}  // namespace volley
