#pragma once
// The runs `volley serve` has in flight, each with its own stop flag (the driver's RunPlan::stop, as
// a signal raises it for `volley run`). A page names itself with a client id: its new run cancels its
// previous one, and POST /api/stop stops its run. The registry also caps how many runs play at once.
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace volley {

class RunRegistry {
 public:
  explicit RunRegistry(size_t max_runs) : max_runs_(max_runs) {}

  struct Ticket {
    uint64_t id = 0;
    std::string client;
    std::shared_ptr<std::atomic<bool>> stop;
  };
  // Registers a run, first raising the stop flag of the client's previous run (when `client` is not
  // empty). None when max_runs are already in flight.
  std::optional<Ticket> begin(const std::string& client);
  // The run has ended: forget it.
  void end(const Ticket& ticket);
  // Raise the stop flag of the client's run, or of run `id`; how many runs were told to stop.
  size_t stop_client(const std::string& client);
  size_t stop_run(uint64_t id);
  void stop_all();
  size_t active() const;

  // Counters since start, for the load test and GET /api/status.
  uint64_t started() const;
  uint64_t cancelled() const;

 private:
  // A lock, off the hot path: HTTP handler threads register and stop runs a few times a second; the
  // trials themselves only read their own stop flag.
  mutable std::mutex mutex_;
  size_t max_runs_;
  uint64_t next_id_ = 1;
  uint64_t started_ = 0;
  uint64_t cancelled_ = 0;
  std::map<uint64_t, Ticket> runs_;
};

}  // namespace volley
