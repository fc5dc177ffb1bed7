#pragma once
// SIGINT and SIGTERM during a run: the handler only raises a lock-free flag, which the driver reads at
// every block boundary; the run then stops with whole blocks tallied and its outputs are written,
// marked partial. A second signal while stopping ends the process by the signal's default
// action, so a stuck process can still be killed.
//
// This is the one mechanism of every command that plays trials (run, compare, sweep, tune,
// sensitivity, dice --simulate): each installs the handlers before its first trial, stops
// at the next block boundary, writes every requested output with what it completed, marks it
// partial (the JSON says which blocks, points, values or parameters are done; the printed text and
// the report say PARTIAL), and exits interrupted_exit_code(). A signal after the last block leaves the result
// complete (not marked partial); the command still writes every output and exits 128 + the signal
// (trials_exit_code). gnuplot runs in a process group of its own (sim/output/gnuplot.cpp), so the
// terminal's Ctrl-C while plots are drawn does not kill the drawing.
#include <atomic>
#include <stdexcept>

namespace volley {

// The flag the driver polls (RunPlan::stop). Installs the handlers on first call.
const std::atomic<bool>* install_interrupt_handlers();
bool interrupted();
// The signal that stopped the run (0 if none).
int interrupt_signal();
// The exit code of a command whose work was cut short by a signal: 128 + the signal (130 for
// SIGINT, 143 for SIGTERM; 130 for the --stop-after-blocks test hook, which raises none).
int interrupted_exit_code();
// The exit code at the end of a command that plays trials: interrupted_exit_code() when its work is
// partial, and also when a signal came after the last trial (while the outputs were written or the
// plots drawn: the result is complete and says so, but the caller asked to stop, and a script's loop
// stops as it would for any program the signal ended); else 0.
int trials_exit_code(bool partial);

// Thrown where a step of a search cannot use a partial result (tune's values: a partial value would
// bias the fit); the command catches it, writes what it completed and exits interrupted_exit_code().
struct Interrupted : std::runtime_error {
  Interrupted() : std::runtime_error("interrupted") {}
};

}  // namespace volley
