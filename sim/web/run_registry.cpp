#include "sim/web/run_registry.hpp"

namespace volley {

std::optional<RunRegistry::Ticket> RunRegistry::begin(const std::string& client) {
  std::lock_guard lock(mutex_);
  if (!client.empty())
    for (auto& [id, run] : runs_)
      if (run.client == client && !run.stop->exchange(true)) ++cancelled_;
  // A client's previous run still counts until its stream ends (at its next block boundary).
  if (runs_.size() >= max_runs_) return std::nullopt;
  Ticket t{next_id_++, client, std::make_shared<std::atomic<bool>>(false)};
  runs_.emplace(t.id, t);
  ++started_;
  return t;
}

void RunRegistry::end(const Ticket& ticket) {
  std::lock_guard lock(mutex_);
  runs_.erase(ticket.id);
}

size_t RunRegistry::stop_client(const std::string& client) {
  std::lock_guard lock(mutex_);
  size_t n = 0;
  for (auto& [id, run] : runs_)
    if (run.client == client && !run.stop->exchange(true)) {
      ++n;
      ++cancelled_;
    }
  return n;
}

size_t RunRegistry::stop_run(uint64_t id) {
  std::lock_guard lock(mutex_);
  const auto it = runs_.find(id);
  if (it == runs_.end() || it->second.stop->exchange(true)) return 0;
  ++cancelled_;
  return 1;
}

void RunRegistry::stop_all() {
  std::lock_guard lock(mutex_);
  for (auto& [id, run] : runs_) run.stop->store(true);
}

size_t RunRegistry::active() const {
  std::lock_guard lock(mutex_);
  return runs_.size();
}

uint64_t RunRegistry::started() const {
  std::lock_guard lock(mutex_);
  return started_;
}

uint64_t RunRegistry::cancelled() const {
  std::lock_guard lock(mutex_);
  return cancelled_;
}

}  // namespace volley
