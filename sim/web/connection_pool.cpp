#include "sim/web/connection_pool.hpp"

namespace volley {

namespace {

// Per thread because a connection runs on one thread from start to end: its duty travels with it.
// No random state lives here; the trials' randomness is a function of their index alone.
thread_local ConnectionPool::Duty current_duty = ConnectionPool::Duty::Serve;

// Runs one connection with a duty; a connection never lets an exception reach the pool's thread
// (httplib's own handlers catch theirs; this is the last guard of the process).
void run_as(ConnectionPool::Duty duty, const std::function<void()>& connection) {
  current_duty = duty;
  try {
    connection();
  } catch (...) {
  }
  current_duty = ConnectionPool::Duty::Serve;
}

}  // namespace

ConnectionPool::ConnectionPool(size_t threads, size_t refusals_waiting) : refusals_waiting_(refusals_waiting) {
  threads_.reserve(threads);
  for (size_t i = 0; i < threads; ++i) threads_.emplace_back([this] { work(Duty::Serve); });
  refuser_ = std::thread([this] { work(Duty::Refuse); });
}

ConnectionPool::~ConnectionPool() { shutdown(); }

ConnectionPool::Duty ConnectionPool::duty() { return current_duty; }

void ConnectionPool::enqueue(std::function<void()> connection) {
  std::unique_lock lock(mutex_);
  // Every waiting connection has a thread of its own, or it is refused.
  if (busy_ + connections_.size() < threads_.size()) {
    connections_.push_back(std::move(connection));
    work_.notify_one();
  } else if (refusals_.size() < refusals_waiting_) {
    refusals_.push_back(std::move(connection));
    refusal_.notify_one();
  } else {
    lock.unlock();
    run_as(Duty::RefuseAtOnce, connection);
  }
}

void ConnectionPool::shutdown() {
  {
    std::lock_guard lock(mutex_);
    if (shutting_down_) return;
    shutting_down_ = true;
  }
  work_.notify_all();
  refusal_.notify_all();
  for (auto& t : threads_) t.join();
  refuser_.join();
}

void ConnectionPool::work(Duty duty) {
  auto& queue = duty == Duty::Serve ? connections_ : refusals_;
  auto& ready = duty == Duty::Serve ? work_ : refusal_;
  for (;;) {
    std::function<void()> connection;
    {
      std::unique_lock lock(mutex_);
      ready.wait(lock, [&] { return !queue.empty() || shutting_down_; });
      if (queue.empty()) return;
      connection = std::move(queue.front());
      queue.pop_front();
      if (duty == Duty::Serve) ++busy_;
    }
    run_as(duty, connection);
    if (duty == Duty::Serve) {
      std::lock_guard lock(mutex_);
      --busy_;
    }
  }
}

}  // namespace volley
